/**
 * A worker thread that runs one subject's Rasch calibration (analysis/rasch.ts) and ends; it loads
 * nothing else of the server. Started by offThread.ts; bundled beside the server as
 * dist-server/raschWorker.mjs.
 */
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { calibrateRasch, responsesOfColumns, type RaschColumns } from '../analysis/rasch';
import { answerJob } from './workerReply';

// A calibration is background work: its thread runs at the lowest CPU priority (Linux keeps the
// nice value per thread; elsewhere the call may fail and is ignored), so on a busy machine the
// cores go to the requests first and the calibration takes what is left.
try {
  setPriority(19);
} catch {
  // not permitted here: the calibration runs at normal priority
}

const job = workerData as RaschColumns & { minResponses: number };
answerJob(() => calibrateRasch(responsesOfColumns(job), { minResponses: job.minResponses }));
