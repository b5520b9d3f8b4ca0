import { execFileSync } from 'node:child_process';

/** The end-to-end tests run against the production build, as users get it: the front end (unless E2E_SKIP_BUILD=1) and the server bundle. */
export default function setup() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
