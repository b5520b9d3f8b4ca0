import { DIFFICULTY_LABELS, type Difficulty } from './questions';

/**
 * Measured difficulty in the question bank (issue 27): the Rasch figures each bank row carries,
 * the level they put a question at, and the flags a row shows. Shared by the questions list route
 * (its `measured` filter) and the bank's screens, so both use the same cut-offs.
 */

/** Below this many logits (the subject's calibrated questions average 0) a question measures easy. */
export const MEASURED_EASY_BELOW = -0.5;
/** Above this many logits a question measures hard; between the two it measures medium. */
export const MEASURED_HARD_ABOVE = 0.5;
/** Disagreement needs the difficulty beyond the declared level's band by more than this many standard errors. */
export const DISAGREEMENT_SE = 2;
/** Outfit mean-square outside these bounds: the answers do not follow ability. */
export const MISFIT_ABOVE = 1.5;
export const MISFIT_BELOW = 0.5;

export const MEASURED_STATUSES = ['calibrated', 'too-few', 'all-correct', 'all-wrong'] as const;
export type MeasuredStatus = (typeof MEASURED_STATUSES)[number];

/** Values of the question list's `measured` filter. */
export const MEASURED_FILTERS = ['easy', 'medium', 'hard', 'uncalibrated', 'flagged'] as const;
export type MeasuredFilter = (typeof MEASURED_FILTERS)[number];
export const MEASURED_FILTER_LABELS: Record<MeasuredFilter, string> = {
  easy: 'Measured easy',
  medium: 'Measured medium',
  hard: 'Measured hard',
  uncalibrated: 'Not calibrated yet',
  flagged: 'Flagged',
};

/** The read-only calibration fields of a bank row (all null before the subject's first calibration). */
export interface MeasuredFields {
  measured_difficulty: number | null;
  measured_se: number | null;
  measured_responses: number | null;
  measured_status: MeasuredStatus | null;
  measured_outfit: number | null;
  measured_infit: number | null;
}

/** The level a difficulty in logits measures at. */
export function measuredLevel(difficulty: number): Difficulty {
  if (difficulty < MEASURED_EASY_BELOW) return 'easy';
  if (difficulty > MEASURED_HARD_ABOVE) return 'hard';
  return 'medium';
}

/** The band of logits a declared level stands for. */
const BAND: Record<Difficulty, [number, number]> = {
  easy: [-Infinity, MEASURED_EASY_BELOW],
  medium: [MEASURED_EASY_BELOW, MEASURED_HARD_ABOVE],
  hard: [MEASURED_HARD_ABOVE, Infinity],
};

/**
 * The measured level when it disagrees with the declared one: the difficulty lies outside the
 * declared level's band by more than DISAGREEMENT_SE standard errors (a question just across a
 * cut-off, within its error, is not flagged). Null when they agree or the question is not calibrated.
 */
export function disagreement(declared: Difficulty, row: Pick<MeasuredFields, 'measured_difficulty' | 'measured_se' | 'measured_status'>): Difficulty | null {
  const d = row.measured_difficulty;
  if (row.measured_status !== 'calibrated' || d === null || !BAND[declared]) return null;
  const [low, high] = BAND[declared];
  const beyond = d < low ? low - d : d > high ? d - high : 0;
  return beyond > DISAGREEMENT_SE * (row.measured_se ?? 0) && beyond > 0 ? measuredLevel(d) : null;
}

/** The outfit of a calibrated question whose answers do not follow ability. */
export const misfits = (row: Pick<MeasuredFields, 'measured_outfit' | 'measured_status'>): boolean =>
  row.measured_status === 'calibrated' && row.measured_outfit !== null && (row.measured_outfit > MISFIT_ABOVE || row.measured_outfit < MISFIT_BELOW);

export const MISFIT_MESSAGE = 'answers to this question do not follow ability: check its key and wording';

/** "declared Hard, answered like Easy by 212 students" */
export const disagreementMessage = (declared: Difficulty, measured: Difficulty, responses: number) =>
  `declared ${DIFFICULTY_LABELS[declared]}, answered like ${DIFFICULTY_LABELS[measured]} by ${responses} ${responses === 1 ? 'student' : 'students'}`;

/** The flags of a bank row, in words (disagreement first). */
export function measuredFlags(row: MeasuredFields & { difficulty: Difficulty }): { kind: 'disagreement' | 'misfit'; message: string }[] {
  const flags: { kind: 'disagreement' | 'misfit'; message: string }[] = [];
  const measured = disagreement(row.difficulty, row);
  if (measured) flags.push({ kind: 'disagreement', message: disagreementMessage(row.difficulty, measured, row.measured_responses ?? 0) });
  if (misfits(row)) flags.push({ kind: 'misfit', message: MISFIT_MESSAGE });
  return flags;
}

const signed = (n: number, digits = 2) => `${n < 0 ? '−' : ''}${Math.abs(n).toFixed(digits)}`;

/**
 * The words of a row's measured difficulty: "0.84 logits ± 0.21, 212 responses" when calibrated,
 * else "Not calibrated", "Too few answers (12)", "Everyone right" or "Everyone wrong".
 */
export function measuredSummary(row: Pick<MeasuredFields, 'measured_difficulty' | 'measured_se' | 'measured_responses' | 'measured_status'>): string {
  const n = row.measured_responses ?? 0;
  switch (row.measured_status) {
    case 'calibrated':
      return `${signed(row.measured_difficulty ?? 0)} logits ± ${(row.measured_se ?? 0).toFixed(2)}, ${n} ${n === 1 ? 'response' : 'responses'}`;
    case 'too-few':
      return `Too few answers (${n})`;
    case 'all-correct':
      return 'Everyone right';
    case 'all-wrong':
      return 'Everyone wrong';
    default:
      return 'Not calibrated';
  }
}

/** Logits shown on the bank's scale: −3 (left end, easy) to +3 (right end, hard). */
export const SCALE_LOGITS = 3;
/** Where a difficulty sits on the scale, 0 (easy end) to 1 (hard end), clamped. */
export const scalePosition = (difficulty: number) => Math.min(1, Math.max(0, (difficulty + SCALE_LOGITS) / (2 * SCALE_LOGITS)));

export { signed as signedLogits };
