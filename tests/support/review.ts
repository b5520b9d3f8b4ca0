import { REVIEW_ITEMS, REVIEW_TIMES, type ReviewItem, type ReviewMatrix, type ReviewTime } from '../../src/schemas/quizzes';

/** A review matrix from a rule: which item is shown at which time. */
export const reviewMatrix = (shown: (time: ReviewTime, item: ReviewItem) => boolean): ReviewMatrix =>
  Object.fromEntries(REVIEW_TIMES.map((time) => [time, Object.fromEntries(REVIEW_ITEMS.map((item) => [item, shown(time, item)]))])) as ReviewMatrix;

/** Everything shown at every time (a practice quiz: the answers right after submitting). */
export const REVIEW_EVERYTHING = reviewMatrix(() => true);
/** The attempt, whether correct and the marks, never feedback nor right answers (the old "review off"). */
export const REVIEW_MARKS_ONLY = reviewMatrix((_, item) => item === 'attempt' || item === 'correctness' || item === 'marks');
/** Nothing of a finished attempt, ever. */
export const REVIEW_NOTHING = reviewMatrix(() => false);
