/**
 * Failed sign-ins per (username, client address) and per username overall.
 *
 * A username is paused only for the address that keeps failing, so a stranger guessing
 * from elsewhere does not lock the real user out. A much higher per-username ceiling
 * (across all addresses) slows a distributed guess; it too lasts only `lockMs`.
 * Counters live in this process (DESIGN.md: REDIS_URL would share them between processes).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; first: number; lockedUntil: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly lockMs: number,
    private readonly globalFactor = 10,
  ) {}

  private keys(username: string, address: string) {
    const user = username.toLowerCase();
    return [
      { key: `pair:${user}:${address}`, limit: this.maxFailures },
      { key: `user:${user}`, limit: this.maxFailures * this.globalFactor },
    ];
  }

  /** Milliseconds until this username may try again from this address, or 0. */
  retryAfter(username: string, address: string, now = Date.now()): number {
    let wait = 0;
    for (const { key } of this.keys(username, address)) {
      const entry = this.failures.get(key);
      if (entry && entry.lockedUntil > now) wait = Math.max(wait, entry.lockedUntil - now);
    }
    return wait;
  }

  recordFailure(username: string, address: string, now = Date.now()): void {
    for (const { key, limit } of this.keys(username, address)) {
      let entry = this.failures.get(key);
      if (!entry || now - entry.first > this.lockMs) entry = { count: 0, first: now, lockedUntil: 0 };
      entry.count += 1;
      if (entry.count >= limit) entry.lockedUntil = now + this.lockMs;
      this.failures.set(key, entry);
    }
    if (this.failures.size > 100_000) this.prune(now);
  }

  recordSuccess(username: string, address: string): void {
    this.failures.delete(this.keys(username, address)[0].key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.failures) {
      if (entry.lockedUntil <= now && now - entry.first > this.lockMs) this.failures.delete(key);
    }
  }
}
