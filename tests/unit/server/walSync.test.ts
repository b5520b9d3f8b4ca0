// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { openDatabase, type Db } from '../../../server/db/database';

/** Durable commits whose fsync runs off the event loop (server/db/walSync.ts), on a real SQLite file. */
describe('SQLite durable commits', () => {
  let dir: string;
  let file: string;
  let database: Db;
  let datasync: MockInstance<() => Promise<void>>;
  /** What each datasync synced: the inode of its file. */
  let synced: number[];
  /** While set, each datasync waits for it before going on. */
  let gate: Promise<void> | undefined;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-sync-'));
    file = path.join(dir, 'portal.db');
    const probe = await fs.promises.open(path.join(dir, 'probe'), 'w');
    const fileHandle = Object.getPrototypeOf(probe) as { datasync: () => Promise<void>; stat: () => Promise<fs.Stats> };
    await probe.close();
    const real = fileHandle.datasync;
    synced = [];
    gate = undefined;
    datasync = vi.spyOn(fileHandle, 'datasync').mockImplementation(async function (this: { stat: () => Promise<fs.Stats> }) {
      synced.push((await this.stat()).ino);
      await gate;
      return real.call(this);
    });
    database = openDatabase({ DATABASE_URL: undefined, sqliteFile: file });
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    datasync.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const synchronous = async (db = database.db) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0].synchronous;
  const insert = (body: string) => database.durable((trx) => sql`insert into notes (body) values (${body})`.execute(trx));
  const bodies = async () => (await sql<{ body: string }>`select body from notes order by id`.execute(database.db)).rows.map((r) => r.body);
  const walInode = () => fs.statSync(`${file}-wal`).ino;
  const settled = async (p: Promise<unknown>) => {
    let done = false;
    void p.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    return done;
  };

  it('commits without the sync only inside its own reserved connection: every other statement runs with FULL', async () => {
    expect(await synchronous()).toBe(2);
    let inside = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const run = database.durable(async (trx) => {
      inside = await synchronous(trx);
      await sql`insert into notes (body) values ('held')`.execute(trx);
      await held;
    });
    // A statement issued while the durable transaction is open waits for it, then runs with FULL.
    const meanwhile = synchronous();
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await run;
    expect(inside).toBe(1);
    expect(await meanwhile).toBe(2);
    expect(await synchronous()).toBe(2);
  });

  it('answers only once the write-ahead log of the database is synced', async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const run = insert('kept');
    expect(await settled(run)).toBe(false);
    // Committed (readable) but not yet answered: the sync has not finished.
    expect(await bodies()).toEqual(['kept']);
    expect(synced).toEqual([walInode()]);
    open();
    await run;
    expect(datasync).toHaveBeenCalledTimes(1);
  });

  it('shares syncs: one that started before a commit does not answer it, the next one answers all that came meanwhile', async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const first = insert('first');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(datasync).toHaveBeenCalledTimes(1);
    const later = [insert('second'), insert('third'), insert('fourth')];
    expect(await settled(Promise.race(later))).toBe(false);
    expect(datasync).toHaveBeenCalledTimes(1);
    gate = undefined;
    open();
    await first;
    await Promise.all(later);
    // The three commits made during the first sync were answered by one more.
    expect(datasync).toHaveBeenCalledTimes(2);
    expect(await bodies()).toEqual(['first', 'second', 'third', 'fourth']);
  });

  it('rolls back a unit that throws and leaves the connection with FULL', async () => {
    await expect(
      database.durable(async (trx) => {
        await sql`insert into notes (body) values ('gone')`.execute(trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await bodies()).toEqual([]);
    expect(await synchronous()).toBe(2);
    expect(datasync).not.toHaveBeenCalled();
  });

  it('once the log cannot be synced, refuses that write and every later one', async () => {
    datasync.mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(insert('unsure')).rejects.toThrow("The database's write-ahead log could not be synced to disk (EIO: i/o error, fsync)");
    const work = vi.fn(async () => undefined);
    await expect(database.durable(work)).rejects.toThrow('could not be synced');
    expect(work).not.toHaveBeenCalled();
    expect(await synchronous()).toBe(2);
  });
});
