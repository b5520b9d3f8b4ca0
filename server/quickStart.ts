import { PUBLIC_URL_MISSING } from './lib/publicUrl';
import type { Config } from './config';

/** Given by `npm start` (the quick start on one machine), never by `npm run serve`. */
export const QUICK_START_FLAG = '--quick-start';

/**
 * The quick start runs the portal on this machine, so links in mail point here unless PUBLIC_URL
 * says otherwise. Any other start has no such default: a server reached under several names
 * cannot tell which one is its public address.
 */
export function quickStartEnv(env: NodeJS.ProcessEnv, argv: readonly string[]): NodeJS.ProcessEnv {
  if (!argv.includes(QUICK_START_FLAG) || env.PUBLIC_URL) return env;
  const port = /^\d+$/.test(env.PORT ?? '') ? env.PORT : '3000';
  return { ...env, PUBLIC_URL: `http://localhost:${port}` };
}

/** The start-up lines about links: where mailed links and the links handed to students point, or which variable to set. */
export function publicUrlNotice(config: Pick<Config, 'PUBLIC_URL'>): string {
  return config.PUBLIC_URL ? `  Links in mail and for students (exam links, Safe Exam Browser) point to ${config.PUBLIC_URL} (PUBLIC_URL)` : `  ${PUBLIC_URL_MISSING}`;
}
