import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The cluster serves the production build: the front end is built unless a build is already there
 * (the end-to-end stage before this one makes it; CLUSTER_BUILD=1 forces a new one). Its .br / .gz
 * files and the server bundle are made by the cluster itself.
 */
export default function setup() {
  if (process.env.CLUSTER_BUILD === '1' || !fs.existsSync('dist/index.html')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
}
