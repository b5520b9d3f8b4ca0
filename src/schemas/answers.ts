import type { QuestionType } from './questions';

/**
 * A student's answer as it is sent and stored (DESIGN.md: an option id, a list of option ids,
 * true/false, a number, or text; null clears it). One rule for the server, which refuses what
 * breaks it, and the exam page, which never queues what the server would refuse.
 */

/** Limits on what a student may send as one text answer. */
export const SHORT_ANSWER_MAX = 500;
export const DESCRIPTIVE_MAX = 20_000;

export const textLimitOf = (type: QuestionType): number | undefined =>
  type === 'short_answer' ? SHORT_ANSWER_MAX : type === 'descriptive' ? DESCRIPTIVE_MAX : undefined;

/** Checks a response against its question; returns the message when it is invalid. */
export function responseProblem(question: { type: QuestionType; options?: { id: string }[] }, response: unknown): string | undefined {
  if (response === null) return undefined;
  const ids = new Set((question.options ?? []).map((o) => o.id));
  switch (question.type) {
    case 'single':
      return typeof response === 'string' && ids.has(response) ? undefined : 'Choose one of the options';
    case 'multiple':
      return Array.isArray(response) && new Set(response).size === response.length && response.every((r) => typeof r === 'string' && ids.has(r))
        ? undefined
        : 'Choose among the options';
    case 'true_false':
      return typeof response === 'boolean' ? undefined : 'Answer true or false';
    case 'numeric':
      return typeof response === 'number' && Number.isFinite(response) ? undefined : 'Enter a number';
    case 'short_answer':
    case 'descriptive': {
      const max = textLimitOf(question.type)!;
      return typeof response === 'string' && response.length <= max ? undefined : `Enter text of at most ${max} characters`;
    }
  }
}
