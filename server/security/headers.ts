import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';

/**
 * The security headers of every answer (API, front end, Swagger UI), built from the configuration
 * in one place: this server sets them on what it sends, and a reverse proxy that serves the
 * built front end itself adds the same pairs (staticSecurityHeaders).
 *
 * The session token lives in the browser's localStorage, where any script running on the page can
 * read it; the Content-Security-Policy is what keeps foreign script off the page. So: scripts only
 * from the portal itself (no inline script, no eval), images only from the portal and data: URLs
 * (a Markdown image in a question cannot make students' browsers call another host), requests only
 * to the portal, no plugins, no framing by other sites, forms posting only to the portal.
 * Google's reCAPTCHA hosts are allowed only when the server verifies captchas (RECAPTCHA_SECRET).
 */

/** reCAPTCHA v2 loads its script from these hosts and shows its challenge in a frame from Google. */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};

/** Powerful browser features: the camera (face detection during an exam) for the portal itself, the rest for no one. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

const https = (config: Config) => config.PUBLIC_URL?.startsWith('https://') === true;

/** The Content-Security-Policy directives, in the order they are sent. */
export function cspDirectives(config: Config): Record<string, string[]> {
  const captcha = Boolean(config.RECAPTCHA_SECRET);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    // 'wasm-unsafe-eval' lets the exam page compile the face detector's WebAssembly (served from the
    // portal itself); it allows no JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(captcha ? RECAPTCHA.script : [])],
    'script-src-attr': ["'none'"],
    // MUI's styles are written by emotion into <style> elements at run time: a fixed policy (one a
    // proxy can send for static files) cannot carry a per-request nonce for them. Styles cannot run
    // script, and Markdown never becomes HTML, so no one but the app writes them.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(captcha ? RECAPTCHA.connect : [])],
    'frame-src': captcha ? RECAPTCHA.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  if (https(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The same policy as options of @fastify/helmet (the reference the header pairs are tested against). */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    referrerPolicy: { policy: 'no-referrer' },
    // Only a portal reached over https may tell browsers to insist on https.
    strictTransportSecurity: https(config) ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xPoweredBy: true,
    xXssProtection: true,
  };
}

/** A Content-Security-Policy header's value from its directives. */
export const cspHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join(';');

/**
 * The header name -> value pairs this server sends with every answer, for a reverse proxy to add
 * to the static files it serves itself (the same values helmet sends; a test holds them equal).
 */
export function staticSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': cspHeader(cspDirectives(config)),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  if (https(config)) headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;
  return headers;
}

/** The pairs of staticSecurityHeaders with lower-case names, built once at start. */
export type SecurityHeaderPairs = readonly (readonly [string, string])[];
export const securityHeaderPairs = (config: Config): SecurityHeaderPairs =>
  Object.entries(staticSecurityHeaders(config)).map(([name, value]) => [name.toLowerCase(), value] as const);

/** Adds the pairs among the reply's headers (a route may still replace one afterwards). */
export function setSecurityHeaders(reply: FastifyReply, pairs: SecurityHeaderPairs): void {
  for (let i = 0; i < pairs.length; i++) reply.header(pairs[i][0], pairs[i][1]);
}

/**
 * Sets the pairs of staticSecurityHeaders on every answer (API, files, the Swagger UI, errors and
 * 404s): at the start of each request, among Fastify's own reply headers, so a route may still
 * replace one. The answers the router gives before any hook runs (a malformed percent-escape, a
 * path part too long) get them from the app's frameworkErrors handler, with the same pairs.
 * The pairs are built once at start, with lower-case names: registering
 * @fastify/helmet instead builds helmet's middleware and parses the policy again on every request.
 * They go through reply.header, not the raw response's setHeader: a header set on the raw response
 * first sends Node down its slower path for every answer (each of Fastify's headers set again, one
 * array per header, kept while the answer waits for its batch), which cost a save about a fifth of
 * its server CPU time in the bench's save storm. A test holds these pairs equal to what helmet
 * sends with helmetOptions.
 */
const plugin: FastifyPluginAsync<{ pairs: SecurityHeaderPairs }> = async (app, { pairs }) => {
  app.addHook('onRequest', (_req, reply, done) => {
    setSecurityHeaders(reply, pairs);
    done();
  });
};
export const securityHeaders = fp(plugin, { name: 'security-headers' });
