import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, SessionKind } from '../db/tables';
import type { Role } from '../../src/schemas/roles';
import { hashToken, newToken } from './tokens';

export interface SessionUser {
  sessionId: number;
  userId: number;
  role: Role;
  username: string;
  fullname: string;
  instituteId: number | null;
  departmentId: number | null;
  mustChangePassword: boolean;
}

// Touching last_seen_at on every request would turn each read into a write; once a minute is enough for idle expiry.
const TOUCH_EVERY_MS = 60_000;

export class SessionStore {
  private readonly idleMs: number;
  private readonly absoluteMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>,
  ) {
    this.idleMs = config.SESSION_IDLE_MINUTES * 60_000;
    this.absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  }

  /** Opens a session and returns its bearer token; only the token's hash is stored. */
  async create(userId: number, role: Role, now = Date.now(), kind: SessionKind = 'password'): Promise<string> {
    const token = newToken();
    await this.db
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
      })
      .execute();
    return token;
  }

  /** The live session of a token, or undefined when it is unknown, revoked, idle too long or past its absolute expiry. */
  async find(token: string, now = Date.now()): Promise<SessionUser | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.revoked_at',
        'sessions.role',
        'sessions.kind',
        'users.id as userId',
        'users.role as userRole',
        'users.username',
        'users.fullname',
        'users.institute_id',
        'users.department_id',
        'users.must_change_password',
      ])
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || now >= row.expires_at || now - row.last_seen_at >= this.idleMs) return undefined;
    // A user whose role changed since sign-in must sign in again.
    if (row.role !== row.userRole) return undefined;
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
    }
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
    };
  }

  async revoke(sessionId: number, now = Date.now()): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
  }

  async revokeAllOf(userId: number, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
