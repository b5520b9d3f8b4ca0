import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

/**
 * The queries behind importing students from a sheet: the department they go to, the usernames
 * and emails already taken, and the accounts' insert. Each takes the database or a transaction,
 * so the route decides what runs together.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** Rows per query: a sheet of thousands is looked up and inserted in a few statements, within every database's parameter limit. */
const CHUNK = 500;

/** The department if it belongs to the institute, or undefined. */
export const departmentOfInstitute = (db: Db, departmentId: number, instituteId: number | null) =>
  db.selectFrom('departments').select('id').where('id', '=', departmentId).where('institute_id', '=', instituteId).executeTakeFirst();

/** Which of these values (in lower case) some account already has as its username or email, compared without case; in lower case. */
export async function takenAccountValues(db: Db, field: 'username' | 'email', values: readonly string[]): Promise<string[]> {
  const taken: string[] = [];
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('users')
      .select(field)
      .where((eb) => eb(eb.fn('lower', [field]), 'in', chunk))
      .execute();
    for (const row of rows) taken.push(String(row[field]).toLowerCase());
  }
  return taken;
}

export interface ImportedStudent {
  fullname: string;
  username: string;
  email: string;
  phone: string;
  semester: string;
  batch: string;
  passwordHash: string;
}

/** Inserts the students' accounts (they must change their initial password at first sign-in). */
export async function insertStudentAccounts(
  trx: Db,
  students: readonly ImportedStudent[],
  place: { instituteId: number | null; departmentId: number | null; createdBy: number; now: number },
): Promise<void> {
  for (let i = 0; i < students.length; i += CHUNK) {
    await trx
      .insertInto('users')
      .values(
        students.slice(i, i + CHUNK).map((s) => ({
          role: 'STUDENT' as const,
          username: s.username,
          password_hash: s.passwordHash,
          email: s.email,
          fullname: s.fullname,
          phone: s.phone,
          semester: s.semester,
          batch: s.batch,
          institute_id: place.instituteId,
          department_id: place.departmentId,
          must_change_password: 1,
          created_by: place.createdBy,
          created_at: place.now,
          updated_at: place.now,
        })),
      )
      .execute();
  }
}
