/** Shapes of GET /api/quizzes/{quizId}/statistics shared by the server and the analysis page. */

/** One option of a choice question in the item analysis (a distractor table row). */
export interface OptionStatistics {
  optionId: string;
  text: string;
  correct: boolean;
  /** Attempts that chose it. */
  count: number;
  /** 100 · count / attempts that saw the question. */
  percent: number | null;
  /** How many of the upper and of the lower group chose it. */
  upper: number;
  lower: number;
}
