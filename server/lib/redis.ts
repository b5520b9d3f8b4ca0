import { Redis, type RedisOptions } from 'ioredis';

/** The least a Redis link needs to report trouble: a logger with warn and info. */
export interface LinkLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisStatus {
  configured: true;
  reachable: boolean;
  /** The last error seen while unreachable, for /api/ready. */
  error?: string;
}

/** How often the same kind of Redis trouble is written to the log at most. */
export const REDIS_LOG_EVERY_MS = 60_000;

/**
 * One process's connections to the Redis of REDIS_URL: a command connection (counters, publish)
 * and, on demand, a subscriber connection (pub/sub needs a connection of its own).
 *
 * Redis is a help, never a dependency of a sign-in or a save: commands are not queued while the
 * link is down (they fail at once and the caller falls back to this process's memory), each
 * command gives up after a short timeout, and the link reconnects by itself. Errors are logged
 * at most once a minute, and once when the link is back.
 */
export class RedisLink {
  readonly client: Redis;
  private subscriber?: Redis;
  private lastLogAt = -Infinity;
  private lastError?: string;
  private wasDown = false;
  private closed = false;

  constructor(
    readonly url: string,
    private readonly log: LinkLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.client = this.connection('commands');
  }

  private connection(role: string): Redis {
    const options: RedisOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      // Reconnect quickly at first, then every 2 s at most, for ever.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
      connectionName: `portal-${role}-${process.pid}`,
    };
    const client = new Redis(this.url, options);
    client.on('error', (err: Error) => this.trouble(err));
    client.on('ready', () => {
      if (this.wasDown) this.log.info({ redis: role }, 'Redis reachable again');
      this.wasDown = false;
      this.lastError = undefined;
    });
    client.connect().catch((err: Error) => this.trouble(err));
    return client;
  }

  /** Records a failure (connection or command) and logs it unless one was logged within the last minute. */
  trouble(err: Error): void {
    if (this.closed) return;
    this.wasDown = true;
    this.lastError = err.message;
    const now = this.now();
    if (now - this.lastLogAt >= REDIS_LOG_EVERY_MS) {
      this.lastLogAt = now;
      this.log.warn({ err: { message: err.message } }, 'Redis unreachable: limits count in this process only until it is back (logged at most once a minute)');
    }
  }

  /** Whether the command connection is up right now. */
  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /** Waits (at most `ms`) for the command connection, so the first requests already count in Redis. */
  whenReady(ms: number): Promise<void> {
    return readyWithin(this.client, ms);
  }

  /** A connection of its own for SUBSCRIBE (created once). */
  subscriberConnection(): Redis {
    this.subscriber ??= this.connection('subscriber');
    return this.subscriber;
  }

  /** For /api/ready: pings Redis (bounded by the command timeout). */
  async status(): Promise<RedisStatus> {
    if (this.ready) {
      try {
        await this.client.ping();
        return { configured: true, reachable: true };
      } catch (err) {
        this.trouble(err as Error);
      }
    }
    return { configured: true, reachable: false, error: this.lastError ?? `connection ${this.client.status}` };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const c of [this.client, this.subscriber]) {
      if (!c) continue;
      if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
      else c.disconnect();
    }
  }
}

/** Resolves when the connection is ready or after `ms`, whichever comes first; never rejects. */
export function readyWithin(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}
