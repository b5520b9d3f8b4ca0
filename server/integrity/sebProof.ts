import { createHash, timingSafeEqual } from 'node:crypto';

/** Headers Safe Exam Browser adds to the requests it makes. */
export const CONFIG_KEY_HASH_HEADER = 'x-safeexambrowser-configkeyhash';
export const REQUEST_HASH_HEADER = 'x-safeexambrowser-requesthash';
/**
 * Headers the exam page adds from SEB's JavaScript API (`SafeExamBrowser.security`), whose
 * values hash the page's URL, not the API's: so the page's URL comes with them.
 */
export const PAGE_URL_HEADER = 'x-seb-page-url';
export const JS_CONFIG_KEY_HEADER = 'x-seb-config-key';
export const JS_BROWSER_EXAM_KEY_HEADER = 'x-seb-browser-exam-key';

export interface SebRequirement {
  configKey: string;
  /** Empty: any SEB build that runs the quiz's configuration. */
  browserExamKeys: readonly string[];
}

export interface SebRequest {
  /** The path and query exactly as the client sent them (Fastify's `req.url`). */
  url: string;
  protocol: string;
  /** Host header (with its port). */
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The portal's public base address: PUBLIC_URL when set (behind a proxy), else the request's own. */
export function baseUrlOf(req: Pick<SebRequest, 'protocol' | 'host'>, publicUrl?: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  // As a browser writes the address SEB hashes: host in lower case, no default port.
  const host = req.host.toLowerCase();
  const defaultPort = req.protocol === 'https' ? ':443' : ':80';
  return `${req.protocol}://${host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host}`;
}

/** The absolute URL of a request as SEB hashed it: the base address, then the path and query as sent (a fragment never reaches the server). */
export const absoluteUrlOf = (req: Pick<SebRequest, 'protocol' | 'host' | 'url'>, publicUrl?: string) => `${baseUrlOf(req, publicUrl)}${req.url}`;

const HEX64 = /^[0-9a-f]{64}$/i;
const header = (req: SebRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/** SHA-256(url + key) equals the given hex hash, compared in constant time. */
export function keyHashMatches(given: string | undefined, url: string, key: string): boolean {
  if (!given || !HEX64.test(given)) return false;
  const expected = createHash('sha256').update(url + key).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** The page URL sent with the JavaScript API's values, if it is a page of this portal (no fragment). */
function ownPageUrl(req: SebRequest, base: string): string | undefined {
  const page = header(req, PAGE_URL_HEADER);
  if (!page || page.includes('#') || page.length > 2048) return undefined;
  return page.startsWith(`${base}/`) ? page : undefined;
}

/**
 * Whether the request proves that it comes from Safe Exam Browser running the quiz's
 * configuration (and, when the teacher listed Browser Exam Keys, one of those builds):
 * SEB's request headers hash the request's absolute URL; the JavaScript API's values
 * hash the page's URL, which must be on the portal's own address.
 */
export function sebProofHolds(req: SebRequest, requirement: SebRequirement, publicUrl?: string): boolean {
  const base = baseUrlOf(req, publicUrl);
  const url = absoluteUrlOf(req, publicUrl);
  const page = ownPageUrl(req, base);
  const configOk =
    keyHashMatches(header(req, CONFIG_KEY_HASH_HEADER), url, requirement.configKey) ||
    (page !== undefined && keyHashMatches(header(req, JS_CONFIG_KEY_HEADER), page, requirement.configKey));
  if (!configOk) return false;
  if (requirement.browserExamKeys.length === 0) return true;
  const requestHash = header(req, REQUEST_HASH_HEADER);
  const jsKey = header(req, JS_BROWSER_EXAM_KEY_HEADER);
  let buildOk = false;
  // Every allowed key is tried, so the time taken does not tell which one matched.
  for (const bek of requirement.browserExamKeys) {
    if (keyHashMatches(requestHash, url, bek)) buildOk = true;
    if (page !== undefined && keyHashMatches(jsKey, page, bek)) buildOk = true;
  }
  return buildOk;
}
