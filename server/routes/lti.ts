import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie, stringifySetCookie } from 'cookie';
import { perMinuteLimit } from '../auth/rateLimits';
import { baseUrlOf } from '../integrity/sebProof';
import { notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { cspDirectives, cspHeader } from '../security/headers';
import { EXAM_LINK_PARAM } from '../exam/links';
import { publicKeySet, rotateToolKey, toolKeys } from '../lti/keys';
import { initiateLogin } from '../lti/login';
import { deepLinkingResponse, handleLaunch, HANDOFF_MS, takeHandoff } from '../lti/launch';
import { AUTOPOST_SCRIPT, AUTOPOST_SCRIPT_PATH, autoPostPage, failurePage, openInWindowPage, pickerPage } from '../lti/pages';
import { platformOrigins } from '../lti/platforms';
import { LaunchRefused, STATE_TTL_MS, stateCookieName, verifyLaunch } from '../lti/verify';
import { accountName } from '../lti/accounts';
import { LTI_HANDOFF_PARAM } from '../../src/config/ltiHandoff';

/** The tool's addresses, as an LMS administrator pastes them into the LMS. */
export function toolUrls(base: string) {
  const launchUrl = `${base}/api/lti/launch`;
  return {
    toolUrl: launchUrl,
    loginUrl: `${base}/api/lti/login`,
    redirectUris: [launchUrl],
    launchUrl,
    jwksUrl: `${base}/api/lti/jwks`,
    deepLinkingUrl: launchUrl,
  };
}

/**
 * LTI 1.3 (LTI Advantage): the tool's key set and configuration, the OIDC login initiation, the
 * launch (a learner into the exam through a one-time exam link, an instructor to the quiz's manage
 * page, deep linking to a quiz picker) and the admin's key rotation. Launch pages are plain HTML:
 * a refused launch answers 401 (or 400/403/404) with a page saying what failed and what to check.
 */
const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lti'];
  const base = (req: FastifyRequest) => baseUrlOf(req, app.config.PUBLIC_URL);
  /**
   * The state cookie is `SameSite=None` (the launch is a cross-site form post from the LMS), which
   * browsers take only with `Secure`: set on https, and on a loopback address, where browsers treat
   * plain http as secure (an LMS and a portal on one machine, as in the tests).
   */
  const secure = (req: FastifyRequest) => {
    const url = new URL(base(req));
    return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  };
  /** The cookie that binds a login's state to this browser (set at the login, cleared by the launch). */
  const stateCookie = (req: FastifyRequest, state: string, value: string, maxAge: number) =>
    stringifySetCookie({ name: stateCookieName(state), value, httpOnly: true, sameSite: 'none', secure: secure(req), path: '/api/lti', maxAge });
  const limit = perMinuteLimit(app, 'lti', app.config.EXAM_LINK_RATE_PER_MINUTE);

  // An LMS posts its forms (login initiation, launch) url-encoded; only these routes read that type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /**
   * The headers of an LTI page: the portal's policy, except that registered LMSs may frame it
   * (a launch inside the LMS), and a form may post to `formTargets` (the deep-linking answer).
   */
  async function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []) {
    const directives = cspDirectives(app.config);
    directives['frame-ancestors'] = ["'self'", ...(await platformOrigins(app.db))];
    directives['form-action'] = ["'self'", ...formTargets];
    reply.removeHeader('x-frame-options');
    return reply.code(status).header('content-security-policy', cspHeader(directives)).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }
  const refusedPage = (reply: FastifyReply, err: unknown) => {
    if (err instanceof LaunchRefused) return sendPage(reply, err.status, failurePage(err.title, err.what, err.check));
    throw err;
  };

  app.get('/lti/jwks', { schema: { tags, summary: 'The tool’s public keys (RS256, JWKS)' } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicKeySet(app.db);
  });

  app.get('/lti/config', { schema: { tags, summary: 'The values an LMS administrator registers the tool with' } }, async (req) =>
    ok(toolUrls(base(req)), 'LTI tool configuration'),
  );

  app.get(AUTOPOST_SCRIPT_PATH.replace(/^\/api/, ''), { schema: { tags, summary: 'The script that posts a deep-linking answer back to the LMS' } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(AUTOPOST_SCRIPT),
  );

  app.get('/lti/keys', { onRequest: app.requireRole('ADMIN'), schema: { tags, summary: 'The tool’s signing keys' } }, async () => ok({ keys: await toolKeys(app.db) }));
  app.post('/lti/keys/rotate', { onRequest: app.requireRole('ADMIN'), schema: { tags, summary: 'Make a new signing key (the old one stays published 20 minutes)' } }, async () =>
    ok({ kid: await rotateToolKey(app.db) }, 'A new signing key is in use'),
  );

  async function login(req: FastifyRequest, reply: FastifyReply) {
    const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown>;
    try {
      const { location, state } = await initiateLogin(app.db, params ?? {}, `${base(req)}/api/lti/launch`);
      reply.header('set-cookie', stateCookie(req, state, state, STATE_TTL_MS / 1000));
      return reply.code(302).header('cache-control', 'no-store').header('location', location).send();
    } catch (err) {
      return refusedPage(reply, err);
    }
  }
  app.get('/lti/login', { onRequest: limit, schema: { tags, summary: 'OIDC third-party login initiation (from the LMS)' } }, login);
  app.post('/lti/login', { onRequest: limit, schema: { tags, summary: 'OIDC third-party login initiation (from the LMS, form post)' } }, login);

  app.post('/lti/launch', { onRequest: limit, schema: { tags, summary: 'The LMS’s launch: a form post of id_token and state' } }, async (req, reply) => {
    const form = (req.body ?? {}) as { id_token?: unknown; state?: unknown };
    const cookies = parseCookie(req.headers.cookie ?? '');
    try {
      const launch = await verifyLaunch(app.db, form, cookies);
      // The state cookie has done its work.
      if (typeof form.state === 'string') {
        reply.header('set-cookie', stateCookie(req, form.state, '', 0));
      }
      const outcome = await handleLaunch(app.db, launch);
      const inFrame = req.headers['sec-fetch-dest'] === 'iframe';
      if (outcome.kind === 'deep_link') return sendPage(reply, 200, pickerPage(outcome.code, outcome.teacherName, outcome.quizzes, '/api/lti/deep-link'));
      const target =
        outcome.kind === 'learner'
          ? `/?${EXAM_LINK_PARAM}=${encodeURIComponent(outcome.examToken)}`
          : `/?${LTI_HANDOFF_PARAM}=${encodeURIComponent(outcome.handoff)}`;
      if (inFrame) {
        // Inside the LMS's frame the exam's own checks (camera, Safe Exam Browser, a stored session) may not work: a window of its own.
        return sendPage(
          reply,
          200,
          outcome.kind === 'learner'
            ? openInWindowPage('Your exam opens in a new window', 'The exam runs in a window of its own, outside the LMS page.', target, 'Open the exam')
            : openInWindowPage('The quiz opens in a new window', 'The portal’s quiz page opens in a window of its own.', target, 'Open the quiz'),
        );
      }
      return reply.code(302).header('cache-control', 'no-store').header('location', target).send();
    } catch (err) {
      return refusedPage(reply, err);
    }
  });

  app.post('/lti/deep-link', { onRequest: limit, schema: { tags, summary: 'The instructor’s choice of quiz, answered to the LMS' } }, async (req, reply) => {
    const form = (req.body ?? {}) as { code?: unknown; quizId?: unknown };
    try {
      const { returnUrl, jwt, quizName } = await deepLinkingResponse(app.db, typeof form.code === 'string' ? form.code : '', form.quizId, toolUrls(base(req)).launchUrl);
      return sendPage(reply, 200, autoPostPage(`Adding “${quizName}” to your course`, returnUrl, { JWT: jwt }), [new URL(returnUrl).origin]);
    } catch (err) {
      return refusedPage(reply, err);
    }
  });

  app.post(
    '/lti/handoff',
    {
      onRequest: limit,
      schema: { tags, summary: 'Trade an instructor launch’s one-time code for a teacher session', body: z.object({ code: z.string().min(16).max(128) }) },
    },
    async (req) => {
      const now = Date.now();
      const row = await takeHandoff(app.db, req.body.code, 'instructor', now);
      if (!row || row.quiz_id === null) throw notFound(`This LMS launch has expired (it works once, within ${HANDOFF_MS / 60_000} minutes): open the activity from the LMS again`);
      const token = await app.sessions.create(row.user_id, 'TEACHER', { now, kind: 'lti' });
      return ok({ token, role: 'TEACHER' as const, username: await accountName(app.db, row.user_id), quizId: row.quiz_id }, 'Signed in from the LMS');
    },
  );
};

export default ltiRoutes;
