/**
 * Expiring counters for limits that must hold across requests: failed sign-ins, captcha
 * challenges, per-address allowances. One interface, two stores: this process's memory
 * (the default), or a store shared by every server process (Redis, when configured), so
 * that a limit counts the same whichever process a request reaches.
 */
export interface CounterState {
  /** Hits counted in the current window. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  resetInMs: number;
}

export interface Counters {
  /** Count one hit on `key`; a new window of `windowMs` starts when there is none. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The current state of `key`, or null when it has no open window. */
  peek(key: string): Promise<CounterState | null>;
  /** Forget `key` (for example after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/** Counters in this process's memory; expired windows are pruned as the map grows. */
export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly maxEntries = 100_000, private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      entry = { count: 0, expiresAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    if (this.entries.size > this.maxEntries) this.prune(now);
    return { count: entry.count, resetInMs: entry.expiresAt - now };
  }

  async peek(key: string): Promise<CounterState | null> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return null;
    return { count: entry.count, resetInMs: entry.expiresAt - now };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
