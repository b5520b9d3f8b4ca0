import { MemoryCounters, type CounterState, type Counters } from './counters';
import type { RedisLink } from './redis';

/**
 * One atomic step: count the hit, start the window on the first one, and read what is left of it.
 * A key left without an expiry (it cannot happen through this script, but a manual SET could)
 * gets the window, so a counter never lives for ever.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return nil end
return {tonumber(count), ttl}
`;

/**
 * Counters in the Redis every server process shares, so a limit counts the same whichever process
 * a request reaches. While Redis is unreachable each call falls back to this process's memory
 * (a sign-in must keep working; its limits then count per process, as without Redis), and the
 * link logs the trouble at most once a minute.
 */
export class RedisCounters implements Counters {
  readonly fallback: MemoryCounters;

  constructor(
    private readonly link: RedisLink,
    private readonly prefix = 'portal:counter:',
    fallback = new MemoryCounters(),
  ) {
    this.fallback = fallback;
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    if (this.link.ready) {
      try {
        const [count, ttl] = (await this.link.client.eval(HIT, 1, this.prefix + key, Math.max(1, Math.ceil(windowMs)))) as [number, number];
        return { count, resetInMs: ttl };
      } catch (err) {
        this.link.trouble(err as Error);
      }
    }
    return this.fallback.hit(key, windowMs);
  }

  async peek(key: string): Promise<CounterState | null> {
    if (this.link.ready) {
      try {
        const found = (await this.link.client.eval(PEEK, 1, this.prefix + key)) as [number, number] | null;
        return found ? { count: found[0], resetInMs: found[1] } : null;
      } catch (err) {
        this.link.trouble(err as Error);
      }
    }
    return this.fallback.peek(key);
  }

  async reset(key: string): Promise<void> {
    // Both: a count made in memory while Redis was away must not outlive a success either.
    await this.fallback.reset(key);
    if (this.link.ready) {
      try {
        await this.link.client.del(this.prefix + key);
      } catch (err) {
        this.link.trouble(err as Error);
      }
    }
  }
}
