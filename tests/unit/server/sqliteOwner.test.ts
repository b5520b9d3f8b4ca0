// @vitest-environment node
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimSqlite, SqliteOwnerError } from '../../../server/db/sqliteOwner';

describe('one server process per SQLite file', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-owner-'));
    file = path.join(dir, 'portal.db');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second process while the first runs, naming it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(`${file}.pid`, `${other.pid}\n`);
      expect(() => claimSqlite(file)).toThrow(SqliteOwnerError);
      expect(() => claimSqlite(file)).toThrow(new RegExp(`already used by server process ${other.pid}.*PostgreSQL \\(DATABASE_URL\\)`));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that is gone, and releases it', async () => {
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    fs.writeFileSync(`${file}.pid`, `${gone.pid}\n`);
    const owner = claimSqlite(file);
    expect(fs.readFileSync(`${file}.pid`, 'utf8').trim()).toBe(String(process.pid));
    owner.release();
    expect(fs.existsSync(`${file}.pid`)).toBe(false);
  });
});
