import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { bodyExcerpt, ltiFetch } from './http';
import { signWithToolKey } from './keys';
import type { Platform } from './platforms';

/** An LMS refused or failed a service call: its HTTP status (0 when it was not reached) and what it said. */
export class LmsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Access tokens by platform and scopes, until a little before they expire (this process). */
const cache = new Map<string, { token: string; expiresAt: number }>();
const EARLY_MS = 30_000;

/** Forgets the cached tokens (a test that restarts the platform). */
export const forgetAccessTokens = () => cache.clear();

/**
 * An OAuth 2 access token for the LMS's services (LTI Advantage): the client-credentials grant
 * with a JWT client assertion signed by the tool's key, as the platform's token endpoint expects.
 * Cached until it expires.
 */
export async function accessToken(db: Kysely<Database>, platform: Platform, scopes: readonly string[], now = Date.now()): Promise<string> {
  const scope = [...scopes].sort().join(' ');
  const key = `${platform.id}\n${platform.authTokenUrl}\n${platform.clientId}\n${scope}`;
  const cached = cache.get(key);
  if (cached && cached.expiresAt - EARLY_MS > now) return cached.token;
  const assertion = await signWithToolKey(
    db,
    { iss: platform.clientId, sub: platform.clientId, aud: platform.authTokenUrl, jti: randomUUID() },
    300,
    now,
  );
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    scope,
  });
  let res: Response;
  try {
    res = await ltiFetch(platform.authTokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form,
    });
  } catch (err) {
    throw new LmsError(0, `The LMS's access token URL could not be reached: ${(err as Error).message}`);
  }
  if (!res.ok) throw new LmsError(res.status, `The LMS refused an access token (HTTP ${res.status}): ${await bodyExcerpt(res)}`);
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) throw new LmsError(res.status, 'The LMS answered the access token request without an access_token');
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  cache.set(key, { token: body.access_token, expiresAt: now + seconds * 1000 });
  return body.access_token;
}

/** Drops a cached token the LMS no longer accepts (it answered 401). */
export function dropAccessToken(platform: Platform, scopes: readonly string[]): void {
  const scope = [...scopes].sort().join(' ');
  cache.delete(`${platform.id}\n${platform.authTokenUrl}\n${platform.clientId}\n${scope}`);
}
