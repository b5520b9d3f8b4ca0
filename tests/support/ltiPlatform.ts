import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet, type JWK, type JWTPayload } from 'jose';

/**
 * An LTI 1.3 platform played by the test suite (no reference platform runs offline): it signs
 * id_tokens with its own RSA key, serves its key set, answers the OIDC authentication request with
 * an auto-posting form (as Moodle and Canvas do), grants access tokens for a client assertion it
 * verifies against the tool's key set, records the scores the tool sends to a line item, and serves
 * a course's member list (NRPS) in pages.
 */
export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
export const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';

export interface RecordedScore {
  path: string;
  query: string;
  contentType: string | undefined;
  userAgent: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface Member {
  user_id: string;
  roles: string[];
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  status?: 'Active' | 'Inactive' | 'Deleted';
}

export interface TestPlatform {
  /** http://127.0.0.1:PORT */
  issuer: string;
  clientId: string;
  deploymentId: string;
  authLoginUrl: string;
  authTokenUrl: string;
  jwksUrl: string;
  /** A line item URL the way Moodle writes them (with a query string). */
  lineitem: string;
  membershipsUrl: string;
  /** The registration body for POST /api/lti-platforms. */
  registration(instituteId: number): Record<string, unknown>;
  /** Signs an id_token with the platform's key (or `opts.key` / `opts.kid` to play a forger). */
  sign(payload: JWTPayload, opts?: { kid?: string; key?: CryptoKey; expiresIn?: number; iat?: number }): Promise<string>;
  /** The claims of a resource-link launch for `sub` into `quizId`, with `overrides` on top. */
  launchClaims(opts: { nonce: string; sub: string; quizId?: number; roles?: string[]; name?: string; email?: string; resourceLinkId?: string }): JWTPayload;
  /** The claims of a deep-linking request from an instructor. */
  deepLinkingClaims(opts: { nonce: string; sub: string; email: string; returnUrl?: string; data?: string }): JWTPayload;
  /** The tool's key set, read through the tool (for checking what it signed). */
  scores: RecordedScore[];
  tokenRequests: { scope: string; assertion: JWTPayload }[];
  /** Statuses the score endpoint answers next, one per request (then 200). */
  scoreReplies: number[];
  members: Member[];
  /** The headers of each member list (NRPS) request, in order. */
  memberRequests: { path: string; accept: string | undefined; authorization: string | undefined; userAgent: string | undefined }[];
  /** Where the last auto-posting authentication answer sent the browser, and what it held. */
  lastAuthRequest?: URLSearchParams;
  /** The claims the auth endpoint puts in the id_token of the next browser launch (besides nonce, aud, iss). */
  nextBrowserLaunch?: (nonce: string) => JWTPayload;
  /** Deep-linking answers posted back to the return URL. */
  deepLinkReturns: string[];
  /** A second key the platform does not publish (a forger's). */
  strangerKey: CryptoKey;
  close(): Promise<void>;
}

export async function startTestPlatform(opts: { toolJwks: () => Promise<JSONWebKeySet>; toolTokenAudience?: string } ): Promise<TestPlatform> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const kid = `platform-${randomUUID().slice(0, 8)}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const clientId = `client-${randomUUID().slice(0, 8)}`;
  const deploymentId = '1';
  let base = '';
  const p = {
    clientId,
    deploymentId,
    scores: [] as RecordedScore[],
    tokenRequests: [] as { scope: string; assertion: JWTPayload }[],
    scoreReplies: [] as number[],
    members: [] as Member[],
    memberRequests: [],
    deepLinkReturns: [] as string[],
    strangerKey: stranger.privateKey,
  } as unknown as TestPlatform;

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });
  const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    try {
      if (url.pathname === '/jwks') return sendJson(res, 200, { keys: [jwk] });
      if (url.pathname === '/auth') {
        // The OIDC authentication request: answer with a form that posts the id_token to redirect_uri.
        const q = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
        p.lastAuthRequest = q;
        const nonce = q.get('nonce') ?? '';
        const claims = p.nextBrowserLaunch ? p.nextBrowserLaunch(nonce) : {};
        const idToken = await p.sign({ ...claims, nonce });
        const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><body><form id="f" method="post" action="${esc(q.get('redirect_uri') ?? '')}">
<input type="hidden" name="id_token" value="${esc(idToken)}"><input type="hidden" name="state" value="${esc(q.get('state') ?? '')}">
<button type="submit">Continue</button></form><script>document.getElementById('f').submit()</script></body></html>`);
        return;
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const keys = createLocalJWKSet(await opts.toolJwks());
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') {
          return sendJson(res, 400, { error: 'unsupported_grant_type' });
        }
        try {
          const { payload } = await jwtVerify(form.get('client_assertion') ?? '', keys, { issuer: clientId, subject: clientId, audience: p.authTokenUrl, algorithms: ['RS256'] });
          p.tokenRequests.push({ scope: form.get('scope') ?? '', assertion: payload });
        } catch (err) {
          return sendJson(res, 401, { error: 'invalid_client', error_description: (err as Error).message });
        }
        return sendJson(res, 200, { access_token: `at-${randomUUID()}`, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') });
      }
      if (url.pathname === '/lineitems/7/lineitem/scores' && req.method === 'POST') {
        const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
        const status = p.scoreReplies.shift() ?? 200;
        if (status === 200) {
          p.scores.push({
            path: url.pathname,
            query: url.search,
            contentType: req.headers['content-type'],
            userAgent: req.headers['user-agent'],
            authorization: req.headers.authorization,
            body,
          });
          return sendJson(res, 200, {});
        }
        return sendJson(res, status, { error: `the platform answers ${status} as told` });
      }
      if (url.pathname === '/memberships' && req.method === 'GET') {
        p.memberRequests.push({ path: `${url.pathname}${url.search}`, accept: req.headers.accept, authorization: req.headers.authorization, userAgent: req.headers['user-agent'] });
        const page = Number(url.searchParams.get('page') ?? '1');
        const size = 2;
        const members = p.members.slice((page - 1) * size, page * size);
        const more = page * size < p.members.length;
        return sendJson(
          res,
          200,
          { id: `${base}/memberships`, context: { id: 'course-1', label: 'C1', title: 'Course one' }, members },
          { 'Content-Type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json', ...(more ? { Link: `<${base}/memberships?page=${page + 1}>; rel="next"` } : {}) },
        );
      }
      if (url.pathname === '/deep-link-return' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        p.deepLinkReturns.push(form.get('JWT') ?? '');
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><p>Content item received</p>');
        return;
      }
      sendJson(res, 404, { error: 'not found' });
    } catch (err) {
      sendJson(res, 500, { error: (err as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  Object.assign(p, {
    issuer: base,
    authLoginUrl: `${base}/auth`,
    authTokenUrl: `${base}/token`,
    jwksUrl: `${base}/jwks`,
    lineitem: `${base}/lineitems/7/lineitem?type_id=7`,
    membershipsUrl: `${base}/memberships`,
    registration: (instituteId: number) => ({
      issuer: base,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${base}/auth`,
      authTokenUrl: `${base}/token`,
      jwksUrl: `${base}/jwks`,
      instituteId,
    }),
    sign: async (payload: JWTPayload, o: { kid?: string; key?: CryptoKey; expiresIn?: number; iat?: number } = {}) => {
      const iat = o.iat ?? Math.floor(Date.now() / 1000);
      return new SignJWT({ aud: clientId, iss: base, ...payload })
        .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + (o.expiresIn ?? 300))
        .sign(o.key ?? privateKey);
    },
    launchClaims: (o: { nonce: string; sub: string; quizId?: number; roles?: string[]; name?: string; email?: string; resourceLinkId?: string }): JWTPayload => ({
      nonce: o.nonce,
      sub: o.sub,
      ...(o.name ? { name: o.name } : {}),
      ...(o.email ? { email: o.email } : {}),
      [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: deploymentId,
      [`${LTI_CLAIM}target_link_uri`]: 'http://localhost/api/lti/launch',
      [`${LTI_CLAIM}resource_link`]: { id: o.resourceLinkId ?? 'link-1', title: 'Quiz in the LMS' },
      [`${LTI_CLAIM}roles`]: o.roles ?? [LEARNER],
      [`${LTI_CLAIM}context`]: { id: 'course-1', label: 'C1', title: 'Course one' },
      ...(o.quizId === undefined ? {} : { [`${LTI_CLAIM}custom`]: { quiz_id: String(o.quizId) } }),
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitems: `${base}/lineitems?type_id=7`,
        lineitem: `${base}/lineitems/7/lineitem?type_id=7`,
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${base}/memberships`,
        service_versions: ['2.0'],
      },
    }),
    deepLinkingClaims: (o: { nonce: string; sub: string; email: string; returnUrl?: string; data?: string }): JWTPayload => ({
      nonce: o.nonce,
      sub: o.sub,
      email: o.email,
      name: 'Course Teacher',
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: deploymentId,
      [`${LTI_CLAIM}roles`]: [INSTRUCTOR],
      [`${LTI_CLAIM}context`]: { id: 'course-1', label: 'C1', title: 'Course one' },
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: o.returnUrl ?? `${base}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: false,
        ...(o.data ? { data: o.data } : {}),
      },
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return p;
}
