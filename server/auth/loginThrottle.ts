import type { Counters } from '../lib/counters';

export interface LoginThrottleOptions {
  /** Failures of one username from one address after which each further try of that pair waits and needs the captcha. */
  maxFailures: number;
  /** Failures of one username from every address together after which every sign-in of it needs the captcha. */
  userMaxFailures: number;
  /** The longest wait between two tries of one pair. */
  maxDelayMs: number;
  /** How long tries and failures are counted, from the first one. */
  windowMs: number;
}

export interface LoginGate {
  /** Milliseconds before this (username, address) pair may try again; 0: this try goes ahead. */
  waitMs: number;
  /** Repeated failures: this username must solve the captcha from this address (when one is configured). */
  challenged: boolean;
}

/**
 * Sign-in tries, counted per (username, address) and failures per username, in the shared counters.
 *
 * Nothing here ever refuses a correct password from an address that has not failed: failures only
 * make the failing pair wait between its tries, 1 s, 2 s, 4 s … up to `maxDelayMs`, and make the
 * username ask for the captcha. So a stranger guessing from other addresses cannot lock the real
 * user out, and a hall of students behind one address does not share one budget.
 *
 * A pair's tries are counted when they start (a success clears them), and each try beyond the
 * free ones must take the pair's one slot, a window as long as its delay: tries sent in parallel
 * cannot slip past the delay. Once a username has failed `userMaxFailures` times from anywhere (a
 * guess spread over many addresses), every pair of it waits from its first try on, and every
 * sign-in of it needs the captcha when one is configured.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly options: LoginThrottleOptions,
  ) {}

  private keys(username: string, address: string) {
    const user = username.trim().toLowerCase();
    // An address never contains '|', so "address|user" cannot collide for different pairs.
    return { tries: `login:tries:${address}|${user}`, slot: `login:slot:${address}|${user}`, failures: `login:failures:${user}` };
  }

  /** Before the password is checked: must this pair solve the captcha, or wait? Counts nothing. */
  async check(username: string, address: string): Promise<LoginGate> {
    const keys = this.keys(username, address);
    const [slot, tries, failures] = await Promise.all([this.counters.peek(keys.slot), this.counters.peek(keys.tries), this.counters.peek(keys.failures)]);
    return { waitMs: slot?.resetInMs ?? 0, challenged: this.challenged(tries?.count ?? 0, failures?.count ?? 0) };
  }

  /** Counts this try; `waitMs` > 0 means another try of the pair holds its slot and this one must not go ahead. */
  async begin(username: string, address: string): Promise<LoginGate> {
    const keys = this.keys(username, address);
    const { windowMs, maxFailures, userMaxFailures, maxDelayMs } = this.options;
    const failures = (await this.counters.peek(keys.failures))?.count ?? 0;
    const tries = await this.counters.hit(keys.tries, windowMs);
    const challenged = this.challenged(tries.count - 1, failures);
    const free = failures >= userMaxFailures ? 1 : maxFailures;
    if (tries.count < free) return { waitMs: 0, challenged };
    // 2^(tries beyond the free ones) seconds; the exponent is capped so the number stays finite.
    const delayMs = Math.min(1000 * 2 ** Math.min(tries.count - free, 30), maxDelayMs);
    const slot = await this.counters.hit(keys.slot, delayMs);
    return { waitMs: slot.count > 1 ? slot.resetInMs : 0, challenged };
  }

  /** After a wrong password (or unknown username, or wrong role): is the captcha required from now on? */
  async failed(username: string, address: string): Promise<LoginGate> {
    const keys = this.keys(username, address);
    const failures = await this.counters.hit(keys.failures, this.options.windowMs);
    const [slot, tries] = await Promise.all([this.counters.peek(keys.slot), this.counters.peek(keys.tries)]);
    return { waitMs: slot?.resetInMs ?? 0, challenged: this.challenged(tries?.count ?? 0, failures.count) };
  }

  /** A successful sign-in clears its own pair; the username's failures from everywhere stay until their window ends. */
  async succeeded(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    await Promise.all([this.counters.reset(keys.tries), this.counters.reset(keys.slot)]);
  }

  private challenged(pairFailures: number, userFailures: number) {
    return pairFailures >= this.options.maxFailures || userFailures >= this.options.userMaxFailures;
  }
}
