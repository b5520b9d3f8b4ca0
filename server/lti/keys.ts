import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Database } from '../db/tables';

/** The tool signs with RS256 (what LTI 1.3 requires of every platform and tool). */
export const TOOL_ALG = 'RS256';
/**
 * The longest a token signed by the tool is accepted (client assertions, deep-linking answers).
 * A rotated key stays in the key set this long after its retirement, so what it signed still verifies.
 */
export const SIGNED_TOKEN_MAX_SECONDS = 600;
export const RETIRED_KEY_SERVED_MS = 2 * SIGNED_TOKEN_MAX_SECONDS * 1000;

type Db = Kysely<Database>;
export interface ToolKeyInfo {
  kid: string;
  createdAt: number;
  retiredAt: number | null;
  /** The key that signs now. */
  current: boolean;
}

/** Imported private keys by kid (a key never changes once stored). */
const privateKeys = new Map<string, CryptoKey>();

async function insertKey(db: Db, now: number): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(TOOL_ALG, { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOOL_ALG, use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOOL_ALG, use: 'sig' };
  await db
    .insertInto('lti_keys')
    .values({ kid, private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify(publicJwk), created_at: now, retired_at: null })
    .execute();
  return kid;
}

const currentKeyRow = (db: Db) =>
  db.selectFrom('lti_keys').selectAll().where('retired_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst();

/**
 * Makes the tool's first key pair when there is none (at start). Several processes starting at once
 * may each make one: the newest signs, and every unretired key is published.
 */
export async function ensureToolKey(db: Db, now = Date.now()): Promise<void> {
  if (!(await currentKeyRow(db))) await insertKey(db, now);
}

/** Retires the signing key and makes a new one; the old one is still published for RETIRED_KEY_SERVED_MS. */
export async function rotateToolKey(db: Db, now = Date.now()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('lti_keys').set({ retired_at: now }).where('retired_at', 'is', null).execute();
    await trx.deleteFrom('lti_keys').where('retired_at', '<', now - RETIRED_KEY_SERVED_MS).execute();
    return insertKey(trx as unknown as Db, now);
  });
}

/** The public keys a platform verifies the tool's signatures with (the current one and those retired recently). */
export async function publicKeySet(db: Db, now = Date.now()): Promise<{ keys: JWK[] }> {
  const rows = await db
    .selectFrom('lti_keys')
    .select(['public_jwk'])
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', now - RETIRED_KEY_SERVED_MS)]))
    .orderBy('id', 'desc')
    .execute();
  return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
}

/** The tool's keys for the admin's screen, newest first. */
export async function toolKeys(db: Db, now = Date.now()): Promise<ToolKeyInfo[]> {
  const rows = await db
    .selectFrom('lti_keys')
    .select(['kid', 'created_at', 'retired_at'])
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', now - RETIRED_KEY_SERVED_MS)]))
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r, i) => ({ kid: r.kid, createdAt: Number(r.created_at), retiredAt: r.retired_at === null ? null : Number(r.retired_at), current: i === 0 && r.retired_at === null }));
}

/**
 * Signs a JWT with the tool's current key (RS256, its kid in the header), valid for `seconds`
 * (at most SIGNED_TOKEN_MAX_SECONDS).
 */
export async function signWithToolKey(db: Db, payload: JWTPayload, seconds: number, now = Date.now()): Promise<string> {
  let row = await currentKeyRow(db);
  if (!row) {
    await ensureToolKey(db, now);
    row = (await currentKeyRow(db))!;
  }
  let key = privateKeys.get(row.kid);
  if (!key) {
    key = (await importJWK(JSON.parse(row.private_jwk) as JWK, TOOL_ALG)) as CryptoKey;
    privateKeys.set(row.kid, key);
  }
  const iat = Math.floor(now / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: TOOL_ALG, kid: row.kid, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.min(seconds, SIGNED_TOKEN_MAX_SECONDS))
    .sign(key);
}
