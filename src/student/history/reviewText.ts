import { REVIEW_ITEM_LABELS, REVIEW_ITEMS, REVIEW_TIMES, type ReviewItem, type ReviewMatrix, type ReviewTime } from '../../schemas/quizzes';

/** The first of the three times, from `from` on, at which the quiz's review options show `item`; null: never. */
export function whenShown(matrix: ReviewMatrix, item: ReviewItem, from: ReviewTime = 'immediately'): ReviewTime | null {
  return REVIEW_TIMES.slice(REVIEW_TIMES.indexOf(from)).find((time) => matrix[time][item]) ?? null;
}

const WHEN: Record<ReviewTime, string> = {
  immediately: 'right after submitting',
  open: 'from 2 minutes after submitting',
  closed: 'once the quiz has closed for everyone',
};

/** The instruction page's line on what the student will see of an attempt, and when. */
export function reviewSummary(matrix: ReviewMatrix): string {
  const marks = whenShown(matrix, 'marks');
  const right = whenShown(matrix, 'rightAnswer');
  if (right === null) return marks === 'immediately' ? 'Only your marks are shown' : marks === null ? 'Your marks and the correct answers are not shown' : `Your marks are shown ${WHEN[marks]}; the correct answers are not shown`;
  if (right === 'immediately' && (marks === 'immediately' || marks === null)) return 'You will see the correct answers in your analysis right after submitting';
  if (marks === 'immediately' && right === 'closed') return 'You will see your marks right after submitting, and the correct answers once the quiz has closed for everyone';
  return `You will see ${marks === null ? 'no marks' : `your marks ${WHEN[marks]}`}, and the correct answers ${WHEN[right]}`;
}

/**
 * The analysis page's note on what the review options hide now: each hidden part with when it
 * shows ("Marks: once the quiz has closed for everyone"), or that it is not shown for this quiz.
 */
export function hiddenNotes(matrix: ReviewMatrix, now: ReviewTime): string[] {
  return REVIEW_ITEMS.filter((item) => !matrix[now][item]).map((item) => {
    const next = whenShown(matrix, item, now);
    return `${REVIEW_ITEM_LABELS[item]}: ${next === null ? 'not shown for this quiz' : `shown ${WHEN[next]}`}`;
  });
}
