import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { newToken } from '../auth/tokens';
import { platformsOfIssuer, type Platform } from './platforms';
import { LaunchRefused, STATE_TTL_MS } from './verify';

/** The parameters of an OIDC third-party login initiation (query of a GET or form of a POST). */
export interface LoginInitiation {
  iss?: unknown;
  login_hint?: unknown;
  target_link_uri?: unknown;
  lti_message_hint?: unknown;
  client_id?: unknown;
  lti_deployment_id?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 4096 ? v : undefined);

/**
 * Starts a launch: finds the registered platform, keeps a fresh state and nonce, and says where to
 * send the browser (the platform's authentication request: scope openid, response_type id_token,
 * response_mode form_post, prompt none).
 */
export async function initiateLogin(db: Kysely<Database>, params: LoginInitiation, redirectUri: string, now = Date.now()): Promise<{ location: string; state: string; platform: Platform }> {
  const iss = text(params.iss);
  const loginHint = text(params.login_hint);
  const target = text(params.target_link_uri);
  if (!iss || !loginHint || !target) {
    const missing = [!iss && 'iss', !loginHint && 'login_hint', !target && 'target_link_uri'].filter(Boolean).join(', ');
    throw new LaunchRefused('The LMS login was incomplete', `The login initiation lacks ${missing}.`, 'The LMS must call the login initiation URL with iss, login_hint and target_link_uri (LTI 1.3 OIDC third-party login).', 400);
  }
  const clientId = text(params.client_id);
  const deploymentId = text(params.lti_deployment_id);
  const candidates = (await platformsOfIssuer(db, iss)).filter((p) => clientId === undefined || p.clientId === clientId);
  if (!candidates.length) {
    throw new LaunchRefused(
      'This LMS is not registered',
      clientId ? `No LMS platform with issuer ${iss} and client ID ${clientId} is registered in the exam portal.` : `No LMS platform with issuer ${iss} is registered in the exam portal.`,
      'The portal’s admin registers the LMS under LMS platforms, with the issuer (platform ID) and client ID exactly as the LMS shows them.',
    );
  }
  if (candidates.length > 1) {
    throw new LaunchRefused('The LMS login was ambiguous', `Several registrations have issuer ${iss}, and the login did not name its client ID.`, 'The LMS must send client_id with the login initiation (LTI 1.3 requires it when one issuer has several registrations).', 400);
  }
  const platform = candidates[0];
  if (deploymentId !== undefined && !platform.deploymentIds.includes(deploymentId)) {
    throw new LaunchRefused(
      'The LMS deployment is not registered',
      `The deployment ID ${deploymentId} is not registered for this platform.`,
      `Add the deployment ID the LMS shows for this tool to the platform’s Deployment IDs in the portal (registered: ${platform.deploymentIds.join(', ')}).`,
    );
  }
  const state = newToken();
  const nonce = newToken();
  await db.deleteFrom('lti_states').where('expires_at', '<', now - STATE_TTL_MS).execute();
  await db.insertInto('lti_states').values({ state, nonce, platform_id: platform.id, created_at: now, expires_at: now + STATE_TTL_MS, used_at: null }).execute();
  const auth = new URL(platform.authLoginUrl);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: redirectUri,
    login_hint: loginHint,
    state,
    nonce,
  };
  const messageHint = text(params.lti_message_hint);
  if (messageHint !== undefined) query.lti_message_hint = messageHint;
  for (const [k, v] of Object.entries(query)) auth.searchParams.set(k, v);
  return { location: auth.toString(), state, platform };
}
