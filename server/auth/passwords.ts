import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';

/** Algorithm.Argon2id: the package's const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;
// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password a person chose: argon2id. */
export const hashPassword = (password: string) => limited(() => hash(password, OPTIONS));

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
 * argon2id costs about 20 ms of CPU. In a sign-in storm, running one per core would starve
 * everything else (answers being saved, exams starting): at most cores - 1 run at once and
 * the rest wait their turn.
 */
const ARGON2_AT_ONCE = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** A hash of a random password, verified against when the username is unknown so timing does not tell. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const dummy = await dummyHash;
    await limited(() => verify(dummy, password).catch(() => false));
    return false;
  }
  if (passwordHash.startsWith(GENERATED_PREFIX)) return verifyGenerated(passwordHash, password);
  return limited(() => verify(passwordHash, password).catch(() => false));
}

/** A readable initial password (12 characters of 55: about 69 bits) shown once to the person who created the account. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
