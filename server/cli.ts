import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createUser, findUserByUsername } from './accounts/users';
import { roleSchema } from '../src/schemas/roles';

const USAGE = `Usage:
  npm run portal -- create-user --role ADMIN --username NAME --password SECRET [--fullname "Full Name"] [--email a@b.c]
  npm run portal -- migrate

Uses the same configuration as the server (DATABASE_URL for PostgreSQL, otherwise the SQLite file in DATA_DIR).`;

const createUserArgs = z.object({
  role: roleSchema,
  username: z.string().trim().min(1, 'username is required').max(100),
  password: z.string().min(10, 'password must have at least 10 characters').max(1024),
  fullname: z.string().trim().min(1).max(255).optional(),
  email: z.email().optional(),
});

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    if (command === 'migrate') {
      console.log('Database is up to date.');
    } else if (command === 'create-user') {
      const { values } = parseArgs({
        args: rest,
        options: {
          role: { type: 'string' },
          username: { type: 'string' },
          password: { type: 'string' },
          fullname: { type: 'string' },
          email: { type: 'string' },
        },
        strict: true,
      });
      const parsed = createUserArgs.safeParse(values);
      if (!parsed.success) {
        throw new ConfigError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
      }
      const input = parsed.data;
      if (await findUserByUsername(database.db, input.username)) {
        throw new ConfigError(`A user named "${input.username.toLowerCase()}" already exists.`);
      }
      if (input.role !== 'ADMIN') {
        throw new ConfigError('Only ADMIN accounts are created here; other accounts are created in the portal.');
      }
      const id = await createUser(database.db, { ...input, fullname: input.fullname ?? input.username });
      console.log(`Created ${input.role} "${input.username.toLowerCase()}" (id ${id}).`);
    } else {
      throw new ConfigError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
