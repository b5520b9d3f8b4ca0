import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { readyWithin, type LinkLogger, type RedisLink } from '../lib/redis';

/** What one process tells the others to forget: a session, every session of a user, or everything. */
export type SessionEvent = { kind: 'session'; id: number } | { kind: 'user'; id: number } | { kind: 'all' };

export interface SessionChannelHandlers {
  /** Another process changed sessions: drop what this process remembers of them. */
  onEvent(event: SessionEvent): void;
  /** The channel was down and is back: messages may have been missed, so forget everything. */
  onResume(): void;
}

/**
 * Tells every server process at once that sessions changed, so a revoked session is refused by
 * all of them at the next request. While `live` is false, messages may be missed and a process
 * trusts what it remembers only for the short fallback time.
 */
export interface SessionChannel {
  readonly name: string;
  readonly live: boolean;
  start(handlers: SessionChannelHandlers): Promise<void>;
  publish(event: SessionEvent): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'portal_sessions';
/** Messages carry their sender (one per app), so an app does not act on its own: it has already forgotten. */
function encode(sender: string, event: SessionEvent): string {
  return JSON.stringify({ from: sender, ...event });
}

function decode(sender: string, text: string): SessionEvent | undefined {
  try {
    const m = JSON.parse(text) as { from?: string; kind?: string; id?: unknown };
    if (m.from === sender) return undefined;
    if (m.kind === 'all') return { kind: 'all' };
    if ((m.kind === 'session' || m.kind === 'user') && Number.isSafeInteger(m.id)) return { kind: m.kind, id: m.id as number };
  } catch {
    /* not ours */
  }
  return undefined;
}

/**
 * A revocation this process could not send (the connection down, a command timed out) is owed to
 * the others: they may be listening still, and would trust the session until its next touch. It
 * is sent again, as "forget everything" (which covers whatever was missed), every second until it
 * goes through.
 */
export class OwedRevocation {
  private timer?: NodeJS.Timeout;
  private closed = false;
  /** A failure since the last send began: owed again, even if that send goes through. */
  private owed = false;

  /** `send` tells every process to forget everything; it resolves true once sent. */
  constructor(
    private readonly send: () => Promise<boolean>,
    private readonly everyMs = 1_000,
  ) {}

  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** A send failed: try again until one succeeds (one retry loop, however many failed). */
  failed(): void {
    this.owed = true;
    if (this.timer || this.closed) return;
    this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(async () => {
      this.owed = false;
      const sent = await this.send().catch(() => false);
      if (this.closed) return;
      this.timer = undefined;
      if (!sent) this.owed = true;
      // Failed, or another failure came while it was being sent (after what it covered): again.
      if (this.owed) this.schedule();
    }, this.everyMs);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * Redis pub/sub (with REDIS_URL). The channel is live only once Redis has acknowledged the
 * SUBSCRIBE on the current connection: ioredis reports a reconnected connection ready a round trip
 * before its own re-subscription takes effect, and a message published in between would be missed
 * while the remembered sessions were already trusted again. So after each reconnect this channel
 * subscribes itself (a second SUBSCRIBE to the same channel changes nothing), and forgets every
 * remembered session once that is acknowledged.
 */
export class RedisSessionChannel implements SessionChannel {
  readonly name = 'redis';
  private readonly sender = randomUUID();
  /** Set once start() has asked for the subscription: reconnects then subscribe again. */
  private wanted = false;
  /** The SUBSCRIBE of the current connection has been acknowledged. */
  private acknowledged = false;
  private readonly owed = new OwedRevocation(() => this.send({ kind: 'all' }));

  constructor(
    private readonly link: RedisLink,
    private readonly channel = 'portal:sessions',
  ) {}

  get live(): boolean {
    return this.acknowledged && this.link.subscriberConnection().status === 'ready';
  }

  async start(handlers: SessionChannelHandlers): Promise<void> {
    const sub = this.link.subscriberConnection();
    sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      const event = decode(this.sender, text);
      if (event) handlers.onEvent(event);
    });
    sub.on('close', () => {
      this.acknowledged = false;
    });
    // A connection that came (back) up after start: messages may have been missed meanwhile.
    sub.on('ready', () => {
      if (this.wanted) void this.subscribe(handlers, true);
    });
    await readyWithin(sub, 2_000);
    this.wanted = true;
    // Not reachable now: the subscription is made when the connection comes up ('ready' above).
    if (sub.status === 'ready') await this.subscribe(handlers, false);
  }

  private async subscribe(handlers: SessionChannelHandlers, resumed: boolean): Promise<void> {
    try {
      await this.link.subscriberConnection().subscribe(this.channel);
    } catch (err) {
      this.link.trouble(err as Error);
      return;
    }
    if (this.acknowledged || !this.wanted) return;
    this.acknowledged = true;
    if (resumed) handlers.onResume();
  }

  async publish(event: SessionEvent): Promise<void> {
    if (!(await this.send(event))) this.owed.failed();
  }

  private async send(event: SessionEvent): Promise<boolean> {
    if (!this.link.ready) return false;
    try {
      await this.link.client.publish(this.channel, encode(this.sender, event));
      return true;
    } catch (err) {
      this.link.trouble(err as Error);
      return false;
    }
  }

  async close(): Promise<void> {
    this.wanted = false;
    this.acknowledged = false;
    this.owed.close();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY (PostgreSQL without Redis): one dedicated connection listens and
 * reconnects after a loss; a NOTIFY is delivered to the listeners when its statement commits.
 */
export class PgSessionChannel implements SessionChannel {
  readonly name = 'postgres';
  private readonly sender = randomUUID();
  private listener?: pg.Client;
  private listening = false;
  private closed = false;
  private retry?: NodeJS.Timeout;
  private handlers?: SessionChannelHandlers;
  private lastLogAt = -Infinity;
  private lastNotifyLogAt = -Infinity;
  private readonly owed = new OwedRevocation(() => this.notify({ kind: 'all' }));

  constructor(
    private readonly url: string,
    private readonly log: LinkLogger,
  ) {}

  get live(): boolean {
    return this.listening;
  }

  async start(handlers: SessionChannelHandlers): Promise<void> {
    this.handlers = handlers;
    await this.connect(false);
  }

  private async connect(resumed: boolean): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.listener = client;
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listening = false;
      this.listener = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      if (Date.now() - this.lastLogAt >= 60_000) {
        this.lastLogAt = Date.now();
        this.log.warn({ err: { message: err?.message ?? 'connection ended' } }, 'session revocations: PostgreSQL listener lost, reconnecting (sessions are trusted for 5 s meanwhile)');
      }
      // Whatever was cached meanwhile (or before a first listen that failed) may have missed a revocation.
      this.retry = setTimeout(() => void this.connect(true), 1_000);
      this.retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      const event = decode(this.sender, msg.payload);
      if (event) this.handlers?.onEvent(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.listener !== client) return;
      this.listening = true;
      if (resumed) this.handlers?.onResume();
    } catch (err) {
      lost(err as Error);
    }
  }

  /** Sent through the app's own pool (any connection will do: NOTIFY reaches every listener). */
  publishWith(send: (channel: string, payload: string) => Promise<unknown>) {
    this.send = send;
  }

  private send?: (channel: string, payload: string) => Promise<unknown>;

  async publish(event: SessionEvent): Promise<void> {
    if (!(await this.notify(event))) this.owed.failed();
  }

  private async notify(event: SessionEvent): Promise<boolean> {
    if (!this.send) return true;
    try {
      await this.send(CHANNEL, encode(this.sender, event));
      return true;
    } catch (err) {
      if (Date.now() - this.lastNotifyLogAt >= 60_000) {
        this.lastNotifyLogAt = Date.now();
        this.log.warn({ err: { message: (err as Error).message } }, 'session revocations: NOTIFY failed (sent again as "forget everything" until it goes through)');
      }
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.owed.close();
    this.listening = false;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }
}
