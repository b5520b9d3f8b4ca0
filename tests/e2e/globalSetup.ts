import { execFileSync } from 'node:child_process';

/** The end-to-end tests run against the production build, as users get it. */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
