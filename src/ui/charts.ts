import type { XAxis, YAxis } from '@mui/x-charts/models';

/**
 * The axes every chart of the portal shares (@mui/x-charts, staff and student screens alike), so
 * that the same kind of figure is drawn the same way everywhere:
 * - a head count (attempts, users, feedback given) has whole-number ticks only;
 * - a percentage runs from 0 to 100;
 * - an axis of names (modules, groups, departments) takes the room its labels need, so that no
 *   label is cut off at the chart's edge; labels that still do not fit are skipped, not overlapped.
 */
export const countAxis = (label?: string): YAxis => ({ min: 0, tickMinStep: 1, label, width: 'auto' });
export const percentAxis = (label = '%'): YAxis => ({ min: 0, max: 100, label, width: 'auto' });
/** The same along the bottom, for horizontal bars. */
export const percentXAxis = (label = '%'): XAxis => ({ min: 0, max: 100, label, height: 'auto' });
/** A value axis of marks (fractions allowed), from 0. */
export const marksAxis = (label?: string): YAxis => ({ min: 0, label, width: 'auto' });
/** Names along the bottom (band: bars; point: lines). */
export const namesXAxis = (data: string[], label?: string, scaleType: 'band' | 'point' = 'band'): XAxis =>
  ({ scaleType, data, label, height: 'auto' }) as XAxis;
/** Names up the side, for horizontal bars. */
export const namesYAxis = (data: string[]): YAxis => ({ scaleType: 'band', data, width: 'auto' }) as YAxis;

/**
 * A line series shows a marker on every value: a series of one value (one quiz, one day) has no
 * line to draw and would otherwise be invisible.
 */
export const LINE_SERIES = { showMark: true } as const;
