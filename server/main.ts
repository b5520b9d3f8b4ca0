import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { claimSqlite, SqliteOwnerError, type SqliteOwnership } from './db/sqliteOwner';
import { startPortal } from './start';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
import { publicUrlNotice, quickStartEnv } from './quickStart';

/**
 * How long a stopping process may take: stop accepting, finish the requests in flight, commit the
 * pending save batch, close the database. Past it the process exits anyway (systemd's stop timeout
 * and a rolling restart can rely on it).
 */
const SHUTDOWN_GRACE_MS = 20_000;

async function main() {
  const config = loadConfig(quickStartEnv(process.env, process.argv.slice(2)));
  let owner: SqliteOwnership | undefined;
  if (!config.DATABASE_URL) {
    owner = claimSqlite(config.sqliteFile);
    process.once('exit', () => owner?.release());
  }
  const portal = await startPortal(config);
  // A hall connecting at once while the event loop is busy: connections wait in the kernel's queue
  // (capped by net.core.somaxconn) instead of having their SYNs dropped and retried seconds later.
  const address = await portal.app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  Exam portal is running at ${shown}`,
    `  Database: ${portal.database.dialect === 'sqlite' ? `${config.sqliteFile} (SQLite: this process only)` : 'PostgreSQL (DATABASE_URL)'}`,
    ...(config.REDIS_URL ? ['  Redis: limits and sign-outs shared with every process (REDIS_URL)'] : []),
    `  API documentation: ${shown}/api/docs`,
    publicUrlNotice(config),
  ];
  if (!config.PUBLIC_URL) portal.app.log.warn(publicUrlNotice(config).trim());
  if (config.DEMO_DATA) {
    lines.push(`  Demo accounts (password "${DEMO_PASSWORD}"): choose the role on the login page, then`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(16)} username: ${a.username}`);
  }
  console.log(lines.join('\n') + '\n');

  // SIGTERM / SIGINT: no new connections, requests in flight finish, the save batch is committed.
  closeWithGrace(
    { delay: SHUTDOWN_GRACE_MS, logger: { error: (m: string) => portal.app.log.error(m) } },
    async ({ signal, err }) => {
      if (err) portal.app.log.error({ err }, 'unexpected error: shutting down');
      else portal.app.log.info({ signal }, 'shutting down: finishing the requests in flight');
      await portal.close();
      owner?.release();
    },
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof SqliteOwnerError) {
    console.error(err.message);
  } else {
    console.error('The portal could not start:', err);
  }
  process.exit(1);
});
