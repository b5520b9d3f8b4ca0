import type { PaperQuestion } from './paper';

/** Limits on what a student may send as one answer. */
export const SHORT_ANSWER_MAX = 500;
export const DESCRIPTIVE_MAX = 20_000;

/**
 * Checks a response against its question (DESIGN.md: an option id, a list of option ids,
 * true/false, a number, or text). null clears the answer. Returns the message when invalid.
 */
export function responseProblem(q: { type: PaperQuestion['type']; options?: { id: string }[] }, response: unknown): string | undefined {
  if (response === null) return undefined;
  const ids = new Set((q.options ?? []).map((o) => o.id));
  switch (q.type) {
    case 'single':
      return typeof response === 'string' && ids.has(response) ? undefined : 'Choose one of the options';
    case 'multiple':
      return Array.isArray(response) && response.length <= ids.size && new Set(response).size === response.length && response.every((r) => typeof r === 'string' && ids.has(r))
        ? undefined
        : 'Choose among the options';
    case 'true_false':
      return typeof response === 'boolean' ? undefined : 'Answer true or false';
    case 'numeric':
      return typeof response === 'number' && Number.isFinite(response) ? undefined : 'Enter a number';
    case 'short_answer':
      return typeof response === 'string' && response.length <= SHORT_ANSWER_MAX ? undefined : `Enter text of at most ${SHORT_ANSWER_MAX} characters`;
    case 'descriptive':
      return typeof response === 'string' && response.length <= DESCRIPTIVE_MAX ? undefined : `Enter text of at most ${DESCRIPTIVE_MAX} characters`;
  }
}
