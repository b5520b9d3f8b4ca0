import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BaselinePlan, runBaseline, runStorm, StormPlan } from './loadgen';

const CHILD = fileURLToPath(new URL('./loadgen-child.ts', import.meta.url));

function inChild<T>(job: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    let answered = false;
    child.once('message', (msg: { ok: boolean; result?: T; error?: string }) => {
      answered = true;
      if (msg.ok) resolve(msg.result as T);
      else reject(new Error(`load generator failed: ${msg.error}`));
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with code ${code} before answering`));
    });
    child.send(job as object);
  });
}

/** Runs a storm in a separate load-generator process. */
export const stormInChild = (plan: StormPlan) => inChild<Awaited<ReturnType<typeof runStorm>>>({ kind: 'storm', plan });

/** Runs the baseline in a separate load-generator process. */
export const baselineInChild = (plan: BaselinePlan) => inChild<Awaited<ReturnType<typeof runBaseline>>>({ kind: 'baseline', plan });
