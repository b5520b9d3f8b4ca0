/** The regrade dialog's counts, in words. */
export const wouldChangeText = (n: number) => (n === 0 ? "No attempt's marks would change" : `${n} ${n === 1 ? 'attempt' : 'attempts'} would change`);

export const regradedText = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'} regraded`;
