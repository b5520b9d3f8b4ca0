import type { Counters } from './counters';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts through the app's counters: in memory, or in the
 * Redis shared by every process when REDIS_URL is set (falling back to memory while Redis is down,
 * where the plugin's own Redis store would either fail the request or drop the limit).
 * Each route with its own limit gets its own key space, as with the plugin's stores.
 */
export function countersRateLimitStore(counters: Counters) {
  return class CountersStore {
    constructor(
      _params?: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        (s) => cb(null, { current: s.count, ttl: s.resetInMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      counters.peek(`${this.prefix}${key}`).then(
        (s) => cb(null, { current: s?.count ?? 0, ttl: s?.resetInMs ?? 0 }),
        (err: Error) => cb(err),
      );
    }

    // The plugin passes the route's merged limit options, with the route under routeInfo.
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new CountersStore(undefined, `${this.prefix}${String(method)}${url}:`);
    }
  };
}
