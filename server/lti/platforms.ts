import type { Kysely, Transaction } from 'kysely';
import type { Database, LtiPlatformTable } from '../db/tables';
import type { Selectable } from 'kysely';

export type Platform = Omit<Selectable<LtiPlatformTable>, 'deploymentIds'> & { deploymentIds: string[] };
type Db = Kysely<Database> | Transaction<Database>;

const parse = (row: Selectable<LtiPlatformTable>): Platform => ({ ...row, deploymentIds: JSON.parse(row.deploymentIds) as string[] });

export async function platformById(db: Db, id: number): Promise<Platform | undefined> {
  const row = await db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();
  return row && parse(row);
}

/** The platforms registered with this issuer (one per client id). */
export async function platformsOfIssuer(db: Db, issuer: string): Promise<Platform[]> {
  const rows = await db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).orderBy('id').execute();
  return rows.map(parse);
}

/** Every registered platform's origin (for the frame-ancestors of LTI pages and the deep-linking form's target). */
export async function platformOrigins(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('lti_platforms').select(['issuer', 'authLoginUrl']).execute();
  const origins = new Set<string>();
  for (const r of rows) {
    for (const url of [r.issuer, r.authLoginUrl]) {
      try {
        origins.add(new URL(url).origin);
      } catch {
        /* a stored value is checked on save */
      }
    }
  }
  return [...origins];
}
