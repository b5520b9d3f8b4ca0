import type { QueueStorage } from './saveQueue';

/**
 * Time spent on each question of an attempt (for the student's analysis): counted while the
 * question is shown and the page is visible, kept in localStorage so a reload does not reset
 * it, and sent with each save of that question.
 */
export const timeSpentKey = (attemptId: number): string => `examTime:${attemptId}`;

export class TimeSpent {
  private totals: Record<string, number>;
  private current: number | undefined;
  private since: number | undefined;

  constructor(
    private readonly attemptId: number,
    private readonly storage: QueueStorage | null = typeof localStorage === 'undefined' ? null : localStorage,
    private readonly now: () => number = Date.now,
  ) {
    this.totals = this.load();
  }

  private load(): Record<string, number> {
    try {
      const parsed = JSON.parse(this.storage?.getItem(timeSpentKey(this.attemptId)) ?? '{}') as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0));
    } catch {
      return {};
    }
  }

  private bank(): void {
    if (this.current !== undefined && this.since !== undefined) {
      this.totals[this.current] = (this.totals[this.current] ?? 0) + Math.max(0, this.now() - this.since);
      this.since = this.now();
      try {
        this.storage?.setItem(timeSpentKey(this.attemptId), JSON.stringify(this.totals));
      } catch {
        // Not worth more than a best effort.
      }
    }
  }

  /** Starts counting for the question now shown. */
  show(questionId: number): void {
    this.bank();
    this.current = questionId;
    this.since = this.now();
  }

  /** The page is hidden or the exam is over: stop counting. */
  pause(): void {
    this.bank();
    this.since = undefined;
  }

  resume(): void {
    if (this.current !== undefined && this.since === undefined) this.since = this.now();
  }

  /** Milliseconds spent on a question so far. */
  total(questionId: number): number {
    this.bank();
    return Math.round(this.totals[questionId] ?? 0);
  }

  clear(): void {
    this.current = undefined;
    this.since = undefined;
    this.totals = {};
    try {
      this.storage?.removeItem(timeSpentKey(this.attemptId));
    } catch {
      // ignore
    }
  }
}
