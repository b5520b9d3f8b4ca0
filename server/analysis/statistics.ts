/**
 * Item analysis of a quiz, as Moodle's quiz statistics report computes it (the test statistics of
 * the whole quiz and the item statistics of each question), plus the classical upper-lower index,
 * the point-biserial correlation and the distractor analysis of choice questions.
 *
 * Pure: it takes the marks of the submitted attempts and returns figures; nothing here reads the
 * database, so the endpoint, the unit tests (Moodle's own fixtures) and the benchmark run the same code.
 *
 * A figure that is undefined (too few attempts, no variance, a zero denominator) is null.
 */

import type { OptionStatistics, StatisticsAttempts } from '../../src/schemas/statistics';

/** A question of the quiz, as the analysis reports it. */
export interface StatQuestion {
  questionId: number;
  /** Order in the report (the fixed paper's position, then the drawn questions). */
  position: number;
  type: string;
  maxMark: number;
  /** Choice questions: every option, with the ones the key marks correct. */
  options?: { optionId: string; text: string; correct: boolean }[];
}

/** One submitted attempt: the marks of the questions on its paper and, for choice questions, what was chosen. */
export interface StatAttempt {
  attemptId: number;
  submittedAt: number;
  /** questionId → marks gained (a mark still waiting for the teacher counts 0, as in Moodle). */
  marks: Map<number, number>;
  /** questionId → option ids chosen (choice questions only; empty when unanswered). */
  choices?: Map<number, string[]>;
}

export type { OptionStatistics };

export interface QuestionStatistics {
  questionId: number;
  position: number;
  type: string;
  maxMark: number;
  /** Attempts that saw the question. */
  s: number;
  /** 100 · mean mark / maximum. */
  facility: number | null;
  /** Standard deviation of the mark, as a percent of the question's maximum. */
  sd: number | null;
  /** Moodle's intermediate figures, in marks (variance of the mark, of the rest of the test, their covariance, its maximum). */
  markVariance: number | null;
  otherMarkVariance: number | null;
  covariance: number | null;
  covarianceMax: number | null;
  covarianceWithOverall: number | null;
  /** 100 · correlation of the mark with the rest of the test. */
  discriminationIndex: number | null;
  /** 100 · covariance / the covariance the same marks would have if sorted like the rest of the test. */
  discriminativeEfficiency: number | null;
  /** Percent: this question's share of the spread of the totals. */
  effectiveWeight: number | null;
  /** Mean fraction of the maximum in the upper 27% minus that in the lower 27% (−1 … 1). */
  upperLowerIndex: number | null;
  /** Correlation of the mark with the total (−1 … 1). */
  pointBiserial: number | null;
  options?: OptionStatistics[];
  /** Choice questions: attempts that saw it and chose nothing. */
  unanswered?: number;
}

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface QuizStatistics {
  attempts: number;
  scoreMax: number;
  mean: number | null;
  median: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
  skewness: number | null;
  kurtosis: number | null;
  /** Coefficient of internal consistency: Cronbach's alpha · 100. */
  cic: number | null;
  /** Percent: 100 · √(1 − cic/100). */
  errorRatio: number | null;
  /** Marks: errorRatio · sd / 100. */
  standardError: number | null;
  histogram: HistogramBin[];
  questions: QuestionStatistics[];
}

/** Share of the attempts in each of the upper and lower groups. */
export const GROUP_SHARE = 0.27;

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/**
 * A sum of squared deviations this small, relative to the values, is rounding noise of values that
 * are all equal: no variance.
 */
function noVariance(sumSquares: number, values: number[]): boolean {
  const scale = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return sumSquares <= 1e-20 * values.length * Math.max(1, scale * scale);
}

/** Median: the middle value, or the mean of the two middle values. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Moodle's test statistics of the totals; `sumOfMarkVariance` and `p` (questions per paper) give the cic. */
export function testStatistics(totals: number[], p: number, sumOfMarkVariance: number) {
  const s = totals.length;
  const out = {
    mean: null as number | null,
    median: null as number | null,
    sd: null as number | null,
    min: null as number | null,
    max: null as number | null,
    skewness: null as number | null,
    kurtosis: null as number | null,
    cic: null as number | null,
    errorRatio: null as number | null,
    standardError: null as number | null,
  };
  if (s === 0) return out;
  const mean = totals.reduce((a, b) => a + b, 0) / s;
  out.mean = mean;
  out.median = median(totals);
  out.min = Math.min(...totals);
  out.max = Math.max(...totals);
  if (s < 2) return out;
  let power2 = 0;
  let power3 = 0;
  let power4 = 0;
  for (const t of totals) {
    const d = t - mean;
    power2 += d * d;
    power3 += d * d * d;
    power4 += d * d * d * d;
  }
  if (noVariance(power2, totals)) {
    out.sd = 0;
    return out;
  }
  out.sd = Math.sqrt(power2 / (s - 1));
  if (s < 3) return out;
  const m2 = power2 / s;
  const m3 = power3 / s;
  const m4 = power4 / s;
  const k2 = (s * m2) / (s - 1);
  const k3 = (s * s * m3) / ((s - 1) * (s - 2));
  out.skewness = finite(k3 / Math.pow(k2, 3 / 2));
  if (s > 3) {
    const k4 = (s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3));
    out.kurtosis = finite(k4 / (k2 * k2));
  }
  if (p > 1) {
    out.cic = finite(((100 * p) / (p - 1)) * (1 - sumOfMarkVariance / k2));
    // Beyond 100 the error ratio would be the root of a negative number: undefined.
    out.errorRatio = out.cic !== null && out.cic <= 100 ? 100 * Math.sqrt(1 - out.cic / 100) : null;
    out.standardError = out.errorRatio !== null ? (out.errorRatio * out.sd) / 100 : null;
  }
  return out;
}

/** Attempts sorted from the best total down; equal totals: the earlier submission first, then the lower attempt id. */
export function rankAttempts<T extends { total: number; submittedAt: number; attemptId: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.total - a.total || a.submittedAt - b.submittedAt || a.attemptId - b.attemptId);
}

/** Size of each of the upper and lower groups: max(1, round(0.27 · n)). */
export const groupSize = (n: number) => Math.max(1, Math.round(GROUP_SHARE * n));

function histogramOf(percents: number[]): HistogramBin[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: 0 }));
  for (const p of percents) {
    // 100% belongs to the last bin; a negative total (negative marking) to the first.
    const i = Math.min(9, Math.max(0, Math.floor(p / 10)));
    bins[i].count++;
  }
  return bins;
}

interface ItemRow {
  mark: number;
  other: number;
  total: number;
}

/** Moodle's item statistics of one question over the attempts that saw it. */
function itemStatistics(rows: ItemRow[], maxMark: number) {
  const s = rows.length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const marks = rows.map((r) => r.mark);
  const others = rows.map((r) => r.other);
  const totals = rows.map((r) => r.total);
  const out = {
    facility: null as number | null,
    sd: null as number | null,
    markVariance: null as number | null,
    otherMarkVariance: null as number | null,
    covariance: null as number | null,
    covarianceMax: null as number | null,
    covarianceWithOverall: null as number | null,
    discriminationIndex: null as number | null,
    discriminativeEfficiency: null as number | null,
    pointBiserial: null as number | null,
  };
  if (s === 0) return out;
  const markAverage = mean(marks);
  const otherAverage = mean(others);
  const totalAverage = mean(totals);
  if (maxMark !== 0) out.facility = (100 * markAverage) / maxMark;
  if (s < 2) return out;
  // The covariance's maximum pairs the sorted marks with the sorted rest of the test.
  const sortedMarks = [...marks].sort((a, b) => a - b);
  const sortedOthers = [...others].sort((a, b) => a - b);
  let markSum = 0;
  let otherSum = 0;
  let covSum = 0;
  let covMaxSum = 0;
  let overallSum = 0;
  let totalSum = 0;
  for (let i = 0; i < s; i++) {
    const dm = marks[i] - markAverage;
    const dother = others[i] - otherAverage;
    const dtotal = totals[i] - totalAverage;
    markSum += dm * dm;
    otherSum += dother * dother;
    covSum += dm * dother;
    covMaxSum += (sortedMarks[i] - markAverage) * (sortedOthers[i] - otherAverage);
    overallSum += dm * dtotal;
    totalSum += dtotal * dtotal;
  }
  const markFlat = noVariance(markSum, marks);
  const otherFlat = noVariance(otherSum, others);
  const markVariance = markFlat ? 0 : markSum / (s - 1);
  const otherMarkVariance = otherFlat ? 0 : otherSum / (s - 1);
  const covariance = markFlat || otherFlat ? 0 : covSum / (s - 1);
  const covarianceMax = markFlat || otherFlat ? 0 : covMaxSum / (s - 1);
  out.markVariance = markVariance;
  out.otherMarkVariance = otherMarkVariance;
  out.covariance = covariance;
  out.covarianceMax = covarianceMax;
  out.covarianceWithOverall = markFlat ? 0 : overallSum / (s - 1);
  out.sd = maxMark !== 0 ? (100 * Math.sqrt(markVariance)) / maxMark : null;
  if (markVariance * otherMarkVariance) out.discriminationIndex = finite((100 * covariance) / Math.sqrt(markVariance * otherMarkVariance));
  if (covarianceMax) out.discriminativeEfficiency = finite((100 * covariance) / covarianceMax);
  const totalFlat = noVariance(totalSum, totals);
  if (!markFlat && !totalFlat) out.pointBiserial = finite(overallSum / Math.sqrt(markSum * totalSum));
  return out;
}

export interface StatisticsInput {
  questions: StatQuestion[];
  attempts: StatAttempt[];
  /** The quiz total's maximum (the scale of mean, median, ...). */
  scoreMax: number;
  /** Each attempt's own maximum, when papers differ (random draws); the histogram uses it. Default: scoreMax. */
  maxOf?: (attempt: StatAttempt) => number;
}

/** Every figure of the report for these attempts. */
export function quizStatistics(input: StatisticsInput): QuizStatistics {
  const { questions, attempts, scoreMax } = input;
  const ranked = rankAttempts(
    attempts.map((a) => {
      let total = 0;
      for (const m of a.marks.values()) total += m;
      return { attempt: a, attemptId: a.attemptId, submittedAt: a.submittedAt, total };
    }),
  );
  const n = ranked.length;
  const g = groupSize(n);
  const upper = new Set(n >= 2 ? ranked.slice(0, g).map((r) => r.attemptId) : []);
  const lower = new Set(n >= 2 ? ranked.slice(n - g).map((r) => r.attemptId) : []);

  const perQuestion: QuestionStatistics[] = questions.map((q) => {
    const seen = ranked.filter((r) => r.attempt.marks.has(q.questionId));
    const rows = seen.map((r) => {
      const mark = r.attempt.marks.get(q.questionId)!;
      return { mark, other: r.total - mark, total: r.total };
    });
    const item = itemStatistics(rows, q.maxMark);

    let upperLowerIndex: number | null = null;
    if (n >= 2 && q.maxMark !== 0) {
      const fractionIn = (group: Set<number>) => {
        const inGroup = seen.filter((r) => group.has(r.attemptId));
        return inGroup.length ? inGroup.reduce((sum, r) => sum + r.attempt.marks.get(q.questionId)! / q.maxMark, 0) / inGroup.length : null;
      };
      const up = fractionIn(upper);
      const low = fractionIn(lower);
      if (up !== null && low !== null) upperLowerIndex = up - low;
    }

    const result: QuestionStatistics = {
      questionId: q.questionId,
      position: q.position,
      type: q.type,
      maxMark: q.maxMark,
      s: seen.length,
      ...item,
      effectiveWeight: null,
      upperLowerIndex,
    };
    if (q.options) {
      let unanswered = 0;
      const counts = new Map(q.options.map((o) => [o.optionId, { count: 0, upper: 0, lower: 0 }]));
      for (const r of seen) {
        const chosen = r.attempt.choices?.get(q.questionId) ?? [];
        if (!chosen.length) unanswered++;
        for (const id of new Set(chosen)) {
          const c = counts.get(id);
          if (!c) continue;
          c.count++;
          if (upper.has(r.attemptId)) c.upper++;
          if (lower.has(r.attemptId)) c.lower++;
        }
      }
      result.options = q.options.map((o) => {
        const c = counts.get(o.optionId)!;
        return { ...o, count: c.count, percent: seen.length ? (100 * c.count) / seen.length : null, upper: c.upper, lower: c.lower };
      });
      result.unanswered = unanswered;
    }
    return result;
  });

  // Effective weight: each question's √(covariance with the total) over their sum; a negative covariance has none.
  let sumRootCovariance = 0;
  for (const q of perQuestion) if (q.covarianceWithOverall !== null && q.covarianceWithOverall >= 0) sumRootCovariance += Math.sqrt(q.covarianceWithOverall);
  if (sumRootCovariance) {
    for (const q of perQuestion) {
      if (q.covarianceWithOverall !== null && q.covarianceWithOverall >= 0) q.effectiveWeight = (100 * Math.sqrt(q.covarianceWithOverall)) / sumRootCovariance;
    }
  }

  const totals = ranked.map((r) => r.total);
  // p: the questions of one paper (all of them on a fixed paper; the longest paper when draws differ).
  const p = attempts.reduce((m, a) => Math.max(m, a.marks.size), 0);
  const sumOfMarkVariance = perQuestion.reduce((sum, q) => sum + (q.markVariance ?? 0), 0);
  const test = testStatistics(totals, p, sumOfMarkVariance);
  const maxOf = input.maxOf ?? (() => scoreMax);
  const percents = ranked.map((r) => {
    const max = maxOf(r.attempt);
    return max > 0 ? (100 * r.total) / max : 0;
  });
  return { attempts: n, scoreMax, ...test, histogram: histogramOf(percents), questions: perQuestion };
}

/**
 * The attempts the statistics use, as Moodle's quiz statistics report chooses them: each student's
 * first finished attempt (the default), every finished attempt, each student's highest-scoring
 * finished attempt (the earliest of equal scores) or each student's last finished attempt.
 * `attempts` are the finished attempts; with one attempt per student every choice gives them all.
 */
export function chooseAttempts<T extends { studentId: number; attemptNo: number; score: number | null }>(attempts: readonly T[], choice: StatisticsAttempts): T[] {
  if (choice === 'all') return [...attempts];
  const chosen = new Map<number, T>();
  for (const a of attempts) {
    const held = chosen.get(a.studentId);
    const better =
      !held ||
      (choice === 'first' && a.attemptNo < held.attemptNo) ||
      (choice === 'last' && a.attemptNo > held.attemptNo) ||
      (choice === 'highest' && ((a.score ?? 0) > (held.score ?? 0) || ((a.score ?? 0) === (held.score ?? 0) && a.attemptNo < held.attemptNo)));
    if (better) chosen.set(a.studentId, a);
  }
  const keep = new Set(chosen.values());
  return attempts.filter((a) => keep.has(a));
}
