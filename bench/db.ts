import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

export type DbKind = 'sqlite' | 'postgres';

/** Where PostgreSQL is found: BENCH_PG_URL, TEST_PG_URL, or the local server (database `test`). */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(url = PG_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface BenchDatabase {
  kind: DbKind;
  /** What the server needs: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL). */
  env: Record<string, string>;
  /**
   * Opens it the way the server does (same pragmas and pool). Only the first open migrates it
   * to the latest schema: later opens (verification, grading) use the schema as it is, so a
   * migration added to the tree while a run is going on cannot upset them.
   */
  open(): Promise<Db>;
  drop(): Promise<void>;
  describe: string;
}

/** A fresh, empty database for one run; drop() removes it (a PostgreSQL database or a temporary folder). */
export async function createBenchDatabase(kind: DbKind): Promise<BenchDatabase> {
  let migrated = false;
  const open = async (config: { DATABASE_URL?: string; sqliteFile: string }) => {
    const db = openDatabase(config);
    if (!migrated) {
      try {
        await migrateToLatest(db);
      } catch (err) {
        await db.close();
        throw err;
      }
      migrated = true;
    }
    return db;
  };
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-'));
    const sqliteFile = path.join(dir, 'portal.db');
    return {
      kind,
      env: { DATA_DIR: dir },
      describe: 'SQLite (WAL, synchronous=FULL)',
      open: () => open({ sqliteFile }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `exam_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind,
    env: { DATABASE_URL: databaseUrl },
    describe: 'PostgreSQL',
    open: () => open({ DATABASE_URL: databaseUrl, sqliteFile: '' }),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
