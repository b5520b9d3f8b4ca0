/**
 * A label as it reads inside a sentence ('Add the first …'): lower case, except the words written
 * with two capitals or more, which are acronyms ('LMS platforms' -> 'LMS platforms', 'Deployment IDs'
 * -> 'deployment IDs', 'Institutes' -> 'institutes').
 */
export const inSentence = (label: string): string => label.replace(/\S+/g, (word) => (/[A-Z].*[A-Z]/.test(word) ? word : word.toLowerCase()));
