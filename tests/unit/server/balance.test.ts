// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newSeed, seededRandom } from '../../../server/exam/prng';
import { balanceDifficulties, balanceDraw, drawRules, expectedScore, LEVEL_FALLBACK, meanDifficulty, targetOf } from '../../../server/exam/balance';
import { wle } from '../../../server/analysis/rasch';
import { personsSummary } from '../../../server/analysis/calibration';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('seeded generator (sfc32)', () => {
  it('gives the same numbers for the same seed, and other numbers for another seed', () => {
    const seed = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const a = seededRandom(seed);
    const b = seededRandom(seed);
    const first = range(0, 50).map(() => a.next());
    expect(range(0, 50).map(() => b.next())).toEqual(first);
    const other = seededRandom('a1b2c3d4e5f60718293a4b5c6d7e8f91');
    expect(range(0, 50).map(() => other.next())).not.toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });

  it('is spread evenly enough for draws (each of 10 values 1,000 ± 150 times in 10,000)', () => {
    const random = seededRandom(newSeed());
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) counts[random.int(10)]++;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it('makes 32 hex digit seeds, each new', () => {
    const seeds = new Set(range(0, 100).map(() => newSeed()));
    expect(seeds.size).toBe(100);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{32}$/);
    expect(() => seededRandom('not hex at all')).toThrow();
  });

  it('draws the same random rules from the same seed and pools', () => {
    const pools = [range(1, 40), range(30, 40)];
    const draw = (seed: string) => drawRules([1, 2], pools, [5, 7], seededRandom(seed));
    const seed = newSeed();
    expect(draw(seed)).toEqual(draw(seed));
    const picks = draw(seed);
    expect(picks.map((p) => p.length)).toEqual([5, 7]);
    // Never a fixed question, never a question twice across rules.
    const all = picks.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(1);
    expect(all).not.toContain(2);
  });
});

describe('difficulties balancing counts with', () => {
  it('uses the calibrated difficulty, else the average of the subject and level, else the level fallback; descriptions none', () => {
    const d = balanceDifficulties([
      { id: 1, subjectId: 1, level: 'hard', type: 'single', calibrated: 2, marks: 1 },
      { id: 2, subjectId: 1, level: 'hard', type: 'single', calibrated: 1, marks: 1 },
      { id: 3, subjectId: 1, level: 'hard', type: 'single', calibrated: null, marks: 1 },
      { id: 4, subjectId: 1, level: 'easy', type: 'single', calibrated: null, marks: 1 },
      { id: 5, subjectId: 2, level: 'hard', type: 'single', calibrated: null, marks: 1 },
      { id: 6, subjectId: 1, level: 'easy', type: 'description', calibrated: null, marks: 1 },
    ]);
    expect(d.get(1)).toBe(2);
    expect(d.get(3)).toBe(1.5);
    expect(d.get(4)).toBe(LEVEL_FALLBACK.easy);
    expect(d.get(5)).toBe(LEVEL_FALLBACK.hard);
    expect(d.has(6)).toBe(false);
  });

  it('sets the target at the fixed questions plus each pool mean times its count', () => {
    const d = new Map([
      [1, 1],
      [10, -1],
      [11, 0],
      [12, 1],
      [20, 2],
      [21, 4],
    ]);
    // (1 + 2·0 + 1·3) / 4 = 1
    expect(targetOf([1], [[10, 11, 12], [20, 21]], [2, 1], d)).toBeCloseTo(1, 12);
    expect(targetOf([1], [], [], d)).toBeNull();
  });
});

describe('balancing search', () => {
  // Two pools of 60 questions each, difficulties spread from −3 to +3: a plain draw of 10 from each varies widely.
  const difficulty = new Map<number, number>();
  const poolA = range(100, 60);
  const poolB = range(200, 60);
  for (const [i, id] of poolA.entries()) difficulty.set(id, -3 + (6 * i) / 59);
  for (const [i, id] of poolB.entries()) difficulty.set(id, -3 + (6 * ((i * 7) % 60)) / 59);
  const fixed = [1, 2];
  difficulty.set(1, 0.5);
  difficulty.set(2, 1.5);
  const pools = [poolA, poolB];
  const counts = [10, 10];
  const target = targetOf(fixed, pools, counts, difficulty)!;

  it('brings every paper within the tolerance of the target, within its pools, with distinct questions', () => {
    const tolerance = 0.1;
    let plainOutside = 0;
    for (let s = 0; s < 300; s++) {
      const random = seededRandom(s.toString(16).padStart(32, '0'));
      const drawn = drawRules(fixed, pools, counts, random);
      if (Math.abs(meanDifficulty([...fixed, ...drawn.flat()], difficulty)! - target) > tolerance) plainOutside++;
      const result = balanceDraw(fixed, pools, drawn, difficulty, target, tolerance, random);
      expect(result.within).toBe(true);
      expect(Math.abs(result.mean! - target)).toBeLessThanOrEqual(tolerance + 1e-9);
      expect(result.mean).toBeCloseTo(meanDifficulty([...fixed, ...result.picks.flat()], difficulty)!, 9);
      expect(result.picks[0]).toHaveLength(10);
      expect(result.picks[1]).toHaveLength(10);
      for (const id of result.picks[0]) expect(poolA).toContain(id);
      for (const id of result.picks[1]) expect(poolB).toContain(id);
      const all = [...fixed, ...result.picks.flat()];
      expect(new Set(all).size).toBe(all.length);
    }
    // The search had work to do: most plain draws are outside so narrow a tolerance.
    expect(plainOutside).toBeGreaterThan(150);
  });

  it('is reproducible from the seed, and papers stay varied', () => {
    const run = (seed: string) => {
      const random = seededRandom(seed);
      return balanceDraw(fixed, pools, drawRules(fixed, pools, counts, random), difficulty, target, 0.25, random).picks;
    };
    expect(run('00ff'.padEnd(32, '1'))).toEqual(run('00ff'.padEnd(32, '1')));
    const papers = new Set(range(0, 50).map((s) => JSON.stringify(run(s.toString(16).padStart(32, '7')))));
    expect(papers.size).toBe(50);
  });

  it('fails, with the closest paper it found, when no swap can reach the tolerance', () => {
    // Rule 1 draws the whole pool: nothing to swap; rule 2's pool is all of one difficulty.
    const d = new Map([
      [1, 3],
      [10, -2],
      [11, -2],
      [20, 0],
      [21, 0],
      [22, 0],
    ]);
    const random = seededRandom('1'.repeat(32));
    const result = balanceDraw([1], [[10, 11], [20, 21, 22]], [[10, 11], [20]], d, -1, 0.1, random);
    expect(result.within).toBe(false);
    expect(result.picks[0].sort()).toEqual([10, 11]);
  });

  it('has nothing to balance without a target', () => {
    expect(balanceDraw([1], [], [], new Map([[1, 0]]), null, 0.25, seededRandom('2'.repeat(32))).within).toBe(true);
  });
});

describe('expected score of an average student', () => {
  it('weights the Rasch probability by marks', () => {
    const d = new Map([
      [1, 0],
      [2, Math.log(3)],
    ]);
    // P = 0.5 on question 1 (1 mark), 0.25 on question 2 (3 marks): (0.5 + 0.75) / 4 = 31.25 %.
    expect(expectedScore([{ id: 1, marks: 1 }, { id: 2, marks: 3 }], d, 0)).toBeCloseTo(31.25, 10);
  });
});

describe('ability estimates', () => {
  it("are Warm's WLE: on k items of difficulty 0 a score r gives ln((r + ½) / (k − r + ½)), finite at 0 and k", () => {
    for (const r of [0, 1, 2, 3, 4]) {
      expect(wle([0, 0, 0, 0], r).theta).toBeCloseTo(Math.log((r + 0.5) / (4 - r + 0.5)), 8);
    }
    expect(wle([0, 0, 0, 0], 0).theta).toBeCloseTo(-2.1972, 4);
  });

  it('are summarised as count, mean, sd and bins 0.5 logits wide named by their centre', () => {
    const s = personsSummary([-0.2, 0.1, 0.3, 1.2]);
    expect(s.count).toBe(4);
    expect(s.mean).toBeCloseTo(0.35, 12);
    expect(s.sd).toBeCloseTo(Math.sqrt((0.55 ** 2 + 0.25 ** 2 + 0.05 ** 2 + 0.85 ** 2) / 3), 12);
    expect(s.histogram).toEqual([
      { logit: -0.25, count: 1 },
      { logit: 0.25, count: 2 },
      { logit: 0.75, count: 0 },
      { logit: 1.25, count: 1 },
    ]);
    expect(personsSummary([])).toEqual({ count: 0, mean: 0, sd: 0, histogram: [] });
  });
});
