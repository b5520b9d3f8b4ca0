import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { ok } from '../lib/envelope';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'Database reachability' } }, async () => {
    const started = performance.now();
    try {
      await sql`select 1`.execute(app.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new AppError(503, 'Database unreachable', 'DB_DOWN');
    }
    return ok({ database: { dialect: app.dialect, reachable: true, latencyMs: +(performance.now() - started).toFixed(2) } }, 'Healthy');
  });
};

export default healthRoutes;
