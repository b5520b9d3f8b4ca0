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

/** Which attempts the statistics use, as Moodle's quiz statistics report: `?attempts=` on the statistics. */
export const STATISTICS_ATTEMPTS = ['first', 'all', 'highest', 'last'] as const;
export type StatisticsAttempts = (typeof STATISTICS_ATTEMPTS)[number];
export const STATISTICS_ATTEMPTS_LABELS: Record<StatisticsAttempts, string> = { first: 'First', all: 'All', highest: 'Highest', last: 'Last' };
export const STATISTICS_ATTEMPTS_MESSAGE = 'attempts must be first, all, highest or last';
