import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** Algorithm.Argon2id: the package's const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;
// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id parameters every new hash is made with (what the bench prints beside its sign-ins per second). */
export const ARGON2_PARAMETERS = { algorithm: 'argon2id', memoryKiB: OPTIONS.memoryCost, passes: OPTIONS.timeCost, lanes: OPTIONS.parallelism } as const;

/**
 * A sign-in refused because too many password checks already wait for a hashing worker: the
 * caller answers 503 with Retry-After instead of letting the request wait towards a time-out.
 */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many sign-ins at once: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`);
  }
}

/** Hashes a password a person chose: argon2id. */
export const hashPassword = (password: string) => hashing.run<string>({ op: 'hash', password });

/**
 * Generated initial passwords are random (about 70 bits, see generatePassword), shown once and
 * replaced at first sign-in. Like any random token they need no slow hash to resist guessing:
 * a salted SHA-256 is enough, and lets a 10,000-student sheet import in seconds instead of minutes.
 * Every password a person chooses is argon2id.
 */
const GENERATED_PREFIX = '$sha256-generated$';

export function hashGeneratedPassword(password: string): string {
  const salt = randomBytes(16).toString('base64url');
  const digest = createHash('sha256').update(`${salt}:${password}`).digest('base64url');
  return `${GENERATED_PREFIX}${salt}$${digest}`;
}

function verifyGenerated(stored: string, password: string): boolean {
  const [salt, digest] = stored.slice(GENERATED_PREFIX.length).split('$');
  if (!salt || !digest) return false;
  const expected = Buffer.from(digest, 'base64url');
  const actual = createHash('sha256').update(`${salt}:${password}`).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * argon2id costs about 20 ms of CPU, on purpose. In a sign-in storm (an exam hall signing in at
 * once) that work must not slow the exam itself: answers being saved, papers being fetched. So it
 * runs on worker threads of its own at a lower CPU priority (nice 10): they take the cores that
 * requests leave idle and yield to the request thread and the database when those need them.
 * Linux keeps the nice value per thread; elsewhere the priority call may fail and is ignored.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
try { require('node:os').setPriority(workerData.nice); } catch {}
parentPort.on('message', ({ op, password, stored, options }) => {
  // The job's own time, without the thread's start or the wait for the main thread to read the answer.
  const from = performance.now();
  if (op === 'hash') {
    const result = argon2.hashSync(password, options);
    parentPort.postMessage({ result, ms: performance.now() - from });
    return;
  }
  let result = false;
  try { result = argon2.verifySync(stored, password); } catch { /* a malformed stored hash matches nothing */ }
  parentPort.postMessage({ result, ms: performance.now() - from });
});`;

type Job = { op: 'hash'; password: string } | { op: 'verify'; password: string; stored: string };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** A sign-in is not made to wait longer than this for a hashing worker, whatever the bound in numbers. */
const MAX_WAIT_MS = 20_000;

/** Workers left idle this long end, giving their memory back; the next sign-in starts one again (a few ms). */
const IDLE_MS = 30_000;

class HashingPool {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly queue: (Pending & { job: Job })[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private started = 0;
  /**
   * How long one job keeps a worker, smoothed (ms): what a wait in the queue is estimated from. It
   * is the hash's own time, measured on the worker: measured from the main thread it also held the
   * worker's start (hundreds of ms for a new thread) and the main thread's delay in reading the
   * answer in a storm, and the Retry-After it gave sent students away for up to a minute while
   * the queue drained in two seconds (bench/README.md, "Sign-in").
   */
  private jobMs = 20;

  constructor(private readonly size: number) {}

  /**
   * `queueLimit`: jobs that may already wait for a worker; beyond it the job is refused at once
   * (HashingBusy) instead of waiting. Without it the job always waits its turn.
   */
  run<T>(job: Job, queueLimit?: number): Promise<T> {
    if (queueLimit !== undefined && this.full(queueLimit)) return Promise.reject(new HashingBusy(this.retryAfterSeconds()));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /**
   * No room for one more bounded job: `queueLimit` already wait, or those waiting would keep it
   * more than MAX_WAIT_MS from a worker (a slow or busy machine hashes fewer a second).
   */
  full(queueLimit: number): boolean {
    if (this.started < this.size || this.idle.length > 0) return false;
    return this.queue.length >= queueLimit || (this.queue.length * this.jobMs) / this.size > MAX_WAIT_MS;
  }

  /** Jobs waiting for a worker, and the jobs being hashed now. */
  load(): { waiting: number; running: number } {
    return { waiting: this.queue.length, running: this.busy.size };
  }

  /** When the queue as it is now will have drained, in whole seconds (1 to 60). */
  retryAfterSeconds(): number {
    const ms = ((this.queue.length + this.busy.size) * this.jobMs) / this.size;
    return Math.min(60, Math.max(1, Math.ceil(ms / 1000)));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const free = this.idle.pop();
      if (free) clearTimeout(free.timer);
      const worker = free?.worker ?? (this.started < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const { job, resolve, reject } = this.queue.shift()!;
      this.busy.set(worker, { resolve, reject });
      // A worker at work keeps the process alive (a CLI awaiting a hash); an idle one does not.
      worker.ref();
      worker.postMessage({ ...job, options: OPTIONS });
    }
  }

  private spawn(): Worker {
    this.started++;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Plain JavaScript: none of the parent's loaders or flags.
      execArgv: [],
      workerData: { argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'), nice: 10 },
    });
    worker.on('message', (message: { result: unknown; ms: number }) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (Number.isFinite(message.ms)) this.jobMs = 0.8 * this.jobMs + 0.2 * message.ms;
      worker.unref();
      this.idle.push({ worker, timer: setTimeout(() => this.retire(worker), IDLE_MS).unref() });
      pending?.resolve(message.result);
      this.dispatch();
    });
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', () => this.lose(worker, new Error('password hashing worker stopped')));
    return worker;
  }

  /** An idle worker ends: out of the idle list first, so no job is sent to it while it stops. */
  private retire(worker: Worker): void {
    const at = this.idle.findIndex((i) => i.worker === worker);
    if (at < 0) return;
    this.idle.splice(at, 1);
    this.started--;
    void worker.terminate();
  }

  /** A worker that ended unexpectedly: its job, if any, fails and a new worker may start. */
  private lose(worker: Worker, error: Error): void {
    const pending = this.busy.get(worker);
    const at = this.idle.findIndex((i) => i.worker === worker);
    if (!pending && at < 0) return;
    this.busy.delete(worker);
    if (at >= 0) {
      clearTimeout(this.idle[at].timer);
      this.idle.splice(at, 1);
    }
    this.started--;
    pending?.reject(error);
    this.dispatch();
  }
}

// Each hash holds 19 MiB while it runs: at most 4 at once, whatever the number of cores.
const hashing = new HashingPool(Math.min(4, Math.max(1, os.availableParallelism())));
const verifyHash = (stored: string, password: string, queueLimit?: number) => hashing.run<boolean>({ op: 'verify', password, stored }, queueLimit);

/** The hashing pool's load now: sign-ins waiting for a worker and being checked. */
export const hashingLoad = () => hashing.load();

/**
 * Throws HashingBusy when `queueLimit` password checks already wait (or they are more than 20 s
 * of work for the workers): a sign-in checks this before
 * it counts as a try, so a refusal for load never counts against the account.
 */
export function assertHashingRoom(queueLimit: number): void {
  if (hashing.full(queueLimit)) throw new HashingBusy(hashing.retryAfterSeconds());
}

/** A hash of a random password, verified against when the username is unknown so timing does not tell. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against its stored hash on a hashing worker. With `queueLimit` (a sign-in),
 * the check is refused with HashingBusy when that many checks already wait for a worker.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string, queueLimit?: number): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    });
    const dummy = await dummyHash;
    await verifyHash(dummy, password, queueLimit);
    return false;
  }
  if (passwordHash.startsWith(GENERATED_PREFIX)) return verifyGenerated(passwordHash, password);
  return verifyHash(passwordHash, password, queueLimit);
}

/** A readable initial password (12 characters of 55: about 69 bits) shown once to the person who created the account. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
