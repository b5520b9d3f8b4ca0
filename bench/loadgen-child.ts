import { runBaseline, runStorm, type BaselinePlan, type StormPlan } from './loadgen';

/**
 * The load generator's own process (started with child_process.fork): it receives one plan,
 * runs it, sends the result back and exits. Keeping it out of the orchestrator and the
 * server means its CPU use and pauses show up as its own.
 */
type Job = { kind: 'storm'; plan: StormPlan } | { kind: 'baseline'; plan: BaselinePlan };

process.once('message', async (job: Job) => {
  try {
    const result = job.kind === 'storm' ? await runStorm(job.plan) : await runBaseline(job.plan);
    process.send!({ ok: true, result }, () => process.exit(0));
  } catch (err) {
    process.send!({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1));
  }
});
