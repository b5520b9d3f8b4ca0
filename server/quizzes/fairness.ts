import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions';
import type { Database } from '../db/tables';
import { FAIRNESS_DRAWS, type FairnessReport, type FairnessSpread, type PaperDifferences, type PersonsSummary, type Spread5 } from '../../src/schemas/fairness';
import { unbalancedMessage, type RandomRule } from '../../src/schemas/quizzes';
import { LEVEL_FALLBACK, balanceDifficulties, balanceDraw, drawRules, expectedScore, meanDifficulty, targetOf } from '../exam/balance';
import { balanceQuestionsOf, candidatesOf, type PaperQuestion, type QuizPaperConfig } from '../exam/paper';
import { seededRandom } from '../exam/prng';
import { loadQuiz } from '../exam/attempts';
import { notFound } from '../lib/errors';
import { validationError } from '../lib/validation';

/**
 * The fairness of a quiz's random rules (issue 27): FAIRNESS_DRAWS papers drawn as students would
 * get them, with balancing off and on, their mean difficulty and the score an average student is
 * expected to make on them. The simulation is seeded from its input, so the same paper settings
 * and bank give the same figures; the publish check (`checkBalancedPublish`) runs the same draws.
 */

/** The paper a fairness report simulates: the quiz form's values, and the department its pools come from. */
export interface SimulatedPaper {
  departmentId: number | null;
  subjects: number[];
  fixed: number[];
  rules: RandomRule[];
  tolerance: number;
}

const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

/** Percentile by linear interpolation between closest ranks (type 7) of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

function spread5(values: number[]): Spread5 {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: round(sorted[0] ?? 0),
    p5: round(percentile(sorted, 0.05)),
    median: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/** The subjects' students' mean ability at their last calibrations (weighted by attempts); 0 if none. */
export async function averageAbilityOf(db: Kysely<Database>, subjects: number[]): Promise<number> {
  if (!subjects.length) return 0;
  const rows = await db.selectFrom('subject_calibrations').select('persons').where('subject_id', 'in', subjects).execute();
  let sum = 0;
  let n = 0;
  for (const row of rows) {
    const persons = JSON.parse(row.persons) as PersonsSummary;
    sum += persons.mean * persons.count;
    n += persons.count;
  }
  return n ? sum / n : 0;
}

/** The seed of a simulation: a digest of what it simulates. */
const seedOf = (paper: SimulatedPaper) =>
  createHash('sha256')
    .update(JSON.stringify([paper.departmentId, [...paper.subjects].sort((a, b) => a - b), paper.fixed, paper.rules, paper.tolerance]))
    .digest('hex')
    .slice(0, 32);

/** Simulates FAIRNESS_DRAWS papers with balancing off and on. */
export async function fairnessOf(db: Kysely<Database>, paper: SimulatedPaper): Promise<FairnessReport> {
  const config: QuizPaperConfig = { id: 0, departmentId: paper.departmentId, subjects: paper.subjects, randomRules: paper.rules, shuffleQuestions: false, shuffleOptions: false };
  const pools: number[][] = [];
  for (const rule of paper.rules) pools.push(await candidatesOf(db, config, rule));
  const bank = await balanceQuestionsOf(db, paper.subjects);
  const difficulty = balanceDifficulties(bank);
  const marks = new Map(bank.map((q) => [q.id, q.marks]));
  const calibrated = new Set(bank.filter((q) => q.calibrated !== null).map((q) => q.id));
  const counts = paper.rules.map((r) => r.count);
  const target = targetOf(paper.fixed, pools, counts, difficulty);
  const averageAbility = await averageAbilityOf(db, paper.subjects);

  // Calibrated share of every question a paper may hold (descriptions are not answered).
  const reachable = new Set([...paper.fixed, ...pools.flat()].filter((id) => difficulty.has(id)));
  let calibratedCount = 0;
  for (const id of reachable) if (calibrated.has(id)) calibratedCount++;

  const random = seededRandom(seedOf(paper));
  const figures = (ids: number[]) => ({
    mean: meanDifficulty(ids, difficulty) ?? 0,
    score: expectedScore(
      ids.map((id) => ({ id, marks: marks.get(id) ?? 0 })),
      difficulty,
      averageAbility,
    ),
  });
  const off = { means: [] as number[], scores: [] as number[], within: 0 };
  const on = { means: [] as number[], scores: [] as number[], within: 0 };
  let feasible = true;
  const inside = (mean: number) => target === null || Math.abs(mean - target) <= paper.tolerance + 1e-9;
  for (let d = 0; d < FAIRNESS_DRAWS; d++) {
    const drawn = drawRules(paper.fixed, pools, counts, random);
    const plain = figures([...paper.fixed, ...drawn.flat()]);
    off.means.push(plain.mean);
    off.scores.push(plain.score);
    if (inside(plain.mean)) off.within++;
    if (!paper.rules.length) continue;
    const balanced = balanceDraw(paper.fixed, pools, drawn, difficulty, target, paper.tolerance, random);
    if (!balanced.within) feasible = false;
    const result = figures([...paper.fixed, ...balanced.picks.flat()]);
    on.means.push(result.mean);
    on.scores.push(result.score);
    if (inside(result.mean)) on.within++;
  }
  const spreadOf = (s: typeof off): FairnessSpread => ({
    meanDifficulty: spread5(s.means),
    expectedScore: spread5(s.scores),
    withinTolerance: round(s.within / FAIRNESS_DRAWS),
  });
  return {
    draws: FAIRNESS_DRAWS,
    target: target === null ? null : round(target),
    tolerance: paper.tolerance,
    calibratedShare: round(reachable.size ? calibratedCount / reachable.size : 0),
    averageAbility: round(averageAbility),
    off: spreadOf(off),
    on: paper.rules.length ? spreadOf(on) : null,
    feasible,
    message: feasible ? null : unbalancedMessage(paper.tolerance),
  };
}

/**
 * Where a caller's fairness simulation draws from: a saved quiz's department (the caller must be
 * able to manage it: its teacher, or a head above it), else the caller's department; every
 * subject must be of that department (of the head's institute for an institute head). Anyone
 * else does not see them: 404.
 */
export async function fairnessDepartment(db: Kysely<Database>, user: SessionUser, quizId: number | undefined, subjects: number[]): Promise<number | null> {
  let departmentId = user.departmentId;
  if (quizId !== undefined) {
    const quiz = await loadQuiz(db, quizId);
    const allowed =
      quiz &&
      (user.role === 'TEACHER'
        ? quiz.created_by === user.userId
        : user.role === 'DEPARTMENT-HEAD'
          ? quiz.department_id !== null && quiz.department_id === user.departmentId
          : quiz.institute_id !== null && quiz.institute_id === user.instituteId);
    if (!quiz || !allowed) throw notFound('Quiz not found');
    departmentId = quiz.department_id;
  }
  const rows = subjects.length ? await db.selectFrom('subjects').select(['id', 'department_id', 'institute_id']).where('id', 'in', subjects).execute() : [];
  const ok = (s: (typeof rows)[number]) =>
    user.role === 'INSTITUTE-HEAD' && quizId === undefined ? s.institute_id !== null && s.institute_id === user.instituteId : s.department_id !== null && s.department_id === departmentId;
  if (rows.length !== new Set(subjects).size || !rows.every(ok)) throw notFound('Subject not found');
  if (user.role === 'INSTITUTE-HEAD' && quizId === undefined) departmentId = rows[0]?.department_id ?? null;
  return departmentId;
}

/** Fixed questions must be of the paper's subjects (as the quiz form requires). */
export async function checkFixedQuestions(db: Kysely<Database>, subjects: number[], fixed: number[]): Promise<void> {
  if (!fixed.length) return;
  const outside = await db.selectFrom('questions').select('id').where('id', 'in', fixed).where('subject_id', 'not in', subjects).execute();
  const found = await db.selectFrom('questions').select('id').where('id', 'in', fixed).execute();
  const missing = fixed.filter((id) => !found.some((f) => f.id === id));
  const wrong = [...outside.map((q) => q.id), ...missing];
  if (wrong.length) throw validationError({ questions: `Questions must be of the quiz's subjects (question ${wrong.join(', ')} is not)` });
}

/**
 * The publish check of a balanced quiz: refused (400 on balance_tolerance) when the balancing search
 * fails on any of the simulated draws.
 */
export async function checkBalancedPublish(db: Kysely<Database>, paper: SimulatedPaper): Promise<void> {
  if (!paper.rules.length) return;
  const report = await fairnessOf(db, paper);
  if (!report.feasible) throw validationError({ balance_tolerance: unbalancedMessage(paper.tolerance) });
}

/**
 * How different the frozen papers of these attempts were (the statistics' `papers` block): each
 * paper's mean difficulty and an average student's expected score, with difficulties as balancing
 * counts them today (calibrated, else the declared level's average).
 */
export async function paperDifferencesOf(
  db: Kysely<Database>,
  subjects: number[],
  papers: readonly PaperQuestion[][],
  balanced: boolean,
): Promise<PaperDifferences | null> {
  if (!papers.length) return null;
  const bank = await balanceQuestionsOf(db, subjects);
  const difficulty = balanceDifficulties(bank);
  // A question that left the subjects since keeps its declared level's fallback.
  for (const paper of papers) for (const q of paper) if (!difficulty.has(q.id) && q.type !== 'description') difficulty.set(q.id, LEVEL_FALLBACK[q.difficulty.toLowerCase()] ?? 0);
  const calibrated = new Set(bank.filter((q) => q.calibrated !== null).map((q) => q.id));
  const theta = await averageAbilityOf(db, subjects);
  const means: number[] = [];
  const scores: number[] = [];
  const seen = new Set<number>();
  for (const paper of papers) {
    means.push(meanDifficulty(paper.map((q) => q.id), difficulty) ?? 0);
    scores.push(expectedScore(paper, difficulty, theta));
    for (const q of paper) if (difficulty.has(q.id)) seen.add(q.id);
  }
  const mean = means.reduce((a, b) => a + b, 0) / means.length;
  const sd = means.length > 1 ? Math.sqrt(means.reduce((s, m) => s + (m - mean) ** 2, 0) / (means.length - 1)) : 0;
  let calibratedSeen = 0;
  for (const id of seen) if (calibrated.has(id)) calibratedSeen++;
  return {
    attempts: papers.length,
    balanced,
    meanDifficulty: { min: round(Math.min(...means)), max: round(Math.max(...means)), sd: round(sd) },
    expectedScore: { min: round(Math.min(...scores), 2), max: round(Math.max(...scores), 2) },
    calibratedShare: round(seen.size ? calibratedSeen / seen.size : 0),
  };
}
