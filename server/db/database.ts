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
  dropStat4Samples(sqlite);
  cachePreparedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * ANALYZE writes, besides each index's selectivity (sqlite_stat1), samples of its values
 * (sqlite_stat4, as better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4). With samples present,
 * SQLite prepares a statement again whenever a bound value that might change its plan changes:
 * every execution of nearly every statement of an exam (a student's attempts, overrides, their
 * quiz), measured at 2 to 10 times the cost of running it (bench/README.md, "Where the start of an
 * exam spends its time"). The portal's statements bind the same few shapes of keys, for which
 * stat1 decides the plans: the samples are dropped and the statistics read again.
 */
function dropStat4Samples(sqlite: SQLite.Database): void {
  const hasSamples = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'").get() !== undefined;
  if (!hasSamples || sqlite.prepare('select 1 from sqlite_stat4 limit 1').get() === undefined) return;
  sqlite.exec('delete from sqlite_stat4; analyze sqlite_schema');
}

/**
 * Kysely prepares every query anew; on a busy server preparing cost more CPU than running.
 * better-sqlite3 statements are reusable (each call binds fresh parameters), so the connection
 * keeps the most recently used ones by their SQL text. SQLite re-prepares a cached statement
 * itself when a migration changes the schema under it.
 */
/** The longest SQL text the statement cache keeps prepared (longer ones vary with their size and are rarely repeated). */
export const STATEMENT_CACHE_MAX_SOURCE = 4096;

function cachePreparedStatements(sqlite: SQLite.Database, max = 500, maxSourceLength = STATEMENT_CACHE_MAX_SOURCE): void {
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
