import { ConfigError, loadConfig } from './config';
import { startPortal } from './start';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
import { publicUrlNotice, quickStartEnv } from './quickStart';

async function main() {
  const config = loadConfig(quickStartEnv(process.env, process.argv.slice(2)));
  const portal = await startPortal(config);
  const address = await portal.app.listen({ port: config.PORT, host: config.HOST });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  Exam portal is running at ${shown}`,
    `  Database: ${portal.database.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL (DATABASE_URL)'}`,
    `  API documentation: ${shown}/api/docs`,
    publicUrlNotice(config),
  ];
  if (!config.PUBLIC_URL) portal.app.log.warn(publicUrlNotice(config).trim());
  if (config.DEMO_DATA) {
    lines.push(`  Demo accounts (password "${DEMO_PASSWORD}"): choose the role on the login page, then`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(16)} username: ${a.username}`);
  }
  console.log(lines.join('\n') + '\n');

  const stop = async (signal: string) => {
    portal.app.log.info({ signal }, 'shutting down');
    await portal.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The portal could not start:', err);
  }
  process.exit(1);
});
