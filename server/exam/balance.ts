import type { Random } from './prng';

/**
 * Balanced random papers (issue 27). Pure: the draw of the random rules from a seeded generator, and
 * the seeded swap search that brings a drawn paper's mean difficulty within a tolerance of the
 * quiz's target. The start of an attempt, the fairness simulation and the publish check run this
 * same code (server/exam/paper.ts, server/quizzes/fairness.ts).
 *
 * Difficulties are in logits (the Rasch calibration's scale). Questions without one (descriptions)
 * are left out of a paper's mean; see `balanceDifficulties` for how an uncalibrated question gets one.
 */

/** The fallback difficulty of each declared level when the subject has no calibrated question of that level. */
export const LEVEL_FALLBACK: Record<string, number> = { easy: -1, medium: 0, hard: 1 };

/** A question as the balancing reads it. */
export interface BalanceQuestion {
  id: number;
  subjectId: number;
  /** The declared level: easy, medium or hard. */
  level: string;
  type: string;
  /** The Rasch difficulty when calibrated, else null. */
  calibrated: number | null;
  marks: number;
}

/**
 * The difficulty each question counts with: its calibrated difficulty, or else the average of the
 * calibrated questions of its subject and declared level (LEVEL_FALLBACK when there are none).
 * Descriptions are not answered and have none. `questions` must hold the subjects' whole banks
 * (the level averages are taken over them).
 */
export function balanceDifficulties(questions: readonly BalanceQuestion[]): Map<number, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const q of questions) {
    if (q.calibrated === null || q.type === 'description') continue;
    const key = `${q.subjectId}:${q.level}`;
    const s = sums.get(key) ?? { sum: 0, n: 0 };
    s.sum += q.calibrated;
    s.n++;
    sums.set(key, s);
  }
  const out = new Map<number, number>();
  for (const q of questions) {
    if (q.type === 'description') continue;
    if (q.calibrated !== null) {
      out.set(q.id, q.calibrated);
      continue;
    }
    const s = sums.get(`${q.subjectId}:${q.level}`);
    out.set(q.id, s ? s.sum / s.n : (LEVEL_FALLBACK[q.level.toLowerCase()] ?? 0));
  }
  return out;
}

/** `count` distinct items of `items` drawn with `random` (all when fewer): a partial Fisher-Yates. */
export function seededSample<T>(items: readonly T[], count: number, random: Random): T[] {
  const out = [...items];
  const n = Math.min(Math.max(0, count), out.length);
  for (let i = 0; i < n; i++) {
    const j = i + random.int(out.length - i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, n);
}

/** Fisher-Yates with `random`. */
export function seededShuffle<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Each random rule's draw, in rule order: `counts[i]` distinct questions of `pools[i]`, never a
 * fixed question nor one an earlier rule drew (as papers have always been drawn).
 */
export function drawRules(fixed: readonly number[], pools: readonly (readonly number[])[], counts: readonly number[], random: Random): number[][] {
  const chosen = new Set(fixed);
  return pools.map((pool, i) => {
    const picks = seededSample(
      pool.filter((id) => !chosen.has(id)),
      counts[i] ?? 0,
      random,
    );
    for (const id of picks) chosen.add(id);
    return picks;
  });
}

/**
 * The target of a quiz's papers: the expected mean difficulty over random draws, i.e. the fixed
 * questions' difficulties plus each rule's pool mean times the questions it draws, over the
 * paper's question count (questions without a difficulty left out). Null without random rules or
 * without any question that has a difficulty.
 */
export function targetOf(fixed: readonly number[], pools: readonly (readonly number[])[], counts: readonly number[], difficulty: ReadonlyMap<number, number>): number | null {
  if (!pools.length) return null;
  const fixedSet = new Set(fixed);
  let sum = 0;
  let n = 0;
  for (const id of fixed) {
    const b = difficulty.get(id);
    if (b === undefined) continue;
    sum += b;
    n++;
  }
  for (const [i, pool] of pools.entries()) {
    const available = pool.filter((id) => !fixedSet.has(id));
    const drawn = Math.min(counts[i] ?? 0, available.length);
    let poolSum = 0;
    let poolN = 0;
    for (const id of available) {
      const b = difficulty.get(id);
      if (b === undefined) continue;
      poolSum += b;
      poolN++;
    }
    if (!poolN || !drawn) continue;
    // The rule's draws that carry a difficulty, in expectation.
    const weighted = (drawn * poolN) / available.length;
    sum += (poolSum / poolN) * weighted;
    n += weighted;
  }
  return n ? sum / n : null;
}

/** The mean difficulty of a paper's questions that have one; null when none has. */
export function meanDifficulty(ids: Iterable<number>, difficulty: ReadonlyMap<number, number>): number | null {
  let sum = 0;
  let n = 0;
  for (const id of ids) {
    const b = difficulty.get(id);
    if (b === undefined) continue;
    sum += b;
    n++;
  }
  return n ? sum / n : null;
}

/** Slack for rounding when comparing a mean with the tolerance. */
const EPSILON = 1e-9;
/** Random tries at a swap before every possible swap is looked at. */
const RANDOM_TRIES = 8;

export interface BalanceResult {
  /** Each rule's questions after the search (the same rules, pools and counts as the draw). */
  picks: number[][];
  mean: number | null;
  /** The mean is within the tolerance of the target (or there is nothing to balance). */
  within: boolean;
  swaps: number;
}

/**
 * The swap search: while the paper's mean difficulty is further than `tolerance` from `target`, a
 * random rule, a random question it drew, and a random question of the same rule's pool that is
 * on no part of the paper are tried; the swap is made when it brings the mean strictly closer to
 * the target (the new question is chosen at random among those that do). After RANDOM_TRIES tries
 * without one, every rule and drawn question is looked at; when no swap brings the mean closer, the
 * search fails and answers the closest paper it reached. Each swap brings the mean strictly closer,
 * so the search ends; it stops as soon as the paper is within tolerance, which keeps papers random.
 */
export function balanceDraw(
  fixed: readonly number[],
  pools: readonly (readonly number[])[],
  drawn: readonly (readonly number[])[],
  difficulty: ReadonlyMap<number, number>,
  target: number | null,
  tolerance: number,
  random: Random,
  maxSwaps = 10_000,
): BalanceResult {
  const picks = drawn.map((p) => [...p]);
  const chosen = new Set<number>([...fixed, ...picks.flat()]);
  let sum = 0;
  let n = 0;
  for (const id of chosen) {
    const b = difficulty.get(id);
    if (b === undefined) continue;
    sum += b;
    n++;
  }
  const result = (within: boolean, swaps: number): BalanceResult => ({ picks, mean: n ? sum / n : null, within, swaps });
  if (target === null || !n) return result(true, 0);
  // need: the change of the sum that would put the mean on the target.
  const needOf = () => target * n - sum;
  const inside = () => Math.abs(needOf()) <= (tolerance + EPSILON) * n;

  /** Questions of rule i's pool on no part of the paper, that have a difficulty. */
  const undrawn = (i: number) => pools[i].filter((id) => !chosen.has(id) && difficulty.has(id));
  const improves = (need: number, delta: number) => Math.abs(need - delta) < Math.abs(need) - EPSILON;
  const swap = (i: number, slot: number, incoming: number) => {
    const out = picks[i][slot];
    chosen.delete(out);
    chosen.add(incoming);
    picks[i][slot] = incoming;
    sum += difficulty.get(incoming)! - difficulty.get(out)!;
  };
  const rules = pools.map((_, i) => i).filter((i) => picks[i].some((id) => difficulty.has(id)));

  let swaps = 0;
  let misses = 0;
  while (!inside()) {
    if (swaps >= maxSwaps || !rules.length) return result(false, swaps);
    const need = needOf();
    if (misses < RANDOM_TRIES) {
      const i = rules[random.int(rules.length)];
      const slots = picks[i].map((id, slot) => (difficulty.has(id) ? slot : -1)).filter((slot) => slot >= 0);
      const slot = slots[random.int(slots.length)];
      const out = difficulty.get(picks[i][slot])!;
      const better = undrawn(i).filter((id) => improves(need, difficulty.get(id)! - out));
      if (!better.length) {
        misses++;
        continue;
      }
      swap(i, slot, better[random.int(better.length)]);
    } else {
      // Every possible swap: one at random among those that bring the mean closer (reservoir sampling).
      let move: [number, number, number] | undefined;
      let seen = 0;
      for (const i of rules) {
        const free = undrawn(i);
        for (const [slot, id] of picks[i].entries()) {
          const out = difficulty.get(id);
          if (out === undefined) continue;
          for (const candidate of free) {
            if (!improves(need, difficulty.get(candidate)! - out)) continue;
            seen++;
            if (random.int(seen) === 0) move = [i, slot, candidate];
          }
        }
      }
      if (!move) return result(false, swaps);
      swap(...move);
    }
    swaps++;
    misses = 0;
  }
  return result(true, swaps);
}

/** Percent of the marks a student of ability `theta` is expected to score: the Rasch P of each question weighted by its marks. */
export function expectedScore(questions: readonly { id: number; marks: number }[], difficulty: ReadonlyMap<number, number>, theta: number): number {
  let expected = 0;
  let total = 0;
  for (const q of questions) {
    const b = difficulty.get(q.id);
    if (b === undefined || !(q.marks > 0)) continue;
    expected += q.marks / (1 + Math.exp(b - theta));
    total += q.marks;
  }
  return total ? (100 * expected) / total : 0;
}
