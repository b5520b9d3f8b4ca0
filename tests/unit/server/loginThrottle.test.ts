// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../../server/auth/loginThrottle';
import { MemoryCounters } from '../../../server/lib/counters';

function setup(options: Partial<ConstructorParameters<typeof LoginThrottle>[1]> = {}) {
  const clock = { now: 1_000_000 };
  const counters = new MemoryCounters(1000, () => clock.now);
  const throttle = new LoginThrottle(counters, { maxFailures: 3, userMaxFailures: 10, maxDelayMs: 8000, windowMs: 15 * 60_000, ...options });
  /** One wrong try, as the sign-in route makes it: check, begin, fail. Answers the wait it met, or 0. */
  const wrongTry = async (user: string, address: string) => {
    const gate = await throttle.check(user, address);
    if (gate.waitMs > 0) return gate.waitMs;
    const started = await throttle.begin(user, address);
    if (started.waitMs > 0) return started.waitMs;
    await throttle.failed(user, address);
    return 0;
  };
  return { clock, throttle, wrongTry };
}

describe('LoginThrottle', () => {
  it('makes a failing pair wait 1 s, 2 s, 4 s … up to the cap, and only that pair', async () => {
    const { clock, throttle, wrongTry } = setup();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect(await wrongTry('ann', '10.0.0.1')).toBe(0);
      const wait = (await throttle.check('ann', '10.0.0.1')).waitMs;
      waits.push(wait);
      clock.now += wait;
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(await throttle.check('ann', '10.0.0.2')).toEqual({ waitMs: 0, challenged: false });
    expect(await throttle.check('bob', '10.0.0.1')).toEqual({ waitMs: 0, challenged: false });
  });

  it('asks the pair for the captcha after maxFailures, and a success clears the pair', async () => {
    const { clock, throttle, wrongTry } = setup();
    for (let i = 0; i < 3; i++) {
      await wrongTry('ann', '10.0.0.1');
      clock.now += 1000;
    }
    expect((await throttle.check('ann', '10.0.0.1')).challenged).toBe(true);
    await throttle.succeeded('ann', '10.0.0.1');
    expect(await throttle.check('ann', '10.0.0.1')).toEqual({ waitMs: 0, challenged: false });
  });

  it('after a guess spread over many addresses, asks every address for the captcha and delays failing ones from their first failure', async () => {
    const { throttle, wrongTry } = setup();
    for (let a = 0; a < 5; a++) for (let i = 0; i < 2; i++) await wrongTry('ann', `10.1.0.${a}`);
    // A fresh address is challenged, never made to wait.
    expect(await throttle.check('ann', '10.2.0.1')).toEqual({ waitMs: 0, challenged: true });
    expect(await wrongTry('ann', '10.2.0.1')).toBe(0);
    expect((await throttle.check('ann', '10.2.0.1')).waitMs).toBe(1000);
  });

  it('forgets failures when their window ends', async () => {
    const { clock, throttle, wrongTry } = setup();
    for (let i = 0; i < 3; i++) await wrongTry('ann', '10.0.0.1');
    clock.now += 15 * 60_000;
    expect(await throttle.check('ann', '10.0.0.1')).toEqual({ waitMs: 0, challenged: false });
  });

  it('lets one of several parallel tries beyond the free ones go ahead', async () => {
    const { throttle, wrongTry } = setup();
    for (let i = 0; i < 2; i++) await wrongTry('ann', '10.0.0.1');
    const started = await Promise.all(Array.from({ length: 5 }, () => throttle.begin('ann', '10.0.0.1')));
    expect(started.filter((g) => g.waitMs === 0)).toHaveLength(1);
  });

  it('counts usernames without regard to case or surrounding spaces', async () => {
    const { throttle, wrongTry } = setup();
    for (let i = 0; i < 3; i++) await wrongTry(i % 2 ? ' ANN ' : 'ann', '10.0.0.1');
    expect((await throttle.check('Ann', '10.0.0.1')).challenged).toBe(true);
  });
});
