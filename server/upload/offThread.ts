import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../lib/errors';
import type { ImportJob, ImportJobResults, JobError } from './importJobs';

/**
 * Import files are parsed on a worker thread of their own, one per import, so that a big parse
 * never holds up the requests of everyone else (answers being saved, papers being fetched), and
 * its memory is given back when the thread ends. A subject's Rasch calibration and the file of a
 * list export run the same way. How many run at once is bounded by the import
 * gate (importGate.ts).
 *
 * The bundled server (dist-server/main.mjs) finds the worker bundled beside it
 * (dist-server/importWorker.mjs, scripts/build-server.mjs); run from source (tests, tsx) it loads
 * importWorker.ts through tsx.
 */

/** A parse may use this much heap; one that needs more is stopped and refused as too large. */
const HEAP_LIMIT_MB = 192;
/** The file of a list export may use this much (a workbook of 100,000 rows of ten columns needs about 300 MB). */
const LIST_FILE_HEAP_LIMIT_MB = 512;
/** A parse that takes longer is stopped (a legitimate 10,000-row sheet takes about a second). */
const TIME_LIMIT_MS = 60_000;
/** A calibration (2,000 questions and 200,000 answers take a few seconds on an idle core) is stopped after this. */
const CALIBRATION_TIME_LIMIT_MS = 600_000;

const here = import.meta.url;
const fromSource = here.endsWith('.ts');

/** tsx's ESM loader API (its package's exports map names the file). */
function tsxEsmApi(): string {
  const manifest = createRequire(here).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
}

function startWorker(job: ImportJob): Worker {
  const options = {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: job.kind === 'list-file' ? LIST_FILE_HEAP_LIMIT_MB : HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
    // Plain JavaScript: none of the parent's loaders or flags.
    execArgv: [],
  };
  if (!fromSource) return new Worker(new URL('./importWorker.mjs', here), options);
  const entry = new URL('./importWorker.ts', here).href;
  const source = `import(${JSON.stringify(tsxEsmApi())}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(source, { ...options, eval: true });
}

const tooBig = (job: ImportJob) => {
  if (job.kind === 'list-file') return new AppError(413, 'The export needs more memory than an export may use; narrow the filters and export again', 'TOO_LARGE');
  const message = 'The file needs more memory to read than an import may use; split it into smaller files';
  return new AppError(413, message, 'TOO_LARGE', { errors: { file: message } });
};

/** Runs one parse on its own worker thread; its errors come back as the AppErrors they were. */
export function parseOffThread<K extends ImportJob['kind']>(job: ImportJob & { kind: K }): Promise<ImportJobResults[K]> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    // A calibration runs at the lowest CPU priority (importWorker.ts): on a busy machine it waits for
    // the cores, so it has longer than a parse before it is given up.
    const limit = job.kind === 'rasch' ? CALIBRATION_TIME_LIMIT_MS : TIME_LIMIT_MS;
    const timer = setTimeout(() => settle(() => reject(job.kind === 'rasch' ? new Error('the calibration took longer than its time limit') : tooBig(job))), limit);
    worker.on('message', (message: { result?: ImportJobResults[K]; error?: JobError }) => {
      settle(() => {
        if (!message.error) return resolve(message.result as ImportJobResults[K]);
        const e = message.error;
        reject(e.statusCode ? new AppError(e.statusCode, e.message, e.code ?? 'BAD_REQUEST', e.data) : new Error(e.message));
      });
    });
    worker.on('error', (err: Error & { code?: string }) => {
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig(job) : err));
    });
    worker.on('exit', (code) => settle(() => reject(new Error(`the import worker stopped (exit code ${code})`))));
  });
}
