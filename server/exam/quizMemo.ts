/**
 * Per-quiz facts derived from the question bank (what papers are drawn from, the summary on the
 * instruction page), kept for `ttlMs` (10 s) and then dropped. When an exam hall opens the same quiz at once, the
 * first request computes them and the others share its answer, even while it is still running.
 * An edited quiz (a new updated_at) is computed afresh at once; a change in the bank alone shows
 * within `ttlMs`.
 */
export class QuizMemo<T> {
  private readonly entries = new Map<number, { updatedAt: number; expires: number; value: Promise<T> }>();

  constructor(
    private readonly compute: (quiz: { id: number; updated_at: number }) => Promise<T>,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 100,
  ) {}

  get(quiz: { id: number; updated_at: number }, now = Date.now()): Promise<T> {
    const entry = this.entries.get(quiz.id);
    if (entry && entry.updatedAt === quiz.updated_at && entry.expires > now) return entry.value;
    // Nothing outlives its few seconds: a pool of candidates can be large.
    for (const [id, e] of this.entries) if (e.expires <= now) this.entries.delete(id);
    const value = this.compute(quiz);
    if (this.entries.size >= this.maxEntries && !this.entries.has(quiz.id)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(quiz.id, { updatedAt: quiz.updated_at, expires: now + this.ttlMs, value });
    // A failure is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(quiz.id)?.value === value) this.entries.delete(quiz.id);
    });
    return value;
  }
}
