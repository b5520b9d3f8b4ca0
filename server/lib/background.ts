import type { FastifyBaseLogger } from 'fastify';

/**
 * Work started by a request but finished after its answer has left (for example, looking up an
 * account and mailing it), so the answer's timing says nothing about that work. At most `limit`
 * jobs run at once; more are dropped with a warning (callers limit their own request rate, so
 * this only bounds memory under a flood). `drain()` waits for the running ones, at shutdown.
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly limit = 200,
  ) {}

  /** Starts `job` after the current request's answer is on its way; its failure is logged, never thrown. */
  run(name: string, job: () => Promise<void>): void {
    if (this.running.size >= this.limit) {
      this.log.warn({ job: name }, 'too many background jobs waiting: this one is dropped');
      return;
    }
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((err: unknown) => this.log.error({ err, job: name }, 'background job failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  get size(): number {
    return this.running.size;
  }

  async drain(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
