// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { openDatabase, type Db } from '../../../server/db/database';

describe('SQLite prepared statement cache', () => {
  let dir: string;
  let database: Db;
  let prepare: MockInstance<(source: string) => SQLite.Statement>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
    prepare = vi.spyOn(SQLite.prototype, 'prepare');
    database = openDatabase({ DATABASE_URL: undefined, sqliteFile: path.join(dir, 'cache.db') });
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    await sql`insert into notes (body) values (${'first'})`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    prepare.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const preparedTimes = (text: string) => prepare.mock.calls.filter(([source]) => source === text).length;

  it('prepares a statement once and binds fresh parameters on every use', async () => {
    const byId = (id: number) => sql<{ body: string }>`select body from notes where id = ${id}`.execute(database.db);
    await sql`insert into notes (body) values (${'second'})`.execute(database.db);
    expect((await byId(1)).rows).toEqual([{ body: 'first' }]);
    expect((await byId(2)).rows).toEqual([{ body: 'second' }]);
    expect((await byId(3)).rows).toEqual([]);
    expect(preparedTimes('select body from notes where id = ?')).toBe(1);
  });

  it('keeps a cached statement working after a migration changes the table under it', async () => {
    const all = () => sql`select * from notes order by id`.execute(database.db);
    expect((await all()).rows).toEqual([{ id: 1, body: 'first' }]);
    await sql`alter table notes add column pinned integer not null default 0`.execute(database.db);
    await sql`insert into notes (body, pinned) values (${'second'}, 1)`.execute(database.db);
    expect((await all()).rows).toEqual([
      { id: 1, body: 'first', pinned: 0 },
      { id: 2, body: 'second', pinned: 1 },
    ]);
    expect(preparedTimes('select * from notes order by id')).toBe(1);
  });

  it('works inside transactions and after a table is dropped and made again', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db)).rows[0].n);
    await database.db.transaction().execute((trx) => sql`insert into notes (body) values (${'in trx'})`.execute(trx));
    const rolledBack = database.db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values (${'rolled back'})`.execute(trx);
      throw new Error('abort');
    });
    await expect(rolledBack).rejects.toThrow('abort');
    expect(await count()).toBe(2);
    await sql`drop table notes`.execute(database.db);
    await expect(count()).rejects.toThrow(/no such table/);
    await sql`create table notes (id integer primary key, body text not null, extra text)`.execute(database.db);
    expect(await count()).toBe(0);
  });
});

describe('SQLite planner statistics at open', () => {
  it('keeps each index selectivity (sqlite_stat1) and drops the value samples (sqlite_stat4) that make statements be prepared again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stat4-'));
    const file = path.join(dir, 'stats.db');
    try {
      const raw = new SQLite(file);
      raw.exec('create table marks (id integer primary key, student integer not null, quiz integer not null); create index marks_quiz on marks (quiz, student)');
      const insert = raw.prepare('insert into marks (student, quiz) values (?, ?)');
      raw.transaction(() => {
        for (let i = 0; i < 2_000; i++) insert.run(i, i % 7);
      })();
      raw.exec('analyze');
      const count = (db: SQLite.Database, table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      expect(count(raw, 'sqlite_stat4')).toBeGreaterThan(0);
      raw.close();

      const database = openDatabase({ DATABASE_URL: undefined, sqliteFile: file });
      const stats = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0].n);
      expect(await stats('sqlite_stat4')).toBe(0);
      expect(await stats('sqlite_stat1')).toBeGreaterThan(0);
      // The planner still uses the index.
      const plan = await sql<{ detail: string }>`explain query plan select id from marks where quiz = ${3} and student = ${10}`.execute(database.db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('marks_quiz');
      await database.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
