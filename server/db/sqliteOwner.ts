import fs from 'node:fs';
import path from 'node:path';

/**
 * The SQLite database belongs to one server process: its caches (sessions, attempts, the save
 * batch) and its limits are that process's own, and there is no channel telling another process
 * what changed. A lock file with the owner's pid beside the database makes a second process on
 * the same file stop at start-up with a clear message. A lock left by a process that no longer
 * runs (a crash, a power loss) is taken over.
 */
export class SqliteOwnerError extends Error {}

export interface SqliteOwnership {
  file: string;
  release(): void;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function claimSqlite(sqliteFile: string): SqliteOwnership {
  const file = `${sqliteFile}.pid`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && running(owner)) {
      throw new SqliteOwnerError(
        `The SQLite database ${sqliteFile} is already used by server process ${owner}. SQLite serves one process only: ` +
          'stop that process, or use PostgreSQL (DATABASE_URL) to run several. ' +
          `(If no such process runs, delete ${file}.)`,
      );
    }
    // Left by a process that is gone: taken over.
    fs.rmSync(file, { force: true });
  }
  throw new SqliteOwnerError(`Could not claim the SQLite database ${sqliteFile}: ${file} keeps coming back`);
}
