import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors';

/**
 * An onRequest hook allowing `max` requests per minute for each key (by default the client
 * address: the TCP peer, or the address a trusted proxy forwarded, see TRUST_PROXY). Counted in
 * `app.counters`, so every server process sharing a counter store shares the allowance. Past it,
 * 429 with Retry-After.
 */
export function perMinuteLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (req: FastifyRequest) => string = (req) => req.ip,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const state = await app.counters.hit(`rate:${name}:${keyOf(req)}`, 60_000);
    if (state.count > max) {
      const seconds = Math.max(1, Math.ceil(state.resetInMs / 1000));
      reply.header('retry-after', String(seconds));
      throw tooManyRequests(`Too many requests. Try again in ${seconds} seconds.`);
    }
  };
}
