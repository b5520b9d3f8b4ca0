import { matchingNumericAnswer, matchingShortAnswer, type AnswerKey } from './grading';
import { clozeParts, matchingParts, type ReviewPart } from '../../src/schemas/reviewParts';

/** What the review shows a student about one answer: the feedback of what they answered, and the question's general feedback. */
export interface ReviewFeedback {
  /** Feedback of the chosen options (in the order shown), of True or False, or of the short or numeric answer that matched. */
  answer: string[];
  general?: string;
  /** Moodle's combined feedback for the marks earned: correct (all), partially correct (some), incorrect (none). */
  combined?: string;
  /** Matching and Cloze: each subquestion or gap, right or wrong, with its right answer, feedback and (gaps) marks. */
  parts?: ReviewPart[];
}

/** What of the paper's question the parts need: the stems and choices of a matching question, and its marks. */
export interface PaperShown {
  marks: number;
  stems?: readonly { id: string; text: string }[];
  choices?: readonly { id: string; text: string }[];
}

/**
 * The feedback a response earns, as Moodle shows it in a review: each chosen option's feedback, the
 * feedback of the answer True or False, the feedback of the first short or numeric answer that matched
 * (the one that gave the marks); for matching and Cloze each subquestion or gap (`parts`); and the
 * general feedback whatever the response. Undefined when there is none.
 */
export function reviewFeedback(key: AnswerKey, response: unknown, optionOrder: readonly string[] = [], paper?: PaperShown, marksGained?: number | null): ReviewFeedback | undefined {
  const answer: string[] = [];
  const byOption = key.feedback?.options ?? {};
  if ((key.type === 'single' && typeof response === 'string') || (key.type === 'multiple' && Array.isArray(response))) {
    const chosen = new Set((Array.isArray(response) ? response : [response]).map(String));
    const order = optionOrder.length ? optionOrder : [...chosen];
    for (const id of order) if (chosen.has(id) && byOption[id]) answer.push(byOption[id]);
  } else if (key.type === 'true_false' && typeof response === 'boolean') {
    const text = response ? key.feedback?.true : key.feedback?.false;
    if (text) answer.push(text);
  } else if (key.type === 'short_answer') {
    const i = matchingShortAnswer(key, response);
    const text = i < 0 ? undefined : key.shortAnswers?.[i].feedback;
    if (text) answer.push(text);
  } else if (key.type === 'numeric') {
    const i = matchingNumericAnswer(key, response);
    const text = i < 0 ? undefined : key.numericAnswers?.[i].feedback;
    if (text) answer.push(text);
  }
  const general = key.feedback?.general;
  const parts =
    key.type === 'matching' && paper?.stems
      ? matchingParts(paper.stems, paper.choices ?? [], key.matchRight ?? {}, response)
      : key.type === 'cloze' && key.clozeGaps
        ? clozeParts(key.clozeGaps, response, paper?.marks ?? key.marks)
        : undefined;
  const combined = combinedFeedback(key, marksGained, paper?.marks ?? key.marks);
  if (!answer.length && !general && !parts && !combined) return undefined;
  return { answer, ...(general ? { general } : {}), ...(combined ? { combined } : {}), ...(parts ? { parts } : {}) };
}

/**
 * Moodle's rule for combined feedback: correct when the response earned full marks, partially
 * correct when some but not all, incorrect when none. An answer not graded yet gets none.
 */
export function combinedFeedback(key: AnswerKey, marksGained: number | null | undefined, marks: number): string | undefined {
  if (typeof marksGained !== 'number') return undefined;
  const text = marksGained >= marks - 1e-9 ? key.feedback?.correct : marksGained > 1e-9 ? key.feedback?.partiallyCorrect : key.feedback?.incorrect;
  return text || undefined;
}
