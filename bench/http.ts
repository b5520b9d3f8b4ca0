import http from 'node:http';

/**
 * A small JSON client over node:http with keep-alive sockets. Each virtual student may be
 * given its own loopback source address (127.x.y.z), as real students come from their own
 * devices; the agent keeps one pool of sockets per source address.
 */
export interface JsonResponse {
  status: number;
  /** The parsed body, or undefined when it was not JSON. */
  body: any;
  /** Network error or timeout; status is 0 then. */
  error?: string;
  /** The Retry-After header in seconds, when the answer had one (a 503 or 429). */
  retryAfter?: number;
  startedAt: number;
  endedAt: number;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  token?: string;
  localAddress?: string;
  /** More request headers (a student in Safe Exam Browser sends its proof). */
  headers?: Record<string, string>;
}

export class JsonClient {
  readonly agent: http.Agent;
  /** The base address as given (scheme, host and port), to which the request paths are appended. */
  readonly baseUrl: string;
  private readonly host: string;
  private readonly port: number;

  /**
   * `maxFreeSockets`: idle sockets kept per source address. With one student per address, 1:
   * the second socket a double click opened closes once answered, so 10,000 students keep
   * 10,000 sockets (each is a file descriptor here and in the server), not twice as many.
   */
  constructor(
    baseUrl: string,
    private readonly timeoutMs = 120_000,
    maxFreeSockets = 100_000,
  ) {
    const url = new URL(baseUrl);
    this.baseUrl = url.origin;
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets, scheduling: 'lifo' });
  }

  request(opts: RequestOptions): Promise<JsonResponse> {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const headers: Record<string, string | number> = { accept: 'application/json', ...opts.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const startedAt = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: Omit<JsonResponse, 'startedAt' | 'endedAt'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...r, startedAt, endedAt: performance.now() });
      };
      const req = http.request(
        { host: this.host, port: this.port, method: opts.method, path: opts.path, headers, agent: this.agent, localAddress: opts.localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = undefined;
            }
            const retryAfter = Number(res.headers['retry-after']);
            done({ status: res.statusCode ?? 0, body, ...(retryAfter > 0 ? { retryAfter } : {}) });
          });
          res.on('error', (err) => done({ status: 0, body: undefined, error: err.message }));
        },
      );
      req.setTimeout(this.timeoutMs, () => {
        req.destroy(new Error(`timeout after ${this.timeoutMs} ms`));
      });
      req.on('error', (err) => done({ status: 0, body: undefined, error: err.message }));
      if (payload) req.end(payload);
      else req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * The loopback source address of the n-th client (n from 0): 127.10.0.1, 127.10.0.2, ...
 * Every address of 127.0.0.0/8 reaches this machine's own loopback interface.
 */
export function loopbackAddress(n: number): string {
  const b1 = 10 + Math.floor(n / 62_500);
  const rest = n % 62_500;
  return `127.${b1}.${Math.floor(rest / 250)}.${(rest % 250) + 1}`;
}
