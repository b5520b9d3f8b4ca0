/**
 * Renders the nginx site of the exam portal (deploy/nginx/portal.conf.template) with the
 * values of one installation, and writes the security-header include beside it.
 *
 *   npm run nginx:config -- --out /etc/nginx/sites-available/portal \
 *     --root /srv/portal/dist --processes 2 --first-port 3001 --listen 80 --server-name exam.example.org
 *
 * `npm run cluster` renders the same template for its local nginx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BODY_LIMIT_BYTES } from '../server/app';
import { loadConfig } from '../server/config';
import { UPLOAD_BODY_LIMIT_BYTES, UPLOAD_ROUTES } from '../server/upload/multipart';
import { writeHeaderInclude } from './nginx-headers';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEPLOY = path.join(ROOT, 'deploy', 'nginx');
/** Where Debian's package puts the Brotli module (libnginx-mod-http-brotli-static). */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface SiteOptions {
  /** Where the site file goes; the security-header include is written beside it. */
  out: string;
  /** The built front end (dist/ with its .br / .gz files). */
  root: string;
  /** host:port of each server process. */
  upstreams: string[];
  listen: string;
  serverName: string;
  /** Whether nginx has the Brotli module (else only the .gz files are used). */
  brotli: boolean;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)}k`;

export function renderSite(o: SiteOptions): string {
  const dir = path.dirname(path.resolve(o.out));
  const headers = writeHeaderInclude(path.join(dir, 'portal-security-headers.conf'));
  const proxyParams = path.join(dir, 'portal-proxy-params.conf');
  fs.copyFileSync(path.join(DEPLOY, 'proxy-params.conf'), proxyParams);
  const values: Record<string, string> = {
    // Never marked unavailable: a stopped process refuses a connection at once and the request goes
    // to the next one, while a busy one is only slow to accept (marking it down sent its share elsewhere, and then nowhere).
    UPSTREAM_SERVERS: o.upstreams.map((u) => `    server ${u} max_fails=0;`).join('\n'),
    LISTEN: o.listen,
    SERVER_NAME: o.serverName,
    ROOT: path.resolve(o.root),
    BROTLI_STATIC: o.brotli ? '    brotli_static on;' : '    # brotli_static on;  (needs libnginx-mod-http-brotli-static)',
    JSON_BODY_LIMIT: kb(BODY_LIMIT_BYTES),
    UPLOAD_BODY_LIMIT: kb(UPLOAD_BODY_LIMIT_BYTES),
    UPLOAD_ROUTES: UPLOAD_ROUTES.map((r) => r.replace(/^\//, '').replace(/[.]/g, '\\.')).join('|'),
    SECURITY_HEADERS: headers,
    PROXY_PARAMS: proxyParams,
    ERROR_PAGES: path.join(DEPLOY, 'errors'),
  };
  const template = fs.readFileSync(path.join(DEPLOY, 'portal.conf.template'), 'utf8');
  const text = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`portal.conf.template: unknown value {{${key}}}`);
    return values[key];
  });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(o.out, text);
  return o.out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: a } = parseArgs({
    options: {
      out: { type: 'string', default: 'deploy/nginx/portal.conf' },
      root: { type: 'string', default: path.join(ROOT, 'dist') },
      processes: { type: 'string', default: '2' },
      'first-port': { type: 'string', default: '3001' },
      host: { type: 'string', default: '127.0.0.1' },
      listen: { type: 'string', default: '80' },
      'server-name': { type: 'string', default: '_' },
    },
  });
  loadConfig(); // a bad environment stops here, as it would stop the server
  const n = Number(a.processes);
  const first = Number(a['first-port']);
  const out = renderSite({
    out: path.resolve(a.out!),
    root: a.root!,
    upstreams: Array.from({ length: n }, (_, i) => `${a.host}:${first + i}`),
    listen: a.listen!,
    serverName: a['server-name']!,
    brotli: fs.existsSync(BROTLI_MODULE),
  });
  console.log(`wrote ${out} (and the proxy parameters and security headers beside it)`);
}
