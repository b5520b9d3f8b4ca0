import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isNewDatabase, seedDemo } from './seed/demo';

export interface Portal {
  app: FastifyInstance;
  database: Db;
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens the database, migrates it, seeds the demo data when it is new, and builds the app. */
export async function startPortal(config: Config, logger?: boolean | object): Promise<Portal> {
  const database = openDatabase(config);
  await migrateToLatest(database);
  const seeded = config.DEMO_DATA && (await isNewDatabase(database.db));
  if (seeded) await seedDemo(database.db);
  const app = await buildApp({ config, database, logger });
  return {
    app,
    database,
    seeded,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
