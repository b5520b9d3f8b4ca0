import Fastify from 'fastify';

/**
 * The framework's ceiling on this machine: a bare Fastify server with one route returning a
 * small JSON body, no database, no logging. The save-answer throughput is compared to it.
 */
const app = Fastify({ logger: false });
app.get('/ok', async () => ({ ok: true }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
