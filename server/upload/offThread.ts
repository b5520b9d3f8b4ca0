import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../lib/errors';
import type { ImportJob, ImportJobResults } from './importJobs';
import type { JobError } from './workerReply';

/**
 * Import files are parsed on a worker thread of their own, one per import, so that a big parse
 * never holds up the requests of everyone else (answers being saved, papers being fetched), and
 * its memory is given back when the thread ends. A subject's Rasch calibration and the file of a
 * list export run the same way, each on a thread whose entry loads only what it needs
 * (raschWorker.ts, listFileWorker.ts; importWorker.ts for the imports). How many imports run at
 * once is bounded by the import gate (importGate.ts).
 *
 * The bundled server (dist-server/main.mjs) finds the workers bundled beside it
 * (dist-server/importWorker.mjs and the others, scripts/build-server.mjs); run from source (tests,
 * tsx) it bundles their .ts entries the same way first (bundledFromSource).
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

/** The entry of a job's thread: server/upload/<name>.ts, which scripts/build-server.mjs bundles (every *Worker.ts) as dist-server/<name>.mjs. */
const entryOf = (job: ImportJob) => (job.kind === 'list-file' ? 'listFileWorker' : job.kind === 'rasch' ? 'raschWorker' : 'importWorker');

/**
 * Run from source, a worker's entry is bundled the way scripts/build-server.mjs bundles it (esbuild,
 * packages left in node_modules), once per process and entry, into node_modules/.cache/exam-portal
 * under the hash of its code (written beside and renamed, so processes building at once never read
 * half a file). Loading the .ts files through a TypeScript loader in every thread took one to
 * three seconds a thread on a busy 2-core machine.
 */
const sourceBundles = new Map<string, Promise<URL>>();
function bundledFromSource(name: string): Promise<URL> {
  let bundle = sourceBundles.get(name);
  if (!bundle) {
    bundle = (async () => {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [fileURLToPath(new URL(`./${name}.ts`, here))],
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        packages: 'external',
        logLevel: 'warning',
        write: false,
      });
      const code = result.outputFiles[0].contents;
      const dir = fileURLToPath(new URL('../../node_modules/.cache/exam-portal/', here));
      const file = path.join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
      if (!fs.existsSync(file)) {
        fs.mkdirSync(dir, { recursive: true });
        const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        fs.writeFileSync(temp, code);
        fs.renameSync(temp, file);
      }
      return pathToFileURL(file);
    })();
    sourceBundles.set(name, bundle);
    // A failed build is not remembered: the next job tries again.
    bundle.catch(() => sourceBundles.delete(name));
  }
  return bundle;
}

async function startWorker(job: ImportJob): Promise<Worker> {
  const options = {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: job.kind === 'list-file' ? LIST_FILE_HEAP_LIMIT_MB : HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
    // Plain JavaScript: none of the parent's loaders or flags.
    execArgv: [],
  };
  return new Worker(fromSource ? await bundledFromSource(entryOf(job)) : new URL(`./${entryOf(job)}.mjs`, here), options);
}

const tooBig = (job: ImportJob) => {
  if (job.kind === 'list-file') return new AppError(413, 'The export needs more memory than an export may use; narrow the filters and export again', 'TOO_LARGE');
  const message = 'The file needs more memory to read than an import may use; split it into smaller files';
  return new AppError(413, message, 'TOO_LARGE', { errors: { file: message } });
};

/** A job past its time limit: what it was stopped for, not a guess at memory. */
const tooSlow = (job: ImportJob, limitMs: number) => {
  const seconds = `${limitMs / 1000} s`;
  if (job.kind === 'rasch') return new Error(`the calibration took longer than its time limit (${seconds})`);
  if (job.kind === 'list-file') return new AppError(413, `The export takes longer than an export may (${seconds}); narrow the filters and export again`, 'TOO_LARGE');
  const message = `The file takes longer to read than an import may (${seconds}); split it into smaller files`;
  return new AppError(413, message, 'TOO_LARGE', { errors: { file: message } });
};

/** Runs one parse on its own worker thread; its errors come back as the AppErrors they were. */
export async function parseOffThread<K extends ImportJob['kind']>(
  job: ImportJob & { kind: K },
  /** Only for tests: a shorter time limit than the job kind's. */
  limits: { timeMs?: number } = {},
): Promise<ImportJobResults[K]> {
  const worker = await startWorker(job);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    // A calibration runs at the lowest CPU priority (raschWorker.ts): on a busy machine it waits for
    // the cores, so it has longer than a parse before it is given up.
    const limit = limits.timeMs ?? (job.kind === 'rasch' ? CALIBRATION_TIME_LIMIT_MS : TIME_LIMIT_MS);
    const timer = setTimeout(() => settle(() => reject(tooSlow(job, limit))), limit);
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
