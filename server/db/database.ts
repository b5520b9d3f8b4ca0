import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import type { Config } from '../config';
import type { Database } from './tables';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (our epoch-millisecond times) as strings; they fit a double exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'sqliteFile'>): Db {
  if (config.DATABASE_URL) {
    // synchronous_commit=on (whatever the server's default): an acknowledged answer survives a power loss.
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10, options: '-c synchronous_commit=on' });
    // An idle connection that the server closes (a restart, an administrator) must not crash the
    // process: the pool drops it and opens a new one for the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost while idle: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
  const sqlite = new SQLite(config.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write (an exam answer above all) survives a power loss, not only a crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Planner statistics for tables that lack them or changed a lot (SQLite gathers none by itself).
  sqlite.pragma('optimize=0x10002');
  cachePreparedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; on a busy server preparing cost more CPU than running.
 * better-sqlite3 statements are reusable (each call binds fresh parameters), so the connection
 * keeps the most recently used ones by their SQL text. SQLite re-prepares a cached statement
 * itself when a migration changes the schema under it.
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 500, maxSourceLength = 4096): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    // Long statements (many rows or ids at once) vary with their size and are rarely repeated: not kept.
    if (source.length > maxSourceLength) return prepare(source);
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

/** The smallest round trip to the database: it rejects when the database cannot be reached. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
