import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db/database';
import { pendingMigrations } from '../db/migrate';
import { AppError } from '../lib/errors';
import { fail, ok } from '../lib/envelope';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'Database reachability' } }, async () => {
    const started = performance.now();
    try {
      await pingDatabase(app.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new AppError(503, 'Database unreachable', 'DB_DOWN');
    }
    return ok({ database: { dialect: app.dialect, reachable: true, latencyMs: +(performance.now() - started).toFixed(2) } }, 'Healthy');
  });

  // Once every migration has run it stays so for this process: checked until then only.
  let migrated = false;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'Ready for traffic: database reachable, migrations done, Redis reachable when configured' } },
    async (_req, reply) => {
      const problems: string[] = [];
      let database: { reachable: boolean; error?: string } = { reachable: true };
      let pending: string[] = [];
      try {
        await pingDatabase(app.db);
        if (!migrated) {
          pending = await pendingMigrations(app);
          migrated = pending.length === 0;
          if (!migrated) problems.push(`migrations not run: ${pending.join(', ')}`);
        }
      } catch (err) {
        database = { reachable: false, error: (err as Error).message };
        problems.push('database unreachable');
      }
      const redis = app.redis ? await app.redis.status() : { configured: false as const };
      if (redis.configured && !redis.reachable) problems.push('Redis unreachable');
      if (closing) problems.push('shutting down');
      const data = {
        database: { dialect: app.dialect, ...database },
        migrations: { pending },
        redis,
        sessionChannel: app.sessionChannel ? { kind: app.sessionChannel.name, live: app.sessionChannel.live } : null,
        pid: process.pid,
      };
      // Answered, not thrown: a balancer polls this, and a 503 here is news, not a server error.
      if (problems.length) return reply.code(503).send(fail(`Not ready: ${problems.join('; ')}`, data));
      return ok(data, 'Ready');
    },
  );
};

export default healthRoutes;
