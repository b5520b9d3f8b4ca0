import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, SessionKind, User } from '../db/tables';
import { prepared } from '../db/prepared';
import type { Role } from '../../src/schemas/roles';
import { hashToken, newToken } from './tokens';
import type { SessionChannel, SessionEvent } from './sessionChannel';

export interface SessionUser {
  sessionId: number;
  userId: number;
  role: Role;
  username: string;
  fullname: string;
  instituteId: number | null;
  departmentId: number | null;
  mustChangePassword: boolean;
  /** Set on a session opened by an exam link: the one quiz it may reach (see examLinkScope.ts). */
  examQuizId: number | null;
  /** How the session began (an LMS launch's exam session is 'lti'). */
  kind: SessionKind;
}

// Touching last_seen_at on every request would turn each read into a write; once a minute is enough for idle expiry.
const TOUCH_EVERY_MS = 60_000;

/**
 * A session read from the database is trusted for this long without reading it again: in an exam
 * every answer saved is a request, and reading the session for each one was as costly as saving.
 * Within this process every change (sign-out, password change, an account edited or deleted)
 * drops the cached sessions it touches at once. Other processes are told at once through the
 * session channel (Redis pub/sub or PostgreSQL LISTEN/NOTIFY); while that channel is live they
 * keep a session until its next touch, and while it is down (or there is none) for this long.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 50_000;

type SessionRow = {
  sessionId: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  role: Role;
  kind: SessionKind;
  quiz_id: number | null;
  userId: number;
  userRole: Role;
  username: string;
  fullname: string;
  institute_id: number | null;
  department_id: number | null;
  must_change_password: number;
};

/** A session and its user, by the token's hash. */
const sessionQuery = prepared((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.role',
      'sessions.kind',
      'sessions.quiz_id',
      'users.id as userId',
      'users.role as userRole',
      'users.username',
      'users.fullname',
      'users.institute_id',
      'users.department_id',
      'users.must_change_password',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/** How a session is opened (SessionStore.create): by default a password sign-in, now. */
export interface NewSession {
  now?: number;
  kind?: SessionKind;
  /** The one quiz an exam-link session may use. */
  quizId?: number | null;
  /** The user just checked at sign-in: the session is remembered at once. */
  known?: KnownUser;
}

/**
 * The user a sign-in has just read, with the store's mark taken before that read: create() remembers
 * the new session at once (the first request after a sign-in then reads nothing), unless something
 * was forgotten since the mark (the account may have changed after it was read).
 */
export interface KnownUser {
  mark: number;
  user: Pick<User, 'role' | 'username' | 'fullname' | 'institute_id' | 'department_id' | 'must_change_password'>;
}

export class SessionStore {
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  /** bearer token -> the row and when it was read. */
  private readonly cache = new Map<string, { row: SessionRow; readAt: number }>();
  /** Bumped by every forget: a read that was under way meanwhile is not remembered, it may predate the change. */
  private generation = 0;
  private channel?: SessionChannel;

  constructor(
    private readonly db: Kysely<Database>,
    config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>,
  ) {
    this.idleMs = config.SESSION_IDLE_MINUTES * 60_000;
    this.absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  }

  /**
   * Joins the channel through which every server process tells the others which sessions changed.
   * Messages may have been missed while it was down: everything is forgotten when it is back.
   */
  async attach(channel: SessionChannel): Promise<void> {
    this.channel = channel;
    await channel.start({ onEvent: (e) => this.drop(e), onResume: () => this.drop({ kind: 'all' }) });
  }

  /** How long a remembered session is trusted: until its next touch while the channel is live, else a few seconds. */
  private cacheMs(): number {
    return this.channel?.live ? TOUCH_EVERY_MS : SESSION_CACHE_MS;
  }

  /** Forgets in this process what an event names. */
  private drop(event: SessionEvent): void {
    this.generation++;
    if (event.kind === 'all') {
      this.cache.clear();
      return;
    }
    const field = event.kind === 'session' ? 'sessionId' : 'userId';
    for (const [key, { row }] of this.cache) if (row[field] === event.id) this.cache.delete(key);
  }

  /** Forgets here, then tells the other processes (resolved once the message is sent; never rejects). */
  private async forget(event: SessionEvent): Promise<void> {
    this.drop(event);
    await this.channel?.publish(event);
  }

  /** Taken before reading the user whose new session create() is given (`KnownUser`). */
  mark(): number {
    return this.generation;
  }

  /**
   * Opens a session and returns its bearer token; only the token's hash is stored. `quizId` limits
   * an exam-link session to that quiz. With `known` the session is remembered at once.
   */
  async create(userId: number, role: Role, { now = Date.now(), kind = 'password', quizId = null, known }: NewSession = {}): Promise<string> {
    const token = newToken();
    const { id } = await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        role,
        created_at: now,
        last_seen_at: now,
        expires_at: now + this.absoluteMs,
        revoked_at: null,
        kind,
        quiz_id: quizId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (known && known.mark === this.generation) {
      const { user } = known;
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
      this.cache.set(token, {
        row: {
          sessionId: Number(id),
          last_seen_at: now,
          expires_at: now + this.absoluteMs,
          revoked_at: null,
          role,
          kind,
          quiz_id: quizId,
          userId,
          userRole: user.role,
          username: user.username,
          fullname: user.fullname,
          institute_id: user.institute_id,
          department_id: user.department_id,
          must_change_password: Number(user.must_change_password),
        },
        readAt: now,
      });
    }
    return token;
  }

  /** The live session of a token, or undefined when it is unknown, revoked, idle too long or past its absolute expiry. */
  async find(token: string, now = Date.now()): Promise<SessionUser | undefined> {
    // Cached by the token itself: the SHA-256 of it is only needed to read the row (hashing was a
    // tenth of a save's own CPU). The token is in this process's memory for the request anyway.
    const cached = this.cache.get(token);
    let row = cached && now - cached.readAt < this.cacheMs() && now - cached.row.last_seen_at < TOUCH_EVERY_MS ? cached.row : undefined;
    if (!row) {
      const generation = this.generation;
      row = await this.read(hashToken(token));
      if (!row) {
        this.cache.delete(token);
        return undefined;
      }
      const live = row.revoked_at === null && now < row.expires_at && now - row.last_seen_at < this.idleMs;
      if (live && now - row.last_seen_at >= TOUCH_EVERY_MS) {
        await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
        row = { ...row, last_seen_at: now };
      }
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
      if (generation === this.generation) this.cache.set(token, { row, readAt: now });
    }
    if (row.revoked_at !== null || now >= row.expires_at || now - row.last_seen_at >= this.idleMs) return undefined;
    // A user whose role changed since sign-in must sign in again.
    if (row.role !== row.userRole) return undefined;
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      role: row.role,
      username: row.username,
      fullname: row.fullname,
      instituteId: row.institute_id,
      departmentId: row.department_id,
      // An exam or guest link opens the exam itself; the new password is asked at the next sign-in.
      mustChangePassword: row.must_change_password === 1 && row.kind === 'password',
      examQuizId: row.quiz_id,
      kind: row.kind,
    };
  }

  private read(tokenHash: string): Promise<SessionRow | undefined> {
    return sessionQuery.first(this.db, tokenHash);
  }

  /** Drops what every process remembers of a user's sessions (after the account or its sessions changed). */
  forgetUser(userId: number): Promise<void> {
    return this.forget({ kind: 'user', id: userId });
  }

  /** Drops every remembered session in every process (after a change that may touch many accounts). */
  forgetAll(): Promise<void> {
    return this.forget({ kind: 'all' });
  }

  async revoke(sessionId: number, now = Date.now()): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
    await this.forget({ kind: 'session', id: sessionId });
  }

  async revokeAllOf(userId: number, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.forgetUser(userId);
  }
}
