import type { FastifyReply } from 'fastify';

/**
 * Sends a page of a list with react-admin's `Content-Range` (`questions 0-24/319`: a range of
 * records, not of bytes), compressed like every other JSON answer of 1 kB or more.
 *
 * @fastify/compress's automatic step leaves alone every answer that carries a Content-Range, since
 * for a byte range a content coding would make the offsets wrong; that would send every list, the
 * largest answers the staff screens ask for, uncompressed. Its `reply.compress` applies the same
 * choice of coding (Accept-Encoding, the 1 kB threshold, `x-no-compression`) without that check,
 * and the automatic step then sees the answer already coded and passes it on.
 */
export function sendListPage(reply: FastifyReply, contentRange: string, body: unknown): FastifyReply {
  reply.header('Content-Range', contentRange).type('application/json; charset=utf-8');
  reply.compress(JSON.stringify(body));
  return reply;
}
