import type { Kysely } from 'kysely';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Database } from '../db/tables';
import { hashToken } from '../auth/tokens';
import { CLAIM, DEEP_LINKING_REQUEST, LTI_VERSION, RESOURCE_LINK_REQUEST } from './claims';
import { LTI_HTTP_TIMEOUT_MS, LTI_USER_AGENT } from './http';
import { platformById, type Platform } from './platforms';

/** How far the platform's clock may be off from ours (exp, iat). */
export const CLOCK_SKEW_SECONDS = 60;
/** A login's state and nonce work this long (the LMS posts the launch within seconds). */
export const STATE_TTL_MS = 10 * 60_000;

/** The cookie that binds a login's state to the browser that started it. */
export const stateCookieName = (state: string) => `lti_state_${hashToken(state).slice(0, 16)}`;

/** A launch refused: a title, what failed in words, and what the LMS administrator should check. */
export class LaunchRefused extends Error {
  constructor(
    readonly title: string,
    readonly what: string,
    readonly check: string,
    readonly status = 401,
  ) {
    super(what);
  }
}

const refuse = (what: string, check: string, title = 'The LMS launch was refused') => new LaunchRefused(title, what, check);

/** The platforms' key sets, fetched when first needed, kept for 10 minutes and fetched again for an unknown kid (at most every 30 s). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetOf(jwksUrl: string) {
  let set = keySets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), {
      headers: { 'User-Agent': LTI_USER_AGENT },
      timeoutDuration: LTI_HTTP_TIMEOUT_MS,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    keySets.set(jwksUrl, set);
  }
  return set;
}

export interface VerifiedLaunch {
  platform: Platform;
  claims: JWTPayload & Record<string, unknown>;
  messageType: typeof RESOURCE_LINK_REQUEST | typeof DEEP_LINKING_REQUEST;
  deploymentId: string;
}

/**
 * Checks a launch (the form post of `id_token` and `state`) completely before anything is created:
 * the state was issued here and is bound to this browser's cookie, the id_token is signed by a key of
 * the platform's key set (by kid), its issuer and audience (and azp) are the registration's, it is
 * within its lifetime (60 s skew), the nonce is the one issued with the state and was never used,
 * the deployment is registered, the version is 1.3.0 and the message type is one the tool handles.
 * The state and the nonce are spent only when every check passed.
 */
export async function verifyLaunch(
  db: Kysely<Database>,
  form: { id_token?: unknown; state?: unknown },
  cookies: Record<string, string | undefined>,
  now = Date.now(),
): Promise<VerifiedLaunch> {
  const idToken = typeof form.id_token === 'string' ? form.id_token : '';
  const state = typeof form.state === 'string' ? form.state : '';
  if (!idToken) throw refuse('The launch carried no id_token.', 'The LMS must post the id_token and the state to the redirect URI of the tool (response_mode form_post). Check the redirect URI in the LMS registration.');
  if (!state) throw refuse('The launch carried no state.', 'The LMS must send back the state it received at the login initiation. Check the login initiation URL and the redirect URI in the LMS registration.');
  const stateRow = await db.selectFrom('lti_states').selectAll().where('state', '=', state).executeTakeFirst();
  if (!stateRow || stateRow.expires_at <= now) {
    throw refuse('The launch’s state is unknown or has expired.', 'Open the activity again from the LMS. The login and the launch must follow each other within 10 minutes, through the login initiation URL of this portal.');
  }
  if (cookies[stateCookieName(state)] !== state) {
    throw refuse(
      'The launch came back to a different browser than the one that started it (the state cookie is missing).',
      'Set the tool’s launch container to "New window" in the LMS: browsers that block third-party cookies drop the state cookie inside a frame. The portal must also be reached over https.',
    );
  }
  const platform = await platformById(db, stateRow.platform_id);
  if (!platform) throw refuse('The platform of this launch is no longer registered.', 'Register the LMS again under LMS platforms in the portal.');

  let header: ReturnType<typeof decodeProtectedHeader>;
  let unverified: JWTPayload;
  try {
    header = decodeProtectedHeader(idToken);
    unverified = decodeJwt(idToken);
  } catch {
    throw refuse('The id_token is not a valid JWT.', 'The LMS must post a signed id_token (JWS compact form).');
  }
  if (unverified.iss !== platform.issuer) {
    throw refuse(
      `The id_token’s issuer (${String(unverified.iss)}) is not the registered issuer (${platform.issuer}).`,
      'The issuer in the portal’s LMS platform registration must be exactly the platform ID / issuer the LMS shows (Moodle: the site URL; Canvas: https://canvas.instructure.com).',
    );
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keySetOf(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (err) {
    throw describeJoseError(err, platform, header.kid);
  }
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp === undefined) {
    throw refuse('The id_token names several audiences but no authorized party (azp).', 'An LMS that names several audiences must name the tool’s client ID in azp.');
  }
  if (claims.azp !== undefined && claims.azp !== platform.clientId) {
    throw refuse(`The id_token’s authorized party (azp ${String(claims.azp)}) is not the registered client ID.`, 'The client ID in the portal’s registration must be the one the LMS generated for this tool.');
  }
  if (typeof claims.iat !== 'number' || claims.iat * 1000 > now + CLOCK_SKEW_SECONDS * 1000) {
    throw refuse('The id_token was issued in the future.', 'The LMS server’s clock is ahead of the portal’s by more than 60 seconds: both should use NTP.');
  }
  const version = claims[CLAIM.version];
  if (version !== LTI_VERSION) {
    throw refuse(`The launch is LTI version ${String(version ?? 'missing')}, not ${LTI_VERSION}.`, 'Register the portal in the LMS as an LTI 1.3 (LTI Advantage) tool, not LTI 1.1.');
  }
  const messageType = claims[CLAIM.messageType];
  if (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST) {
    throw refuse(
      `The launch’s message type (${String(messageType ?? 'missing')}) is not one the portal handles.`,
      `The portal takes ${RESOURCE_LINK_REQUEST} (opening a quiz) and ${DEEP_LINKING_REQUEST} (adding a quiz to a course).`,
    );
  }
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) {
    throw refuse(
      `The deployment ID ${String(deploymentId ?? '(none)')} is not registered for this platform.`,
      `Add the deployment ID the LMS shows for this tool to the platform’s Deployment IDs in the portal (registered: ${platform.deploymentIds.join(', ')}).`,
    );
  }
  const nonce = String(claims.nonce);
  const seen = await db.selectFrom('lti_nonces').select('nonce').where('issuer', '=', platform.issuer).where('nonce', '=', nonce).executeTakeFirst();
  if (seen) throw refuse('This id_token’s nonce was used before: the launch was replayed.', 'Open the activity again from the LMS; each launch must carry a new id_token.');
  if (stateRow.used_at !== null) throw refuse('This launch’s state was used already.', 'Open the activity again from the LMS; each launch starts at the login initiation URL.');
  if (nonce !== stateRow.nonce) {
    throw refuse('The id_token’s nonce is not the one the portal sent with this login.', 'The LMS must put the nonce of the authentication request into the id_token unchanged.');
  }
  // Spend the state and the nonce: a second post of the same launch finds either one used.
  const spent = await db.transaction().execute(async (trx) => {
    const moved = await trx.updateTable('lti_states').set({ used_at: now }).where('id', '=', stateRow.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('lti_nonces').where('expires_at', '<', now).execute();
    await trx
      .insertInto('lti_nonces')
      .values({ issuer: platform.issuer, nonce, expires_at: Math.max(now + STATE_TTL_MS, (typeof claims.exp === 'number' ? claims.exp * 1000 : now) + CLOCK_SKEW_SECONDS * 1000) })
      .execute();
    return true;
  });
  if (!spent) throw refuse('This launch’s state was used already.', 'Open the activity again from the LMS; each launch starts at the login initiation URL.');
  return { platform, claims: claims as VerifiedLaunch['claims'], messageType, deploymentId };
}

function describeJoseError(err: unknown, platform: Platform, kid: string | undefined): LaunchRefused {
  if (err instanceof errors.JWKSNoMatchingKey) {
    return refuse(
      `The platform’s key set has no key with the id_token’s key ID (kid ${kid ?? 'missing'}).`,
      `The Public keyset URL of the registration (${platform.jwksUrl}) must be the LMS’s own key set URL, and the LMS must sign with a key it publishes there.`,
    );
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return refuse('The id_token’s signature does not verify with the platform’s published key.', `Check the Public keyset URL of the registration (${platform.jwksUrl}): it must be the key set of this LMS.`);
  }
  if (err instanceof errors.JWTExpired) {
    return refuse('The id_token has expired.', 'Open the activity again. If this keeps happening, the LMS server’s clock is behind the portal’s by more than 60 seconds: both should use NTP.');
  }
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') {
      return refuse('The id_token is addressed to another client ID.', `The Client ID of the portal’s registration (${platform.clientId}) must be the one the LMS generated for this tool.`);
    }
    if (err.claim === 'iss') return refuse('The id_token’s issuer is not the registered issuer.', 'The issuer of the registration must be the platform ID the LMS shows.');
    if (err.claim === 'nbf' || err.claim === 'iat') return refuse('The id_token is not valid yet.', 'The LMS server’s clock is ahead of the portal’s by more than 60 seconds: both should use NTP.');
    return refuse(`The id_token’s ${err.claim} claim is missing or wrong (${err.reason}).`, 'The LMS must send an LTI 1.3 id_token with iss, aud, sub, exp, iat and nonce.');
  }
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) {
    return refuse('The id_token is not signed with RS256.', 'LTI 1.3 requires RS256 signatures: check the LMS’s signing key.');
  }
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || !(err instanceof errors.JOSEError)) {
    return refuse(`The platform’s key set could not be read from ${platform.jwksUrl}.`, 'The Public keyset URL must answer a JSON Web Key Set to the portal’s server (check the URL and that the LMS is reachable from the portal).');
  }
  return refuse(`The id_token could not be verified (${(err as Error).message}).`, `Check the Public keyset URL (${platform.jwksUrl}), the Client ID and the issuer of the registration.`);
}
