import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * One load-generator process of the save ratio (bench/saveRatio.ts): autocannon with its share of
 * the connections. Each connection is one student (its own bearer token and attempt) and builds
 * the body of every request itself: the next question of its paper with a higher seq (distinct
 * rows), or the one shared row with a seq no other request of the run uses (one row). The process
 * reports what it measured after its warm-up, its own CPU time and its event-loop delay, so a
 * reader can see whether the generator was the limit.
 */
export interface ChildStudent {
  token: string;
  attemptId: number;
  quizId: number;
  /** [questionId, the response's JSON text] for every question of the paper. */
  answers: [number, string][];
}

export interface ChildJob {
  url: string;
  /** The saves, or (`paper`, `instructions`) the start phase's reads, repeated: the attempt's paper, the quiz's instruction page. */
  kind: 'baseline' | 'distinct' | 'one-row' | 'paper' | 'instructions' | 'resume';
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** The students of this process's connections (one each; one-row uses the first only). */
  students: ChildStudent[];
  /** Seqs of this phase start above it, so a later phase never sends a stale save. */
  seqBase: number;
  processIndex: number;
  processCount: number;
}

export interface ChildResult {
  /** Answers received after the warm-up. */
  count: number;
  /** Answers that were not 2xx, or failed (after the warm-up). */
  errors: number;
  /** Latency of each measured answer, in ms. */
  latencies: number[];
  /** From the end of the warm-up to the end of the phase, in ms. */
  measuredMs: number;
  cpuSeconds: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

function run(job: ChildJob): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let count = 0;
    let errors = 0;
    let nextStudent = 0;
    let oneRowCounter = 0;
    const started = performance.now();
    const measureFrom = started + job.warmupMs;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    let cpuFrom = process.cpuUsage();
    setTimeout(() => {
      cpuFrom = process.cpuUsage();
      loop.enable();
    }, job.warmupMs);

    // Each connection (autocannon's client) is one student: its own token, attempt and count of
    // saves, kept in the closure of its own request builder.
    const setupClient = (client: autocannon.Client) => {
      if (job.kind === 'baseline') return;
      const s = job.kind === 'one-row' ? job.students[0] : job.students[nextStudent++ % job.students.length];
      const headers = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', accept: 'application/json' };
      let n = 0;
      if (job.kind === 'paper' || job.kind === 'instructions' || job.kind === 'resume') {
        const path = job.kind === 'paper' ? `/api/student/attempts/${s.attemptId}` : job.kind === 'resume' ? `/api/student/quizzes/${s.quizId}/attempts` : `/api/student/quizzes/${s.quizId}`;
        client.setRequests([{ method: job.kind === 'resume' ? 'POST' : 'GET', path, headers: { authorization: headers.authorization, accept: headers.accept } }]);
        return;
      }
      client.setRequests([
        {
          method: 'PUT',
          setupRequest: (req: autocannon.Request) => {
            let question: [number, string];
            let seq: number;
            if (job.kind === 'distinct') {
              question = s.answers[n % s.answers.length];
              seq = job.seqBase + n;
            } else {
              question = s.answers[0];
              seq = job.seqBase + oneRowCounter++ * job.processCount + job.processIndex;
            }
            n += 1;
            return { ...req, method: 'PUT', path: `/api/student/attempts/${s.attemptId}/answers/${question[0]}`, headers, body: `{"response":${question[1]},"seq":${seq}}` };
          },
        },
      ]);
    };

    const instance = autocannon(
      {
        url: job.kind === 'baseline' ? `${job.url}/ok` : job.url,
        connections: job.connections,
        duration: (job.warmupMs + job.durationMs) / 1000,
        pipelining: 1,
        timeout: 60,
        ...(job.kind === 'baseline' ? {} : { setupClient }),
      },
      (err) => {
        if (err) return reject(err);
        loop.disable();
        const cpu = process.cpuUsage(cpuFrom);
        resolve({
          count,
          errors,
          latencies,
          measuredMs: performance.now() - measureFrom,
          cpuSeconds: (cpu.user + cpu.system) / 1e6,
          loopDelayP99Ms: loop.percentile(99) / 1e6,
          loopDelayMaxMs: loop.max / 1e6,
        });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (performance.now() < measureFrom) return;
      count += 1;
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) errors += 1;
    });
    instance.on('reqError', () => {
      if (performance.now() >= measureFrom) errors += 1;
    });
  });
}

process.once('message', async (job: ChildJob) => {
  // Ready: the parent starts every process of a phase at once.
  process.send!({ ready: true });
  process.once('message', async () => {
    try {
      const result = await run(job);
      process.send!({ ok: true, result }, () => process.exit(0));
    } catch (err) {
      process.send!({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1));
    }
  });
});
