import type { Kysely, Transaction } from 'kysely';
import type { Role } from '../../src/schemas/roles';
import { generatePassword } from '../auth/passwords';
import { conflict } from '../lib/errors';
import { createUser } from '../accounts/users';
import type { Database } from '../db/tables';

export interface AccountFields {
  username: string;
  email?: string | null;
  fullname: string;
  phone?: string | null;
  semester?: string | null;
  batch?: string | null;
}

/** Usernames and emails are unique across all accounts (compared without case); a clash is a 409 naming the field. */
export async function assertAccountUnique(
  db: Kysely<any> | Transaction<any>,
  fields: { username?: string; email?: string | null },
  exceptUserId?: number,
): Promise<void> {
  const checks: [field: 'username' | 'email', value: string | null | undefined][] = [
    ['username', fields.username],
    ['email', fields.email],
  ];
  for (const [field, value] of checks) {
    if (!value) continue;
    let q = db.selectFrom('users').select('id').where((eb: any) => eb(eb.fn('lower', [eb.ref(field)]), '=', value.trim().toLowerCase()));
    if (exceptUserId) q = q.where('id', '!=', exceptUserId);
    if (await q.executeTakeFirst()) {
      throw conflict(field, field === 'username' ? 'This username is already taken' : 'This email is already used by another account');
    }
  }
}

/**
 * Creates an account with a generated initial password that must be changed at first sign-in.
 * The password is returned once, for the creator to hand over; only its hash is stored.
 */
export async function createAccount(
  trx: Transaction<any>,
  input: AccountFields & { role: Role; instituteId: number | null; departmentId: number | null; createdBy: number | null },
): Promise<{ id: number; initialPassword: string }> {
  await assertAccountUnique(trx, input);
  const initialPassword = generatePassword();
  const id = await createUser(trx as unknown as Kysely<Database>, { ...input, password: initialPassword, mustChangePassword: true, generated: true });
  return { id, initialPassword };
}

/** The account columns an update may change (the username is fixed once created). */
export function accountUpdate(row: Record<string, unknown>): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const key of ['email', 'fullname', 'phone', 'semester', 'batch'] as const) {
    if (row[key] !== undefined) set[key] = key === 'email' && typeof row[key] === 'string' ? (row[key] as string).toLowerCase() : row[key];
  }
  return set;
}
