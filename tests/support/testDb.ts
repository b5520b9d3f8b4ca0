import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, postgresReachable as reachable } from '../../bench/db';

/** Where the tests find PostgreSQL: TEST_PG_URL, or the local server with trust auth. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** CI sets REQUIRE_POSTGRES=1: an unreachable PostgreSQL then fails the run instead of skipping it. */
export const postgresRequired = ['1', 'true'].includes(process.env.REQUIRE_POSTGRES ?? '');

export const postgresReachable = () => reachable(PG_ADMIN_URL);

export interface TestDatabase {
  /** Environment for the server: DATABASE_URL for PostgreSQL, DATA_DIR for SQLite. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh, empty database of the given kind; drop() removes it. */
export async function createTestDatabase(kind: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createPostgresDatabase(PG_ADMIN_URL, 'portal_test');
  return { env: { DATABASE_URL: url }, drop };
}
