import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { AXE_CLAIMS } from './axeClaims';

/** The end-to-end tests run against the production build, as users get it: the front end (unless E2E_SKIP_BUILD=1) and the server bundle. */
export default function setup() {
  // Each run of the suite scans every screen afresh (expectAccessible's claims are per run).
  fs.rmSync(AXE_CLAIMS, { recursive: true, force: true });
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // The test runner sets NODE_ENV=test, which Vite would pass on to React: a development build,
  // with StrictMode's doubled effects and no minifying. Users get the production build.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
