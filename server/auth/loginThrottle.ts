import type { Counters } from '../lib/counters';

/**
 * Failed sign-ins per (username, client address) and per username overall.
 *
 * A username is paused only for the address that keeps failing, so a stranger guessing
 * from elsewhere does not lock the real user out. A much higher per-username ceiling
 * (across all addresses) slows a distributed guess; it too lasts only `lockMs`.
 * Counted through the app's counters: in this process, or in the Redis every process shares.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly maxFailures: number,
    private readonly lockMs: number,
    private readonly globalFactor = 10,
  ) {}

  private keys(username: string, address: string) {
    const user = username.toLowerCase();
    return [
      { key: `login:pair:${user}:${address}`, limit: this.maxFailures },
      { key: `login:user:${user}`, limit: this.maxFailures * this.globalFactor },
    ];
  }

  /** Milliseconds until this username may try again from this address, or 0. */
  async retryAfter(username: string, address: string): Promise<number> {
    let wait = 0;
    for (const { key } of this.keys(username, address)) {
      const lock = await this.counters.peek(`${key}:lock`);
      if (lock) wait = Math.max(wait, lock.resetInMs);
    }
    return wait;
  }

  /** Counts a failure; reaching the limit starts a pause of `lockMs`. */
  async recordFailure(username: string, address: string): Promise<void> {
    for (const { key, limit } of this.keys(username, address)) {
      const failures = await this.counters.hit(key, this.lockMs);
      if (failures.count === limit) await this.counters.hit(`${key}:lock`, this.lockMs);
    }
  }

  async recordSuccess(username: string, address: string): Promise<void> {
    await this.counters.reset(this.keys(username, address)[0].key);
  }
}
