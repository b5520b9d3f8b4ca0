// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupSize, quizStatistics, rankAttempts, type StatAttempt, type StatQuestion } from '../../../server/analysis/statistics';

const fixture = (name: string) =>
  readFileSync(path.resolve(__dirname, '../../fixtures/moodle-statistics', name), 'utf8')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));

/** Rows of a CSV as objects keyed by its header. */
function table(name: string): Record<string, string>[] {
  const [header, ...rows] = fixture(name);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** expect(actual) within Moodle's relative tolerance of expected. */
function near(actual: number | null, expected: number, relative: number, what: string) {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(Math.abs(expected) * relative + 1e-12);
}

describe("Moodle's quiz statistics fixtures (mod/quiz/report/statistics/tests/fixtures, quiz 00)", () => {
  // results00.csv: 25 attempts, 7 questions of 1 mark each.
  const results = table('results00.csv');
  const slots = [1, 2, 3, 4, 5, 6, 7];
  const questions: StatQuestion[] = slots.map((slot) => ({ questionId: slot, position: slot, type: 'single', maxMark: 1 }));
  const attempts: StatAttempt[] = results.map((r, i) => ({
    attemptId: Number(r.quizattempt),
    submittedAt: i,
    marks: new Map(slots.map((slot) => [slot, Number(r[`slots.${slot}.mark`])])),
  }));
  const stats = quizStatistics({ questions, attempts, scoreMax: 7 });

  it('replays the per-question figures of qstats00.csv', () => {
    for (const expected of table('qstats00.csv')) {
      const q = stats.questions.find((s) => s.questionId === Number(expected.slot))!;
      const slot = `slot ${expected.slot}`;
      expect(q.s, slot).toBe(25);
      // Moodle stores facility and sd as fractions of the maximum; the API gives percent (maximum 1 mark here).
      near(q.facility, 100 * Number(expected.facility), 1e-6, `${slot} facility`);
      near(q.sd, 100 * Number(expected.sd), 1e-6, `${slot} sd`);
      near(q.markVariance, Number(expected.markvariance), 1e-6, `${slot} markvariance`);
      near(q.otherMarkVariance, Number(expected.othermarkvariance), 1e-6, `${slot} othermarkvariance`);
      near(q.covariance, Number(expected.covariance), 1e-5, `${slot} covariance`);
      near(q.covarianceMax, Number(expected.covariancemax), 1e-6, `${slot} covariancemax`);
      near(q.discriminationIndex, Number(expected.discriminationindex), 1e-5, `${slot} discriminationindex`);
      near(q.discriminativeEfficiency, Number(expected.discriminativeefficiency), 1e-5, `${slot} discriminativeefficiency`);
      near(q.effectiveWeight, Number(expected.effectiveweight), 1e-5, `${slot} effectiveweight`);
    }
  });

  it('replays the whole-quiz figures of stats_from_steps_walkthrough_test.php', () => {
    const expected = Object.fromEntries(table('quiz00.csv').map((r) => [r.stat, Number(r.value)]));
    expect(stats.attempts).toBe(expected.allattemptscount);
    const tolerance = 1.5e-5;
    near(stats.median, expected.median, tolerance, 'median');
    near(stats.mean, expected.allattemptsavg, tolerance, 'mean');
    near(stats.sd, expected.standarddeviation, tolerance, 'standard deviation');
    near(stats.skewness, expected.skewness, tolerance, 'skewness');
    near(stats.kurtosis, expected.kurtosis, tolerance, 'kurtosis');
    near(stats.cic, expected.cic, tolerance, 'cic');
    near(stats.errorRatio, expected.errorratio, tolerance, 'error ratio');
    near(stats.standardError, expected.standarderror, tolerance, 'standard error');
  });
});

describe('a small case computed by hand', () => {
  /*
   * Q1: single choice, 1 mark (option a right, b wrong). Q2: 2 marks.
   *   attempt  Q1  Q2  total  chose on Q1
   *   1        1   2   3      a
   *   2        1   0   1      a
   *   3        0   2   2      b
   *   4        0   0   0      nothing
   *
   * Totals 3, 1, 2, 0: mean 1.5; median (1 + 2) / 2 = 1.5; min 0, max 3.
   * Deviations 1.5, -0.5, 0.5, -1.5: Σd² = 2.25 + 0.25 + 0.25 + 2.25 = 5, Σd³ = 0, Σd⁴ = 5.0625 · 2 + 0.0625 · 2 = 10.25.
   * sd = √(5 / 3) = 1.2909944; m2 = 5/4, m4 = 10.25/4 = 2.5625; k2 = 4 · m2 / 3 = 5/3; k3 = 0 → skewness 0.
   * k4 = 16 · (5 · 2.5625 − 3 · 3 · 1.25²) / (3 · 2 · 1) = 16 · (12.8125 − 14.0625) / 6 = −10/3; kurtosis = k4 / k2² = −1.2.
   * Q1 marks 1, 1, 0, 0: mean 0.5, variance 4 · 0.25 / 3 = 1/3. Q2 marks 2, 0, 2, 0: mean 1, variance 4/3. Σ = 5/3.
   * cic = 100 · 2 / 1 · (1 − (5/3) / (5/3)) = 0; error ratio = 100 · √(1 − 0) = 100; standard error = 100 · sd / 100 = 1.2909944.
   * Q1: facility 50; sd 100 · √(1/3) / 1 = 57.735; rest of test = Q2 (mean 1): Σ dm · dr = 0.5 − 0.5 − 0.5 + 0.5 = 0 → covariance 0,
   *     discrimination index 0; covariance max pairs sorted (0, 0, 1, 1) with (0, 0, 2, 2): 4 · 0.5 · 1 / 3 = 2/3 → efficiency 0.
   *     Covariance with the total: (0.75 − 0.25 − 0.25 + 0.75) / 3 = 1/3; point-biserial = 1 / √(1 · 5) = 0.4472136.
   * Q2: facility 50; sd 100 · √(4/3) / 2 = 57.735; covariance with the total (1.5 + 0.5 + 0.5 + 1.5) / 3 = 4/3;
   *     point-biserial 4 / √(4 · 5) = 0.8944272.
   * Effective weight: √(1/3) = 0.57735 and √(4/3) = 1.1547, sum 1.7320508 → 33.333 % and 66.667 %.
   * Upper and lower groups: max(1, round(0.27 · 4)) = 1 attempt each: attempt 1 (3) and attempt 4 (0).
   *     Q1: 1/1 − 0/1 = 1; Q2: 2/2 − 0/2 = 1.
   * Histogram on 3 marks: 100 % → 90-100, 33.3 % → 30-40, 66.7 % → 60-70, 0 % → 0-10.
   */
  const questions: StatQuestion[] = [
    { questionId: 11, position: 1, type: 'single', maxMark: 1, options: [{ optionId: 'a', text: 'Right', correct: true }, { optionId: 'b', text: 'Wrong', correct: false }] },
    { questionId: 12, position: 2, type: 'numeric', maxMark: 2 },
  ];
  const attempt = (attemptId: number, q1: number, q2: number, chose: string[]): StatAttempt => ({
    attemptId,
    submittedAt: 1000 + attemptId,
    marks: new Map([
      [11, q1],
      [12, q2],
    ]),
    choices: new Map([[11, chose]]),
  });
  const attempts = [attempt(1, 1, 2, ['a']), attempt(2, 1, 0, ['a']), attempt(3, 0, 2, ['b']), attempt(4, 0, 0, [])];
  const stats = quizStatistics({ questions, attempts, scoreMax: 3 });
  const close = (actual: number | null, expected: number) => expect(actual).toBeCloseTo(expected, 6);

  it('gives the test statistics', () => {
    expect(stats).toMatchObject({ attempts: 4, scoreMax: 3, mean: 1.5, median: 1.5, min: 0, max: 3 });
    close(stats.sd, Math.sqrt(5 / 3));
    close(stats.skewness, 0);
    close(stats.kurtosis, -1.2);
    close(stats.cic, 0);
    close(stats.errorRatio, 100);
    close(stats.standardError, Math.sqrt(5 / 3));
    expect(stats.histogram.map((b) => b.count)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(stats.histogram[0]).toEqual({ from: 0, to: 10, count: 1 });
  });

  it('gives the item statistics', () => {
    const [q1, q2] = stats.questions;
    expect(q1).toMatchObject({ questionId: 11, s: 4, facility: 50 });
    close(q1.sd, 100 * Math.sqrt(1 / 3));
    close(q1.discriminationIndex, 0);
    close(q1.discriminativeEfficiency, 0);
    close(q1.pointBiserial, 1 / Math.sqrt(5));
    close(q1.effectiveWeight, 100 / 3);
    close(q1.upperLowerIndex, 1);
    expect(q2).toMatchObject({ questionId: 12, s: 4, facility: 50 });
    close(q2.sd, 100 * Math.sqrt(4 / 3) / 2);
    close(q2.pointBiserial, 4 / Math.sqrt(20));
    close(q2.effectiveWeight, 200 / 3);
    close(q2.upperLowerIndex, 1);
  });

  it('counts the options chosen, in all and in the upper and lower groups', () => {
    expect(stats.questions[0].options).toEqual([
      { optionId: 'a', text: 'Right', correct: true, count: 2, percent: 50, upper: 1, lower: 0 },
      { optionId: 'b', text: 'Wrong', correct: false, count: 1, percent: 25, upper: 0, lower: 0 },
    ]);
    expect(stats.questions[0].unanswered).toBe(1);
    expect(stats.questions[1].options).toBeUndefined();
  });
});

describe('undefined figures are null', () => {
  const questions: StatQuestion[] = [
    { questionId: 1, position: 1, type: 'single', maxMark: 2 },
    { questionId: 2, position: 2, type: 'single', maxMark: 2 },
  ];
  const one = (id: number, a: number, b: number): StatAttempt => ({ attemptId: id, submittedAt: id, marks: new Map([[1, a], [2, b]]) });

  it('with no attempt', () => {
    const stats = quizStatistics({ questions, attempts: [], scoreMax: 4 });
    expect(stats).toMatchObject({ attempts: 0, mean: null, median: null, sd: null, min: null, max: null, skewness: null, kurtosis: null, cic: null, errorRatio: null, standardError: null });
    expect(stats.questions[0]).toMatchObject({ s: 0, facility: null, sd: null, discriminationIndex: null, discriminativeEfficiency: null, effectiveWeight: null, upperLowerIndex: null, pointBiserial: null });
    expect(stats.histogram.reduce((s, b) => s + b.count, 0)).toBe(0);
  });

  it('with one attempt', () => {
    const stats = quizStatistics({ questions, attempts: [one(1, 2, 1)], scoreMax: 4 });
    expect(stats).toMatchObject({ attempts: 1, mean: 3, median: 3, sd: null, skewness: null, cic: null });
    expect(stats.questions[0]).toMatchObject({ s: 1, facility: 100, sd: null, discriminationIndex: null, upperLowerIndex: null, pointBiserial: null });
  });

  it('when every attempt has the same marks', () => {
    const stats = quizStatistics({ questions, attempts: [one(1, 0.1, 0.2), one(2, 0.1, 0.2), one(3, 0.1, 0.2), one(4, 0.1, 0.2)], scoreMax: 4 });
    expect(stats).toMatchObject({ attempts: 4, sd: 0, skewness: null, kurtosis: null, cic: null, errorRatio: null, standardError: null });
    expect(stats.questions[0]).toMatchObject({ sd: 0, discriminationIndex: null, discriminativeEfficiency: null, effectiveWeight: null, pointBiserial: null, upperLowerIndex: 0 });
  });
});

describe('upper and lower groups', () => {
  it('are max(1, round(0.27 n)) attempts', () => {
    expect([1, 2, 3, 10, 100, 1000].map(groupSize)).toEqual([1, 1, 1, 3, 27, 270]);
  });

  it('rank by total, then the earlier submission first', () => {
    const ranked = rankAttempts([
      { attemptId: 1, total: 5, submittedAt: 300 },
      { attemptId: 2, total: 7, submittedAt: 200 },
      { attemptId: 3, total: 5, submittedAt: 100 },
    ]);
    expect(ranked.map((r) => r.attemptId)).toEqual([2, 3, 1]);
  });
});
