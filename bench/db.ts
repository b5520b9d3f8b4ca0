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
  const { url: databaseUrl, drop } = await createPostgresDatabase(PG_ADMIN_URL, 'exam_bench');
  return {
    kind,
    env: { DATABASE_URL: databaseUrl },
    describe: 'PostgreSQL',
    open: () => open({ DATABASE_URL: databaseUrl, sqliteFile: '' }),
    drop,
  };
}

/** A new, empty PostgreSQL database on the server of `adminUrl` (named `<prefix>_<pid>_<random>`); drop() removes it. */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
