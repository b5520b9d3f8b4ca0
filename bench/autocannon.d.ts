/** The part of autocannon's programmatic API the save ratio uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    }
    interface Client extends EventEmitter {
      setRequests(requests: Request[]): void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      timeout?: number;
      path?: string;
      requests?: Request[];
      setupClient?: (client: Client) => void;
    }
    interface Instance extends EventEmitter {
      stop(): void;
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: unknown) => void): autocannon.Instance;
  export default autocannon;
}
