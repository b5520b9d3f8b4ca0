/**
 * A worker thread that parses one import file (importJobs.ts) and ends: the parse's memory goes
 * with the thread, and a parse that needs more than the thread's heap limit ends it instead of
 * the server. Started by offThread.ts; bundled beside the server as dist-server/importWorker.mjs.
 */
import { workerData } from 'node:worker_threads';
import { runImportJob, type FileImportJob } from './importJobs';
import { answerJob } from './workerReply';

answerJob(() => runImportJob(workerData as FileImportJob));
