/**
 * The server is the only clock of an exam: its deadline decides what is accepted. The browser
 * estimates the difference between the server's clock and its own from each answer that
 * carries serverTime: the server read its clock somewhere during the round trip, on average
 * half-way, so
 *
 *   offset = serverTime - (local time at receipt - round trip / 2)
 *
 * and the server's "now" is the local now plus the offset. A short round trip bounds the error
 * best, so the clock keeps a few recent samples and trusts the one with the shortest trip.
 */

export interface ClockSample {
  serverTime: number;
  /** Local time when the request left. */
  sentAt: number;
  /** Local time when the answer arrived. */
  receivedAt: number;
}

/** The server's clock minus the local clock, in milliseconds. */
export function offsetOf({ serverTime, sentAt, receivedAt }: ClockSample): number {
  const roundTrip = Math.max(0, receivedAt - sentAt);
  return serverTime - receivedAt + roundTrip / 2;
}

/** Milliseconds left until `deadline` (server time), never negative. */
export function remainingMs(deadline: number, localNow: number, offset: number): number {
  return Math.max(0, deadline - (localNow + offset));
}

const SAMPLES_KEPT = 5;

/** The Date header's time resolution: a whole second, so the middle of it is the best guess. */
export const DATE_HEADER_UNCERTAINTY_MS = 1000;

/** A sample from an answer's Date header (for calls whose body carries no serverTime). */
export function dateHeaderSample(headers: Headers, sentAt: number, receivedAt: number): ClockSample | undefined {
  const date = headers.get('date');
  const parsed = date ? Date.parse(date) : Number.NaN;
  return Number.isFinite(parsed) ? { serverTime: parsed + 500, sentAt, receivedAt } : undefined;
}

export class ServerClock {
  private samples: { offset: number; roundTrip: number }[] = [];

  constructor(private readonly localNow: () => number = Date.now) {}

  /**
   * Records a sample; answers without a usable serverTime are ignored. `uncertaintyMs` ranks a
   * coarse sample (an HTTP Date header has whole seconds) below precise ones.
   */
  update(sample: ClockSample, uncertaintyMs = 0): void {
    if (!Number.isFinite(sample.serverTime) || !Number.isFinite(sample.sentAt) || !Number.isFinite(sample.receivedAt)) return;
    const roundTrip = Math.max(0, sample.receivedAt - sample.sentAt) + uncertaintyMs;
    // The most recent samples only: a local clock that was changed makes older ones wrong.
    this.samples = [...this.samples, { offset: offsetOf(sample), roundTrip }].slice(-SAMPLES_KEPT);
  }

  /** true once at least one sample was taken. */
  get synced(): boolean {
    return this.samples.length > 0;
  }

  /** The best estimate of the offset: the sample with the shortest round trip (0 before any sample). */
  get offset(): number {
    let best: { offset: number; roundTrip: number } | undefined;
    for (const sample of this.samples) if (!best || sample.roundTrip <= best.roundTrip) best = sample;
    return best?.offset ?? 0;
  }

  /** The server's time now, as estimated. */
  now(): number {
    return this.localNow() + this.offset;
  }

  remaining(deadline: number): number {
    return remainingMs(deadline, this.localNow(), this.offset);
  }
}

/** One clock for the student area: the instruction page's sample already serves the exam page. */
export const studentClock = new ServerClock();
