import type { Kysely } from 'kysely';
import type { Database, NewUser, User } from '../db/tables';
import type { Role } from '../../src/schemas/roles';
import { hashPassword } from '../auth/passwords';

export const findUserByUsername = (db: Kysely<Database>, username: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('username', '=', username.trim().toLowerCase()).executeTakeFirst();

export interface CreateUserInput {
  role: Role;
  username: string;
  password: string;
  fullname: string;
  email?: string | null;
  phone?: string | null;
  instituteId?: number | null;
  departmentId?: number | null;
  semester?: string | null;
  batch?: string | null;
  mustChangePassword?: boolean;
  createdBy?: number | null;
}

export async function createUser(db: Kysely<Database>, input: CreateUserInput, now = Date.now()): Promise<number> {
  const row: NewUser = {
    role: input.role,
    username: input.username.trim().toLowerCase(),
    password_hash: await hashPassword(input.password),
    email: input.email?.trim().toLowerCase() || null,
    fullname: input.fullname,
    phone: input.phone ?? null,
    institute_id: input.instituteId ?? null,
    department_id: input.departmentId ?? null,
    semester: input.semester ?? null,
    batch: input.batch ?? null,
    must_change_password: input.mustChangePassword ? 1 : 0,
    created_by: input.createdBy ?? null,
    created_at: now,
    updated_at: now,
  };
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
