import type { QuestionStatistics } from './analysisTypes';

/**
 * What Moodle's documentation asks a teacher to look at again: a question almost nobody or almost
 * everybody gets right (facility under 20 % or over 90 %), or one that does not separate the
 * stronger students from the weaker (discrimination index under 20).
 */
export function reviewReasons(q: Pick<QuestionStatistics, 'facility' | 'discriminationIndex'>): string[] {
  const reasons: string[] = [];
  if (q.facility !== null && q.facility < 20) reasons.push('facility under 20 %');
  if (q.facility !== null && q.facility > 90) reasons.push('facility over 90 %');
  if (q.discriminationIndex !== null && q.discriminationIndex < 20) reasons.push('discrimination index under 20');
  return reasons;
}

export type SortOrder = 'asc' | 'desc';

/** Sorts rows by one field; null and missing values go last in either order. */
export function sortRows<T>(rows: readonly T[], valueOf: (row: T) => number | string | null | undefined, order: SortOrder): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y));
  });
}

/** A figure for people: 2 decimals (undefined figures show a dash). */
export const figure = (n: number | null | undefined, suffix = '') => (n === null || n === undefined ? '—' : `${Math.round(n * 100) / 100}${suffix}`);
