import type { HttpResponse } from '../../api/httpClient';
import type { Timed } from '../api/studentApi';
import { dateHeaderSample, DATE_HEADER_UNCERTAINTY_MS, studentClock, type ServerClock } from '../exam/serverClock';

/** Feeds the clock from an answer whose body carries serverTime. */
export function syncFromServerTime(timed: Timed<unknown>, serverTime: number | undefined, clock: ServerClock = studentClock): void {
  if (typeof serverTime === 'number') clock.update({ serverTime, sentAt: timed.sentAt, receivedAt: timed.receivedAt });
}

/** Feeds the clock from an answer's Date header (whole seconds: a coarse sample). */
export function syncFromDateHeader(timed: Timed<HttpResponse<unknown>>, clock: ServerClock = studentClock): void {
  if (timed.response.status === 0) return;
  const sample = dateHeaderSample(timed.response.headers, timed.sentAt, timed.receivedAt);
  if (sample) clock.update(sample, DATE_HEADER_UNCERTAINTY_MS);
}
