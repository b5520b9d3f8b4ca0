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
  /** Login attempts allowed per client address per minute. */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Exam-link sign-ins allowed per client address per minute (a whole exam hall may share one address). */
  EXAM_LINK_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Failed sign-ins for one username (from one address) before it is paused for LOGIN_LOCK_MINUTES. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** Folder of the built front end served beside the API. */
  STATIC_DIR: z.string().default('./dist'),
  /** Public address of the portal, used in links (exam links, password reset mails); default: the address of the request. */
  PUBLIC_URL: z.url().optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.org:587 (smtps:// for TLS). Without it mails go to OUTBOX_DIR. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Exam portal <no-reply@localhost>'),
  /** Where mails are written as .eml files when no SMTP server is configured; default DATA_DIR/outbox. */
  OUTBOX_DIR: z.string().optional(),
  /** How often the server closes attempts whose deadline (and grace) has passed; 0 turns the sweep off (tests drive it themselves). */
  ATTEMPT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  /** Imports (student sheets, question files) one process reads at once; more are answered 503 with Retry-After. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
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
