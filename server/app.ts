import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Kysely } from 'kysely';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db, DialectName } from './db/database';
import type { Database } from './db/tables';
import { SessionStore } from './auth/sessions';
import { MemoryCounters, type Counters } from './lib/counters';
import authPlugin from './auth/plugin';
import { errorHandler } from './lib/errorHandler';
import { fail } from './lib/envelope';
import { tooManyRequests } from './lib/errors';
import authRoutes from './routes/auth';
import verifyRoutes from './routes/verify';
import healthRoutes from './routes/health';
import { crudRoutes } from './crud/routes';
import multipart from '@fastify/multipart';
import profileRoutes from './routes/profile';
import studentUploadRoutes from './routes/studentUpload';
import quizManageRoutes from './routes/quizManage';
import studentExamRoutes from './routes/studentExam';
import integrityRoutes from './routes/integrity';
import guestRoutes from './routes/guest';
import questionTransferRoutes from './routes/questionTransfer';
import { closeExpiredAttempts } from './exam/attempts';
import passwordResetRoutes from './routes/passwordReset';
import { registry } from './resources';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
    sessions: SessionStore;
    /** Expiring counters for limits (this process's memory; shared across processes when a shared store is configured). */
    counters: Counters;
  }
}

export interface BuildOptions {
  config: Config;
  database: Db;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: trustProxySetting(config),
    frameworkErrors: routerError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('sessions', new SessionStore(database.db, config));
  app.decorate('counters', new MemoryCounters() as Counters);

  if (config.CORS_ORIGIN) {
    await app.register(cors, {
      origin: config.CORS_ORIGIN.split(',').map((o) => o.trim()),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      exposedHeaders: ['Content-Range'],
    });
  }
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(`Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Exam portal API', version: '1.0.0', description: 'Every answer is { success, message, data }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(verifyRoutes);
      await api.register(profileRoutes);
      await api.register(passwordResetRoutes);
      await api.register(studentUploadRoutes);
      await api.register(quizManageRoutes);
      await api.register(studentExamRoutes);
      await api.register(integrityRoutes);
      await api.register(guestRoutes);
      await api.register(questionTransferRoutes);
      await api.register(crudRoutes(registry));
    },
    { prefix: '/api' },
  );

  await serveFrontEnd(app, config);
  closeAbandonedAttempts(app);
  return app;
}

/** Fastify's form of TRUST_PROXY: false, a hop count, or a comma-separated list of addresses. */
function trustProxySetting(config: Config): string {
  const t = config.TRUST_PROXY;
  return (t === false ? false : Array.isArray(t) ? t.join(',') : t) as unknown as string;
}

/**
 * Addresses the router cannot read (a malformed percent-escape, a path part over 100 characters)
 * are refused before any route runs; they too answer in the envelope, without echoing the address.
 */
function routerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send(fail('The address is not valid: it has a malformed percent-escape'));
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(fail('A part of the address is too long'));
  return errorHandler(err, req, reply);
}

/** Attempts whose browser is gone are closed at their deadline (plus grace) by the server itself. */
function closeAbandonedAttempts(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const every = app.config.ATTEMPT_SWEEP_SECONDS;
  if (every === 0) return;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      closeExpiredAttempts(app.db).catch((err) => app.log.error({ err }, 'closing expired attempts failed'));
    }, every * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The built front end, with client-side routes falling back to index.html; unknown /api paths stay JSON 404s. */
async function serveFrontEnd(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.STATIC_DIR);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (!isApi && hasBuild && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return reply.code(404).send(fail(`Not found: ${req.method} ${req.url.split('?')[0]}`));
  });
}
