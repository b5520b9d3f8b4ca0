/**
 * Where a quiz stands, from its publish flag and its window:
 * - draft: not published, so students do not see it;
 * - upcoming: published, before valid_from (students may see it from visible_from);
 * - open: published, from valid_from until valid_to;
 * - closed: published, from valid_to on.
 */
export const QUIZ_STATES = ['draft', 'upcoming', 'open', 'closed'] as const;
export type QuizState = (typeof QUIZ_STATES)[number];

export const QUIZ_STATE_LABELS: Record<QuizState, string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  open: 'Open',
  closed: 'Closed',
};

export const QUIZ_STATE_COLORS: Record<QuizState, 'default' | 'info' | 'success'> = {
  draft: 'default',
  upcoming: 'info',
  open: 'success',
  closed: 'default',
};

export interface QuizTiming {
  published?: boolean | null;
  valid_from?: string | number | null;
  valid_to?: string | number | null;
}

const timeOf = (value: string | number | null | undefined): number =>
  value === null || value === undefined || value === '' ? Number.NaN : typeof value === 'number' ? value : Date.parse(value);

/** The state at `now` (epoch ms). A published quiz without a valid window counts as upcoming. */
export function quizStateOf(quiz: QuizTiming, now: number = Date.now()): QuizState {
  if (!quiz.published) return 'draft';
  const from = timeOf(quiz.valid_from);
  const to = timeOf(quiz.valid_to);
  if (Number.isNaN(from) || now < from) return 'upcoming';
  if (Number.isNaN(to) || now < to) return 'open';
  return 'closed';
}
