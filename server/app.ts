import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql, type Kysely } from 'kysely';
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
import { BackgroundJobs } from './lib/background';
import { RedisLink } from './lib/redis';
import { RedisCounters } from './lib/redisCounters';
import { countersRateLimitStore } from './lib/rateLimitStore';
import { PgSessionChannel, RedisSessionChannel, type SessionChannel } from './auth/sessionChannel';
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
import studentBulkRoutes from './routes/studentBulk';
import quizManageRoutes from './routes/quizManage';
import quizOverrideRoutes from './routes/quizOverrides';
import quizRegradeRoutes from './routes/quizRegrade';
import studentExamRoutes from './routes/studentExam';
import integrityRoutes from './routes/integrity';
import guestRoutes from './routes/guest';
import questionTransferRoutes from './routes/questionTransfer';
import questionImageRoutes from './routes/questionImages';
import analysisRoutes from './routes/analysis';
import calibrationRoutes from './routes/calibration';
import fairnessRoutes from './routes/fairness';
import ltiRoutes from './routes/lti';
import { ensureToolKey } from './lti/keys';
import dashboardRoutes from './routes/dashboards';
import { sweepExpiredAttempts } from './exam/attempts';
import { OutboxSender } from './lti/outbox';
import { recalibrateClosed } from './analysis/calibration';
import quizLtiRoutes from './routes/quizLti';
import passwordResetRoutes from './routes/passwordReset';
import { registry } from './storage';
import { securityHeaderPairs, securityHeaders, setSecurityHeaders } from './security/headers';
import { ImportGate } from './upload/importGate';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
    sessions: SessionStore;
    /** Expiring counters for limits (this process's memory; shared across processes when a shared store is configured). */
    counters: Counters;
    /** Work a request starts but finishes after its answer (drained when the app closes). */
    jobs: BackgroundJobs;
    /** The connection to REDIS_URL, when configured. */
    redis?: RedisLink;
    /** How this process hears of sessions revoked by another one (none on SQLite, which is single-process). */
    sessionChannel?: SessionChannel;
  }
}

/** The largest request body (JSON) the server reads; nginx in front refuses larger ones itself. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  config: Config;
  database: Db;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const headerPairs = securityHeaderPairs(config);
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: trustProxySetting(config),
    // The router's own refusals come before any hook: they get the security headers here.
    frameworkErrors: (err, req, reply) => {
      setSecurityHeaders(reply, headerPairs);
      return routerError(err, req, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('sessions', new SessionStore(database.db, config));
  const redis = config.REDIS_URL ? new RedisLink(config.REDIS_URL, app.log) : undefined;
  app.decorate('redis', redis);
  // With Redis every process counts in one place; while it is unreachable each counts in its own memory.
  app.decorate('counters', (redis ? new RedisCounters(redis, `${config.REDIS_PREFIX}counter:`) : new MemoryCounters()) as Counters);
  if (redis) await redis.whenReady(2_000);
  const channel = sessionChannelFor(config, database, app);
  app.decorate('sessionChannel', channel);
  if (channel) await app.sessions.attach(channel);
  app.decorate('jobs', new BackgroundJobs(app.log));
  app.addHook('onClose', async () => {
    await app.jobs.drain();
    await channel?.close();
    await redis?.close();
  });
  app.decorate('imports', new ImportGate(config.IMPORT_CONCURRENCY));

  await app.register(securityHeaders, { pairs: headerPairs });
  if (config.CORS_ORIGIN) {
    await app.register(cors, {
      origin: config.CORS_ORIGIN.split(',').map((o) => o.trim()),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      exposedHeaders: ['Content-Range'],
    });
  }
  await app.register(rateLimit, {
    global: false,
    // Counted through app.counters: shared by every process with Redis, per process without.
    store: countersRateLimitStore(app.counters),
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
      // JSON answers of 1 kB or more are compressed (lists, papers, reports); smaller ones, such as
      // every saved answer's, are sent as they are. The built front end is compressed at build time.
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(verifyRoutes);
      await api.register(profileRoutes);
      await api.register(passwordResetRoutes);
      await api.register(studentUploadRoutes);
      await api.register(studentBulkRoutes);
      await api.register(quizManageRoutes);
      await api.register(quizOverrideRoutes);
      await api.register(quizRegradeRoutes);
      await api.register(quizLtiRoutes);
      await api.register(studentExamRoutes);
      await api.register(integrityRoutes);
      await api.register(guestRoutes);
      await api.register(questionTransferRoutes);
      await api.register(questionImageRoutes);
      await api.register(analysisRoutes);
      await api.register(calibrationRoutes);
      await api.register(fairnessRoutes);
      await api.register(dashboardRoutes);
      await api.register(ltiRoutes);
      await api.register(crudRoutes(registry));
    },
    { prefix: '/api' },
  );

  // The LTI tool's first signing key is made at the first start (kept in the database, never in a file).
  app.addHook('onReady', async () => ensureToolKey(app.db));
  await serveFrontEnd(app, config);
  closeAbandonedAttempts(app);
  sendGradesToLms(app);
  recalibrateAfterClose(app);
  closeConnectionsAfterAnswers(app);
  return app;
}

/**
 * Redis pub/sub with REDIS_URL; else PostgreSQL's LISTEN/NOTIFY; none on SQLite, whose database a
 * single process owns.
 */
function sessionChannelFor(config: Config, database: Db, app: FastifyInstance): SessionChannel | undefined {
  if (config.REDIS_URL && app.redis) return new RedisSessionChannel(app.redis, `${config.REDIS_PREFIX}sessions`);
  if (database.dialect === 'postgres' && config.DATABASE_URL) {
    const channel = new PgSessionChannel(config.DATABASE_URL, app.log);
    channel.publishWith((name, payload) => sql`select pg_notify(${name}, ${payload})`.execute(database.db));
    return channel;
  }
  return undefined;
}

/**
 * Fastify's form of TRUST_PROXY: false, a list of addresses, or for a hop count a function
 * trusting the nearest `hops` addresses of the chain (Fastify itself ignores a bare number, so
 * `TRUST_PROXY=1` would otherwise silently change nothing). A hop count believes whoever is the
 * TCP peer, so it is only for a server reachable through its proxies alone.
 */
export function trustProxySetting(config: Pick<Config, 'TRUST_PROXY'>): false | string | ((address: string, hop: number) => boolean) {
  const t = config.TRUST_PROXY;
  if (t === false) return false;
  if (typeof t === 'number') return (_address, hop) => hop < t;
  return t.join(',');
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
      sweepExpiredAttempts(app).catch((err) => app.log.error({ err }, 'closing expired attempts failed'));
    }, every * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Grades written to the LTI outbox are sent to their LMS by every process (each claims its own rows). */
function sendGradesToLms(app: FastifyInstance) {
  const every = app.config.LTI_OUTBOX_SECONDS;
  if (every === 0) return;
  const sender = new OutboxSender(app.db, {
    pollMs: every * 1000,
    backoff: { baseMs: app.config.LTI_RETRY_SECONDS * 1000, maxMs: app.config.LTI_RETRY_MAX_SECONDS * 1000 },
    log: app.log,
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
}

/** Subjects are recalibrated after each quiz of theirs closes, off the request path (a sweep like the attempts'). */
function recalibrateAfterClose(app: FastifyInstance) {
  const every = app.config.CALIBRATION_SWEEP_SECONDS;
  if (every === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = recalibrateClosed(app.db, app.config.CALIBRATION_MIN_RESPONSES)
        .catch((err) => app.log.error({ err }, 'recalibrating subjects after a quiz closed failed'))
        .finally(() => (running = null));
    }, every * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** How long a kept-alive connection may stay idle once the process is stopping. */
const CLOSING_KEEP_ALIVE_MS = 1_000;
/** How long a stopping process waits for answers still going out to a slow reader (well within the 20 s grace). */
const CLOSING_DRAIN_MS = 10_000;

/**
 * app.close() waits until every connection has ended, and Node ends only the connections idle at
 * that moment: a kept-alive connection (nginx keeps them to every process) whose request was in
 * flight would get its answer and then stay open for the keep-alive timeout (72 s), so the close
 * would outlast the shutdown grace and the process would exit without committing its save batch.
 * So when the close begins, the answer each connection is working on (Node keeps it as the
 * socket's `_httpMessage`) is told to say `Connection: close` if its head is not written yet: Node
 * ends that connection once the answer has gone out, and nginx sends nothing more on it. Requests
 * that arrive later get Fastify's own 503 with `Connection: close`. An answer whose head was
 * already written leaves its connection open for at most a second of silence. This is done once,
 * at the close, for the connections then open: no request pays for it.
 * And Node's close destroys at once every connection whose answer has been handed over, even if
 * part of it is still waiting to go out to a slow reader (a large export, say): the close first
 * waits, up to 10 s, until no connection has bytes still to send.
 */
export function closeConnectionsAfterAnswers(app: FastifyInstance) {
  const sockets = new Set<Socket & { _httpMessage?: ServerResponse | null }>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = CLOSING_KEEP_ALIVE_MS;
    for (const socket of sockets) {
      const answer = socket._httpMessage;
      if (answer && !answer.headersSent) answer.shouldKeepAlive = false;
    }
    const deadline = Date.now() + CLOSING_DRAIN_MS;
    const sending = () => [...sockets].some((s) => s.writableLength > 0);
    while (sending() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  });
}

/** Vite's content-hashed output: a changed file gets a new name, so a browser may keep these for good. */
const HASHED_DIR = 'assets';

/**
 * The built front end, with client-side routes falling back to index.html; unknown /api paths stay JSON 404s.
 * Files are sent precompressed (the .br / .gz beside each, made at build time) as Accept-Encoding
 * allows. Hashed assets are cached for a year and never revalidated; index.html and every other
 * unhashed file are revalidated on each use (ETag), so a new release is picked up at the next navigation.
 */
async function serveFrontEnd(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.STATIC_DIR);
  const hashedRoot = path.join(root, HASHED_DIR) + path.sep;
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      etag: true,
      lastModified: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(hashedRoot) ? CACHE_HASHED : CACHE_REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    // A build file that is not there (a page of an older release asking for one of its own) is a
    // 404 no one keeps, as nginx answers it, not index.html under a script's name.
    const isBuildFile = req.url.startsWith(`/${HASHED_DIR}/`);
    if (!isApi && !isBuildFile && hasBuild && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.sendFile('index.html', root);
    }
    if (isBuildFile) reply.header('cache-control', CACHE_REVALIDATE);
    return reply.code(404).send(fail(`Not found: ${req.method} ${req.url.split('?')[0]}`));
  });
}

export const CACHE_HASHED = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
