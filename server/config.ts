import 'dotenv/config';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable the server reads, with its default. The README documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; without it the embedded SQLite database is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Create the demo institute and accounts when the database is new. */
  DEMO_DATA: bool.default(true),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Origin allowed to call the API from another site (the built front end is served on the same origin). */
  CORS_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Proxies in front of the server whose X-Forwarded-For / X-Forwarded-Proto are believed:
   * a hop count (1 = the nearest proxy) or a comma-separated list of addresses / CIDR ranges.
   * Off by default: the client address is then the TCP peer and forwarded headers are ignored.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = list.find((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `must be a hop count or a comma-separated list of addresses or CIDR ranges ("${bad}" is neither)` });
        return z.NEVER;
      }
      return list;
    }),
  /**
   * Per-address allowances. A whole exam hall may reach the server from one address (a NAT or a
   * proxy without TRUST_PROXY), so the defaults let 500 students sign in, set their own password and
   * open their exam links within one minute, with room for retries.
   */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  PASSWORD_CHANGE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  EXAM_LINK_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  /**
   * Failed sign-ins of one username from one address before each further try of that pair waits
   * (1 s, 2 s, 4 s … up to LOGIN_MAX_DELAY_SECONDS) and, with reCAPTCHA, needs the captcha.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /**
   * Password sign-ins one process lets wait for a hashing worker (argon2id runs on worker threads,
   * off the event loop). Beyond it a sign-in is answered 503 with Retry-After at once, so a sign-in
   * storm neither waits towards a time-out nor holds memory; saves never wait behind it either way.
   */
  SIGNIN_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Failed sign-ins of one username from all addresses before every sign-in of it needs the captcha. */
  LOGIN_USER_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How long failed sign-ins are counted (from the first one). */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Folder of the built front end served beside the API. */
  STATIC_DIR: z.string().default('./dist'),
  /**
   * Public address of the portal. Links sent by mail (password reset) are built from it alone;
   * without it such mail is refused. Links shown on screen fall back to the address of the request.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.org:587 (smtps:// for TLS). Without it mails go to OUTBOX_DIR. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Exam portal <no-reply@localhost>'),
  /** Where mails are written as .eml files when no SMTP server is configured; default DATA_DIR/outbox. */
  OUTBOX_DIR: z.string().optional(),
  /** How often the server closes attempts whose deadline (and grace) has passed; 0 turns the sweep off (tests drive it themselves). */
  ATTEMPT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /**
   * LTI grades: how often each server process looks for grades due to be sent to an LMS (a grade
   * written by this process is sent right after its commit anyway); 0 turns the sender off.
   */
  LTI_OUTBOX_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** LTI grades: the first wait after an LMS failed to take a score; each further failure doubles it. */
  LTI_RETRY_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /** LTI grades: the longest wait between two tries, and the wait after an answer that needs the LMS's admin (a refused registration). */
  LTI_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(7 * 24 * 3600).default(3600),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  /**
   * Redis shared by every server process (redis://host:6379/0 or rediss:// for TLS): limit counters
   * and session revocations then count and reach across processes. Without it, each process counts alone.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of every Redis key and channel of this portal, so that several portals (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1 to 64 letters, digits, ":", "_" or "-"').default('portal:'),
  /** Imports (student sheets, question files) one process reads at once; more are answered 503 with Retry-After. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Responses a question needs before its Rasch difficulty is calibrated (server/analysis/rasch.ts). */
  CALIBRATION_MIN_RESPONSES: z.coerce.number().int().min(2).max(100_000).default(30),
  /**
   * How often each server process looks for subjects whose quizzes closed since their last
   * calibration and recalibrates them (the estimate on a worker thread); 0 turns it off (on demand only).
   */
  CALIBRATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(24 * 3600).default(60),
  /** Rows one list export (GET /api/<resource>/list-export) may hold; a larger filtered set is answered 413. */
  LIST_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
});

export type Config = z.output<typeof envSchema> & { sqliteFile: string; outboxDir: string };

export class ConfigError extends Error {}

/** Parse the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]]])),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATA_DIR, OUTBOX_DIR } = parsed.data;
  return {
    ...parsed.data,
    sqliteFile: path.resolve(DATA_DIR, 'portal.db'),
    outboxDir: path.resolve(OUTBOX_DIR ?? path.join(DATA_DIR, 'outbox')),
  };
}
