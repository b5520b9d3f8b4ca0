import { afterAll, beforeAll, describe, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../server/db/tables';
import { loadConfig, type Config } from '../../server/config';
import { startPortal, type Portal } from '../../server/start';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import type { Role } from '../../src/schemas/roles';
import { createTestDatabase, postgresReachable, postgresRequired, type TestDatabase } from '../support/testDb';

export const dbKind = (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite') as 'sqlite' | 'postgres';

const pgAvailable = dbKind === 'postgres' ? await postgresReachable() : true;
if (dbKind === 'postgres' && !pgAvailable && postgresRequired) {
  throw new Error('PostgreSQL is required (REQUIRE_POSTGRES) but not reachable');
}

/** describe() that runs on SQLite always and on PostgreSQL when reachable (required in CI). */
export const describeDb = (name: string, fn: () => void) =>
  (pgAvailable ? describe : describe.skip)(`${name} [${dbKind}]`, fn);

/**
 * A suite that runs in one database's project only, skipped in the other with `why`: a suite for one
 * kind of database, or one that uses no database at all and so runs once (in the SQLite project).
 */
export const describeOnly = (kind: 'sqlite' | 'postgres', why: string, name: string, fn: () => void) =>
  describeDb(name, () => {
    if (dbKind !== kind) {
      it.skip(why, () => undefined);
      return;
    }
    fn();
  });

export interface TestApp {
  portal: Portal;
  config: Config;
  request(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  login(username: string, role: Role, password?: string): Promise<string>;
}

/** A real app on a fresh database of this run's kind, with the demo data; closed after the file. */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let database: TestDatabase;
  const t = {} as TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    t.config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'true', STATIC_DIR: './no-front-end', ATTEMPT_SWEEP_SECONDS: '0', CALIBRATION_SWEEP_SECONDS: '0', ...database.env, ...env });
    t.portal = await startPortal(t.config, false);
    t.request = (method, url, opts = {}) =>
      t.portal.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
        ...(opts.body === undefined ? {} : { payload: opts.body as object }),
      });
    t.login = async (username, role, password = DEMO_PASSWORD) => {
      const res = await t.request('POST', '/api/auth/login', { body: { username, password, role, userTime: Date.now() } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
      return res.json().data.token as string;
    };
  });
  afterAll(async () => {
    await t.portal?.close();
    await database?.drop();
  });
  return t;
}

/**
 * Changes a quiz's row directly, with a new version (updated_at), as every change through the app
 * makes one: the exam routes keep quiz rows by version, so a change that kept the version would
 * not be seen for a few seconds (server/routes/studentExam.ts, quizRows).
 */
export async function editQuizRow(db: Kysely<Database>, quizId: number, values: Updateable<Database['quizzes']>): Promise<void> {
  await db.updateTable('quizzes').set({ ...values, updated_at: sql<number>`updated_at + 1` }).where('id', '=', quizId).execute();
}
