/** Latency statistics: percentiles read from the sorted samples (exact, no histogram buckets). */

export interface OpStats {
  /** Requests sent (answered or not). */
  count: number;
  /** Requests that failed: a network error, a timeout, or an answer other than 2xx with success true. */
  errors: number;
  /** Requests per second over this operation's own span (first request sent to last answer received). */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Mean latency, ms. */
  mean: number;
}

/** Collects the latencies and span of one operation. */
export class OpRecorder {
  private samples: number[] = [];
  errors = 0;
  private first = Number.POSITIVE_INFINITY;
  private last = 0;

  record(startedAt: number, endedAt: number, ok: boolean): void {
    this.samples.push(endedAt - startedAt);
    if (!ok) this.errors += 1;
    if (startedAt < this.first) this.first = startedAt;
    if (endedAt > this.last) this.last = endedAt;
  }

  get count(): number {
    return this.samples.length;
  }

  /** Milliseconds from the first request to the last answer. */
  get spanMs(): number {
    return this.samples.length ? this.last - this.first : 0;
  }

  summary(): OpStats {
    return summarize(this.samples, this.errors, this.spanMs);
  }
}

const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** The nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(samples: readonly number[], errors: number, spanMs: number): OpStats {
  const sorted = Float64Array.from(samples).sort();
  const arr = Array.from(sorted);
  const total = arr.reduce((s, v) => s + v, 0);
  return {
    count: arr.length,
    errors,
    rps: spanMs > 0 ? round((arr.length * 1000) / spanMs, 1) : 0,
    p50: round(percentile(arr, 50)),
    p95: round(percentile(arr, 95)),
    p99: round(percentile(arr, 99)),
    max: round(arr.length ? arr[arr.length - 1] : 0),
    mean: round(arr.length ? total / arr.length : 0),
  };
}
