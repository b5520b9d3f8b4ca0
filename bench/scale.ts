import fs from 'node:fs';
import { ARGON2_PARAMETERS } from '../server/auth/passwords';

/**
 * What a run of many students (10,000) needs of the machine, and what sign-in costs. Every
 * student holds a keep-alive socket, which is a file descriptor in the load generator and in the
 * server process; a double start holds a second one for a moment.
 */

/** The soft limit of open files of this process (the server processes it starts inherit it). */
export function openFileLimit(): number {
  try {
    const line = /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    if (line) return line[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line[1]);
  } catch {
    /* not Linux */
  }
  return Number.POSITIVE_INFINITY;
}

/** Descriptors a process keeps for itself (database files, pipes, workers' handles, listening sockets). */
const RESERVED_FDS = 1_000;

/**
 * How many students of the throughput storms may start twice at once (two sockets each at that
 * moment) without the generator or a server process running out of descriptors: all of them below
 * the limit, else as many as fit. `processes`: server processes the students' sockets spread over.
 */
export function doubleStartsWithin(students: number, limit = openFileLimit()): number {
  const room = limit - RESERVED_FDS - students;
  return Math.max(0, Math.min(students, room));
}

/** One line for the console and the report: the descriptor budget of this run. */
export function fileLimitNote(students: number, limit = openFileLimit()): string | undefined {
  const doubles = doubleStartsWithin(students, limit);
  if (doubles >= students) return undefined;
  return (
    `open-file limit ${limit} (ulimit -n; its hard limit is the ceiling without privileges): ${students} students keep ${students} sockets in the load generator and the server, ` +
    `so only ${doubles} of them start twice at once in the throughput storms (the others once)`
  );
}

/** The argon2id parameters every sign-in pays, as printed beside the measured sign-ins per second. */
export const argon2Description = () =>
  `${ARGON2_PARAMETERS.algorithm}, m=${ARGON2_PARAMETERS.memoryKiB} KiB (${(ARGON2_PARAMETERS.memoryKiB / 1024).toFixed(0)} MiB), t=${ARGON2_PARAMETERS.passes}, p=${ARGON2_PARAMETERS.lanes} (OWASP's minimum: m=19 MiB, t=2, p=1)`;
