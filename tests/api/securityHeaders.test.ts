/**
 * Security headers on every answer: the API (successes and errors), the built front end (files,
 * index.html and client-side routes) and the Swagger UI, with the values a reverse proxy is told
 * to add (staticSecurityHeaders). HSTS only when PUBLIC_URL is https; Google's reCAPTCHA hosts only
 * when the server verifies captchas.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../../server/config';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { helmetOptions, PERMISSIONS_POLICY, staticSecurityHeaders } from '../../server/security/headers';
import { describeDb, useTestApp, type TestApp } from './helper';

/** A tiny built front end: index.html and one script, as vite writes them. */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
fs.mkdirSync(path.join(staticDir, 'assets'));
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'console.log("portal");');

/** The CSP as a map of directive -> values. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  expect(header, 'no Content-Security-Policy').not.toBe('');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** Every pair a proxy is told to add is on this answer, with the same value. */
function expectSecurityHeaders(t: TestApp, res: LightMyRequestResponse, what: string) {
  const expected = staticSecurityHeaders(t.config);
  for (const [name, value] of Object.entries(expected)) {
    expect(res.headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  }
}

/**
 * The server sends pairs built once at start; @fastify/helmet with the same policy (helmetOptions)
 * is the reference: it must send exactly those pairs (but Permissions-Policy, which helmet lacks).
 */
async function expectHelmetAgrees(config: Config) {
  const bare = Fastify();
  await bare.register(helmet, helmetOptions(config));
  bare.get('/', async () => 'x');
  const res = await bare.inject({ method: 'GET', url: '/' });
  await bare.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const fromHelmet = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !own.has(name)));
  const expected = Object.fromEntries(Object.entries(staticSecurityHeaders(config)).map(([name, value]) => [name.toLowerCase(), value]));
  expect(expected['permissions-policy']).toBe(PERMISSIONS_POLICY);
  delete expected['permissions-policy'];
  expect(fromHelmet).toEqual(expected);
}

describeDb('security headers', () => {
  describe('over http (no PUBLIC_URL), without a captcha secret', () => {
    const t = useTestApp({ STATIC_DIR: staticDir });

    it('are exactly what helmet sends with the same policy', async () => {
      await expectHelmetAgrees(t.config);
    });

    it('are on API answers, successes and errors alike', async () => {
      const answers = {
        'a success': await t.request('GET', '/api/health'),
        'a 404': await t.request('GET', '/api/no-such-route'),
        'a 405 (no session)': await t.request('GET', '/api/teacher/verify'),
        'a 400': await t.request('POST', '/api/auth/login', { body: {} }),
        'a 400 (body that is not JSON)': await t.portal.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' }),
        'a 413 (body over the limit)': await t.portal.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(BODY_LIMIT_BYTES) }) }),
        'a 415 (a body type no route reads)': await t.portal.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/x-unknown' }, payload: 'x' }),
        'a 400 (a malformed percent-escape, refused by the router)': await t.request('GET', '/api/quizzes/%zz'),
        'a 414 (a path part too long, refused by the router)': await t.request('GET', `/api/question-images/${'1'.repeat(150)}`),
      };
      for (const [what, res] of Object.entries(answers)) {
        expect(res.statusCode, what).not.toBe(500);
        expectSecurityHeaders(t, res, what);
      }
      expect(answers['a 404'].statusCode).toBe(404);
      expect(answers['a 413 (body over the limit)'].statusCode).toBe(413);
      expect(answers['a 400 (a malformed percent-escape, refused by the router)'].statusCode).toBe(400);
      expect(answers['a 414 (a path part too long, refused by the router)'].statusCode).toBe(414);
    });

    it('are on a revalidated index.html (304)', async () => {
      const first = await t.request('GET', '/');
      const etag = String(first.headers.etag);
      const again = await t.request('GET', '/', { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expectSecurityHeaders(t, again, 'a 304');
    });

    it('are on the built front end: index.html, its files and client-side routes', async () => {
      for (const url of ['/', '/assets/index-abc.js', '/teacher/questions', '/student/availableQuiz/instruction/3']) {
        const res = await t.request('GET', url);
        expect(res.statusCode, url).toBe(200);
        expectSecurityHeaders(t, res, url);
      }
    });

    it('are on the Swagger UI', async () => {
      for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui.css']) {
        const res = await t.request('GET', url);
        expect(res.statusCode, url).toBe(200);
        expectSecurityHeaders(t, res, url);
      }
    });

    it('name the policy this portal needs', async () => {
      const res = await t.request('GET', '/');
      const policy = csp(res);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['frame-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(self\)(,|$)/);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)(,|$)/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(staticSecurityHeaders(t.config)['Strict-Transport-Security']).toBeUndefined();
    });
  });

  describe('behind https (PUBLIC_URL https://…), with a captcha secret', () => {
    const t = useTestApp({ STATIC_DIR: staticDir, PUBLIC_URL: 'https://exams.college.example', RECAPTCHA_SECRET: 'test-secret' });

    it('are exactly what helmet sends with the same policy', async () => {
      await expectHelmetAgrees(t.config);
    });

    it('add HSTS and allow Google\'s reCAPTCHA hosts for script, frame and connect only', async () => {
      for (const url of ['/api/health', '/', '/assets/index-abc.js']) {
        const res = await t.request('GET', url);
        expectSecurityHeaders(t, res, url);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const policy = csp(await t.request('GET', '/'));
      expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
      expect(policy['frame-src']).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/']);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['upgrade-insecure-requests']).toEqual([]);
    });
  });

  describe('over plain http with PUBLIC_URL http://…', () => {
    const t = useTestApp({ STATIC_DIR: staticDir, PUBLIC_URL: 'http://exams.lan.example' });

    it('are exactly what helmet sends with the same policy', async () => {
      await expectHelmetAgrees(t.config);
    });

    it('send no HSTS', async () => {
      const res = await t.request('GET', '/api/health');
      expectSecurityHeaders(t, res, '/api/health');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
