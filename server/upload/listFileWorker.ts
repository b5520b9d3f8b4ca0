/**
 * A worker thread that builds the file of one list export (crud/listFile.ts) and ends. It loads
 * SheetJS and nothing else of the server, so it starts in a fraction of the import worker's time.
 * Started by offThread.ts; bundled beside the server as dist-server/listFileWorker.mjs.
 */
import { workerData } from 'node:worker_threads';
import { listExportFile, type ListFileJob } from '../crud/listFile';
import { answerJob } from './workerReply';

answerJob(() => listExportFile(workerData as ListFileJob));
