// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calibrateRasch, wle, type RaschResponse } from '../../../server/analysis/rasch';
import { prng } from '../../../bench/random';

/**
 * LSAT-6 (Bock & Lieberman 1970; R ltm's `LSAT`): 1,000 students, 5 items. Counts of the response
 * patterns 00000 to 11111 in binary order, item 1 the most significant bit (checked below against
 * the items' known proportions correct).
 */
const LSAT_COUNTS = [3, 6, 2, 11, 1, 1, 3, 4, 1, 8, 0, 16, 0, 3, 2, 15, 10, 29, 14, 81, 3, 28, 15, 80, 16, 56, 21, 173, 11, 61, 28, 298];
const bit = (pattern: number, item: number) => (pattern >> (4 - item)) & 1;

function lsatResponses(): RaschResponse[] {
  const responses: RaschResponse[] = [];
  let person = 0;
  LSAT_COUNTS.forEach((count, pattern) => {
    for (let m = 0; m < count; m++) {
      person++;
      for (let item = 0; item < 5; item++) responses.push({ person, item: item + 1, correct: bit(pattern, item) as 0 | 1 });
    }
  });
  return responses;
}

/**
 * The CML quantities of a 5-item test by enumerating all 32 patterns, independently of the
 * estimator's summation algorithm: P(pattern | score r) ∝ exp(-Σ x_i β_i).
 */
function bruteForce(beta: number[]) {
  const byScore = new Map<number, { pattern: number; weight: number }[]>();
  for (let pattern = 0; pattern < 32; pattern++) {
    let r = 0;
    let exponent = 0;
    for (let i = 0; i < 5; i++) {
      r += bit(pattern, i);
      exponent -= bit(pattern, i) * beta[i];
    }
    if (!byScore.has(r)) byScore.set(r, []);
    byScore.get(r)!.push({ pattern, weight: Math.exp(exponent) });
  }
  const expected = [0, 0, 0, 0, 0];
  const information = [0, 0, 0, 0, 0];
  let logLikelihood = 0;
  LSAT_COUNTS.forEach((count, pattern) => {
    if (count === 0) return;
    let r = 0;
    for (let i = 0; i < 5; i++) r += bit(pattern, i);
    if (r === 0 || r === 5) return; // no information
    const group = byScore.get(r)!;
    const total = group.reduce((s, g) => s + g.weight, 0);
    const own = group.find((g) => g.pattern === pattern)!.weight;
    logLikelihood += count * Math.log(own / total);
    for (let i = 0; i < 5; i++) {
      const pi = group.filter((g) => bit(g.pattern, i)).reduce((s, g) => s + g.weight, 0) / total;
      expected[i] += count * pi;
      information[i] += count * pi * (1 - pi);
    }
  });
  const observed = [0, 1, 2, 3, 4].map((i) =>
    LSAT_COUNTS.reduce((s, count, pattern) => {
      const r = [0, 1, 2, 3, 4].reduce((t, j) => t + bit(pattern, j), 0);
      return r === 0 || r === 5 ? s : s + count * bit(pattern, i);
    }, 0),
  );
  return { expected, observed, information, logLikelihood };
}

describe('Rasch CML on LSAT-6', () => {
  const result = calibrateRasch(lsatResponses());
  const beta = result.items.map((item) => item.difficulty!);

  it('reads the pattern counts in the right item order (known proportions correct)', () => {
    const proportions = [0, 1, 2, 3, 4].map((i) => LSAT_COUNTS.reduce((s, c, pattern) => s + c * bit(pattern, i), 0) / 1000);
    expect(LSAT_COUNTS.reduce((s, c) => s + c, 0)).toBe(1000);
    expect(proportions).toEqual([0.924, 0.709, 0.553, 0.763, 0.87]);
  });

  it('solves the CML score equations, checked by enumerating every pattern', () => {
    expect(result.converged).toBe(true);
    expect(result.items.every((item) => item.status === 'calibrated' && item.responses === 1000)).toBe(true);
    expect(Math.abs(beta.reduce((s, b) => s + b, 0))).toBeLessThan(1e-12);
    const brute = bruteForce(beta);
    for (let i = 0; i < 5; i++) expect(Math.abs(brute.expected[i] - brute.observed[i])).toBeLessThan(1e-8);
    expect(result.logLikelihood).toBeCloseTo(brute.logLikelihood, 9);
    // The 3 students with 00000 and the 298 with 11111 carry no information.
    expect(result.informativePersons).toBe(1000 - 3 - 298);
  });

  it('is the maximum of the conditional likelihood', () => {
    const best = bruteForce(beta).logLikelihood;
    for (let i = 0; i < 5; i++) {
      for (const delta of [-1e-3, 1e-3]) {
        const moved = beta.map((b, j) => (j === i ? b + delta : b));
        expect(bruteForce(moved).logLikelihood).toBeLessThan(best);
      }
    }
  });

  it("matches eRm's published CML difficulties (centred) within 0.01 logits", () => {
    const published = [-1.256, 0.475, 1.236, 0.168, -0.623];
    beta.forEach((b, i) => expect(Math.abs(b - published[i]), `item ${i + 1}: ${b}`).toBeLessThan(0.01));
  });

  it("agrees with ltm's marginal (Rasch, common discrimination 0.7551) estimates up to that discrimination", () => {
    // ltm's rasch(LSAT): difficulties on a scale where the common discrimination is 0.7551;
    // centred and multiplied by it they are on the logit scale of CML.
    const ltm = [-3.6153, -1.3224, -0.3176, -1.7301, -2.7802];
    const mean = ltm.reduce((s, b) => s + b, 0) / 5;
    ltm.forEach((b, i) => expect(Math.abs((b - mean) * 0.7551 - beta[i]), `item ${i + 1}`).toBeLessThan(0.01));
  });

  it('gives standard errors from the diagonal of the conditional information', () => {
    const { information } = bruteForce(beta);
    result.items.forEach((item, i) => expect(item.se!).toBeCloseTo(1 / Math.sqrt(information[i]), 10));
  });

  it('estimates abilities by WLE and reports fit mean-squares', () => {
    for (const person of result.persons) {
      expect(Number.isFinite(person.ability)).toBe(true);
      expect(person.extreme).toBe(person.score === 0 || person.score === 5);
    }
    // Warm's equation holds at each score's ability.
    for (let r = 0; r <= 5; r++) {
      const { theta } = wle(beta, r);
      let expected = 0;
      let info = 0;
      let j = 0;
      for (const b of beta) {
        const p = 1 / (1 + Math.exp(b - theta));
        expected += p;
        info += p * (1 - p);
        j += p * (1 - p) * (1 - 2 * p);
      }
      expect(Math.abs(r - expected + j / (2 * info))).toBeLessThan(1e-9);
    }
    for (const item of result.items) {
      expect(item.infit!).toBeGreaterThan(0.5);
      expect(item.infit!).toBeLessThan(1.5);
      expect(item.outfit!).toBeGreaterThan(0.5);
      expect(item.outfit!).toBeLessThan(1.5);
    }
  });
});

/** Answers simulated from known difficulties on random papers of `paper` items out of `items`. */
function simulate(seed: number, items: number, persons: number, paper: number, truth?: number[]) {
  const random = prng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const difficulties = truth ?? Array.from({ length: items }, () => 1.2 * normal());
  const responses: RaschResponse[] = [];
  for (let person = 1; person <= persons; person++) {
    const theta = normal();
    const drawn = new Set<number>();
    while (drawn.size < paper) drawn.add(Math.floor(random() * items));
    for (const item of drawn) {
      responses.push({ person, item, correct: random() < 1 / (1 + Math.exp(difficulties[item] - theta)) });
    }
  }
  return { difficulties, responses };
}

describe('Rasch CML on simulated random papers', () => {
  it('recovers known difficulties within their standard errors', () => {
    const { difficulties, responses } = simulate(7, 60, 1500, 15);
    const result = calibrateRasch(responses);
    expect(result.converged).toBe(true);
    const calibrated = result.items.filter((item) => item.status === 'calibrated');
    expect(calibrated).toHaveLength(60);
    const mean = difficulties.reduce((s, b) => s + b, 0) / 60;
    const z = calibrated.map((item) => (item.difficulty! - (difficulties[item.item] - mean)) / item.se!);
    expect(Math.max(...z.map(Math.abs))).toBeLessThan(3.5);
    expect(z.filter((v) => Math.abs(v) <= 2).length / z.length).toBeGreaterThan(0.88);
    // Fit is near 1 when the data follow the model.
    for (const item of calibrated) {
      expect(item.infit!).toBeGreaterThan(0.75);
      expect(item.infit!).toBeLessThan(1.25);
    }
  });

  it('shrinks the standard errors as the answers grow (about 1/√n)', () => {
    const truth = simulate(11, 40, 1, 1).difficulties;
    const small = calibrateRasch(simulate(12, 40, 500, 12, truth).responses);
    const large = calibrateRasch(simulate(13, 40, 2000, 12, truth).responses);
    const meanSe = (r: typeof small) => r.items.reduce((s, item) => s + item.se!, 0) / r.items.length;
    const ratio = meanSe(small) / meanSe(large);
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
  });
});

describe('Rasch CML: extreme and thinly answered items', () => {
  // Five ordinary items answered by 200 students, plus:
  //   101 answered right by everyone, 102 wrong by everyone, 103 by only 10 students,
  //   104 right by everyone except students who got everything else wrong.
  const { responses: base } = simulate(21, 5, 200, 5);
  const responses: RaschResponse[] = [...base];
  const scores = new Map<number, number>();
  for (const r of base) scores.set(r.person, (scores.get(r.person) ?? 0) + (r.correct ? 1 : 0));
  for (let person = 1; person <= 200; person++) {
    responses.push({ person, item: 101, correct: 1 });
    responses.push({ person, item: 102, correct: 0 });
    if (person <= 10) responses.push({ person, item: 103, correct: person % 2 === 0 });
    responses.push({ person, item: 104, correct: scores.get(person)! > 0 });
  }
  const result = calibrateRasch(responses);
  const byId = new Map(result.items.map((item) => [item.item, item]));

  it('reports extreme and too-few items without a number', () => {
    expect(byId.get(101)).toMatchObject({ status: 'all-correct', difficulty: null, se: null, infit: null, outfit: null, responses: 200 });
    expect(byId.get(102)).toMatchObject({ status: 'all-wrong', difficulty: null, responses: 200 });
    expect(byId.get(103)).toMatchObject({ status: 'too-few', difficulty: null, responses: 10 });
    expect([...scores.values()].some((s) => s === 0)).toBe(true);
    expect(byId.get(104)).toMatchObject({ status: 'all-correct', difficulty: null, responses: 200 });
  });

  it('calibrates the others as if the excluded items had never been asked, centred on their mean', () => {
    const alone = calibrateRasch(base);
    const calibrated = result.items.filter((item) => item.status === 'calibrated');
    expect(calibrated.map((item) => item.item)).toEqual([0, 1, 2, 3, 4]);
    expect(calibrated.map((item) => item.difficulty)).toEqual(alone.items.map((item) => item.difficulty));
    expect(Math.abs(calibrated.reduce((s, item) => s + item.difficulty!, 0))).toBeLessThan(1e-12);
  });

  it('counts a calibrated item only from the minimum of responses', () => {
    const strict = calibrateRasch(base, { minResponses: 201 });
    expect(strict.items.every((item) => item.status === 'too-few' && item.difficulty === null)).toBe(true);
    expect(strict.persons.every((person) => person.ability === null)).toBe(true);
  });

  it('refuses a person answering one item twice', () => {
    expect(() => calibrateRasch([...base, { ...base[0] }])).toThrow(RangeError);
  });
});

describe('Rasch CML on papers that share no questions', () => {
  it('calibrates each group as if alone and says there are two', () => {
    const a = simulate(41, 6, 400, 6).responses;
    const b = simulate(42, 6, 400, 6).responses.map((r) => ({ person: r.person + 1000, item: r.item + 100, correct: r.correct }));
    const both = calibrateRasch([...a, ...b]);
    expect(both.converged).toBe(true);
    expect(both.components).toBe(2);
    const alone = calibrateRasch(a);
    expect(alone.components).toBe(1);
    const difficulty = (r: typeof both, id: number) => r.items.find((item) => item.item === id)!.difficulty!;
    // Within a group the differences are those of the group calibrated alone.
    for (let i = 1; i < 6; i++) {
      expect(difficulty(both, i) - difficulty(both, 0)).toBeCloseTo(difficulty(alone, i) - difficulty(alone, 0), 8);
    }
    expect(Math.abs(both.items.reduce((s, item) => s + item.difficulty!, 0))).toBeLessThan(1e-9);
    // One student who saw questions of both links them.
    const linked = calibrateRasch([...a, ...b, { person: 5000, item: 0, correct: 1 }, { person: 5000, item: 100, correct: 0 }]);
    expect(linked.components).toBe(1);
  });
});

describe('Rasch CML is deterministic', () => {
  it('gives identical numbers whatever the order of the answers', () => {
    const { responses } = simulate(31, 50, 800, 10);
    const first = calibrateRasch(responses);
    const random = prng(99);
    const shuffled = [...responses];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    expect(calibrateRasch(shuffled)).toEqual(first);
    expect(calibrateRasch(responses)).toEqual(first);
  });
});

describe('Rasch CML on long papers with widely spread difficulties', () => {
  /** Log ESFs of these difficulties by the summation algorithm in log space (a slow reference). */
  function logEsf(items: number[]): number[] {
    const add = (v: number, w: number) => (v === -Infinity ? w : Math.max(v, w) + Math.log1p(Math.exp(-Math.abs(v - w))));
    let g = [0];
    for (const b of items) {
      const next = new Array(g.length + 1).fill(-Infinity);
      for (let s = 0; s < g.length; s++) {
        next[s] = add(next[s], g[s]);
        next[s + 1] = add(next[s + 1], g[s] - b);
      }
      g = next;
    }
    return g;
  }

  it('keeps the score equations on a fixed paper of 200 items from -9 to 9 logits (ESFs up to 1e203: rows rescaled as they grow)', () => {
    const items = 200;
    const truth = Array.from({ length: items }, (_, i) => -9 + (18 * i) / (items - 1));
    const random = prng(5);
    const responses: RaschResponse[] = [];
    for (let person = 1; person <= 300; person++) {
      const theta = 14 * (random() - 0.5);
      for (let item = 0; item < items; item++) responses.push({ person, item, correct: random() < 1 / (1 + Math.exp(truth[item] - theta)) });
    }
    const result = calibrateRasch(responses, { minResponses: 1 });
    expect(result.converged).toBe(true);
    const calibrated = result.items.filter((item) => item.status === 'calibrated');
    expect(calibrated.length).toBeGreaterThan(150);
    const beta = calibrated.map((item) => item.difficulty!);
    const index = new Map(calibrated.map((item, j) => [item.item, j]));
    // Observed and expected correct answers per item, with the reference ESFs.
    const byPerson = new Map<number, RaschResponse[]>();
    for (const r of responses) if (index.has(r.item)) byPerson.set(r.person, [...(byPerson.get(r.person) ?? []), r]);
    const observed = new Array(beta.length).fill(0);
    const expected = new Array(beta.length).fill(0);
    const all = logEsf(beta);
    const without = beta.map((_, j) => logEsf(beta.filter((_, i) => i !== j)));
    for (const own of byPerson.values()) {
      const r = own.filter((x) => x.correct).length;
      if (r === 0 || r === own.length) continue;
      beta.forEach((b, j) => (expected[j] += Math.exp(-b + without[j][r - 1] - all[r])));
      for (const x of own) if (x.correct) observed[index.get(x.item)!] += 1;
    }
    for (let j = 0; j < beta.length; j++) expect(Math.abs(observed[j] - expected[j]), `item ${j}`).toBeLessThan(1e-6);
  });
});
