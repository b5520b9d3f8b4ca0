import type { Config } from '../config';

/**
 * Security headers of statically served files (header name -> value). The Node server sends them
 * itself; nginx, serving the same files in a multi-process setup, sends the same ones from an
 * include generated from this function (`npm run nginx:headers`).
 *
 * The header policy itself is defined with the security headers of the API; until then this
 * returns no header.
 */
export function staticSecurityHeaders(_config: Pick<Config, 'NODE_ENV'>): Record<string, string> {
  return {};
}
