import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM loader API (its package's exports map names the file). */
function tsxEsmApi(here: string): string {
  const manifest = createRequire(here).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
}

/**
 * Starts the worker thread `name` for the module whose `import.meta.url` is `here`. The bundled
 * server (dist-server/main.mjs) finds the worker bundled beside it as `name.mjs` (an entry of
 * scripts/build-server.mjs); run from source (tests, tsx), `here` is a .ts file and the worker is
 * `name.ts` beside it, loaded through tsx. The thread gets none of the parent's loaders or flags.
 */
export function startThread(here: string, name: string, options: WorkerOptions = {}): Worker {
  const plain = { ...options, execArgv: [] };
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, here), plain);
  const entry = new URL(`./${name}.ts`, here).href;
  const source = `import(${JSON.stringify(tsxEsmApi(here))}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(source, { ...plain, eval: true });
}
