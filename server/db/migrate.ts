import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

/** Migrations are code (not files found at run time) so that they ship with the server as they are. */
class StaticProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations() {
    return this.list;
  }
}

export async function migrateToLatest({ db }: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Names of the migrations this server knows that the database has not run yet (for /api/ready). */
export async function pendingMigrations({ db }: Pick<Db, 'db'>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(migrations) });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
