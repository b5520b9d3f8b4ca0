/**
 * A worker thread that parses one import file (importJobs.ts) and ends: the parse's memory goes
 * with the thread, and a parse that needs more than the thread's heap limit ends it instead of
 * the server. Started by offThread.ts; bundled beside the server as dist-server/importWorker.mjs.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { runImportJob, toJobError, type ImportJob } from './importJobs';

// A calibration is background work: its thread runs at the lowest CPU priority (Linux keeps the
// nice value per thread; elsewhere the call may fail and is ignored), so on a busy machine the
// cores go to the requests first and the calibration takes what is left.
if ((workerData as ImportJob).kind === 'rasch') {
  try {
    setPriority(19);
  } catch {
    // not permitted here: the calibration runs at normal priority
  }
}

try {
  parentPort!.postMessage({ result: runImportJob(workerData as ImportJob) });
} catch (err) {
  parentPort!.postMessage({ error: toJobError(err) });
}
