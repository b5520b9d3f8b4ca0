import { request } from '../../api/httpClient';
import { EVENTS_PER_BATCH_MAX, type IntegrityEventType } from '../../schemas/integrity';

export interface QueuedEvent {
  id: string;
  type: IntegrityEventType;
  at: number;
  durationMs?: number;
  [detail: string]: unknown;
}

const keyOf = (attemptId: number) => `examEvents:${attemptId}`;
const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * An attempt's integrity events, kept on the device first (like answers) and sent in batches:
 * on a timer, when the connection returns and before submitting. The server stores each event
 * once by its id, so a batch resent after a lost answer does no harm.
 */
export class IntegrityEventQueue {
  private sending: Promise<void> | undefined;

  constructor(private readonly attemptId: number) {}

  private load(): QueuedEvent[] {
    try {
      return JSON.parse(localStorage.getItem(keyOf(this.attemptId)) ?? '[]') as QueuedEvent[];
    } catch {
      return [];
    }
  }

  private store(events: QueuedEvent[]) {
    try {
      if (events.length) localStorage.setItem(keyOf(this.attemptId), JSON.stringify(events));
      else localStorage.removeItem(keyOf(this.attemptId));
    } catch {
      // A full storage loses events, never answers: they are kept under their own key.
    }
  }

  add(event: Omit<QueuedEvent, 'id'>): void {
    // The server clock's estimate has fractions of a millisecond; the API takes whole ones.
    const { at, durationMs } = event as { at: number; durationMs?: number };
    const times = { at: Math.round(at), ...(durationMs === undefined ? {} : { durationMs: Math.round(durationMs) }) };
    this.store([...this.load(), { ...event, ...times, id: newId() } as QueuedEvent]);
  }

  get pending(): number {
    return this.load().length;
  }

  /** Sends what is queued; resolves when every batch has an answer (or the connection failed). */
  flush(): Promise<void> {
    this.sending ??= this.send().finally(() => (this.sending = undefined));
    return this.sending;
  }

  private async send(): Promise<void> {
    for (;;) {
      const queued = this.load();
      if (!queued.length || !navigator.onLine) return;
      const batch = queued.slice(0, EVENTS_PER_BATCH_MAX);
      const { status } = await request(`/student/attempts/${this.attemptId}/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ events: batch }),
        toast: false,
      });
      if (status === 0 || status >= 500 || status === 429) return;
      // Stored, or refused for good (closed, over the limit, malformed): either way not sent again.
      const sent = new Set(batch.map((e) => e.id));
      this.store(this.load().filter((e) => !sent.has(e.id)));
    }
  }
}
