/**
 * Rasch (1PL) calibration of items by conditional maximum likelihood (CML).
 *
 * P(person p answers item i correctly) = 1 / (1 + exp(-(θ_p - β_i))). Conditioning each person on
 * the items they actually saw and on their raw score removes θ from the likelihood, so the item
 * difficulties β are estimated consistently whatever the persons' abilities and however the
 * papers were drawn (random papers give every person their own item set).
 *
 * Choices, each for a reason:
 * - Items with fewer than `minResponses` responses ('too-few') are left out of the estimation
 *   altogether: each person is conditioned on the items of their paper that are calibrated, which
 *   is still an exact conditional likelihood (any subset of Rasch items is a Rasch test), and a
 *   thinly answered item cannot pull the others about or make the solution diverge.
 * - Persons whose score on the remaining items is zero or full carry no information and are
 *   dropped. An item that is then answered all correctly (or all wrongly) by the persons who
 *   remain has no finite CML estimate: it is reported 'all-correct' ('all-wrong') without a number
 *   and left out, which can make more persons extreme; this repeats until nothing changes. An item
 *   with enough responses but none from a person who carries information is reported 'too-few'.
 * - The elementary symmetric functions (ESF) of each paper come from the summation algorithm on
 *   difficulties centred on the paper's own mean, with rows rescaled when they grow: doubles stay
 *   in range for papers of a few hundred items spread over ±10 logits. Leave-one-out functions come
 *   from prefix and suffix products, so no subtraction ever cancels.
 * - Persons with the same item set share their ESFs, so a fixed paper costs one ESF for all its
 *   students; a random paper of k items costs O(k²) per iteration.
 * - The solver is Newton–Raphson with the diagonal of the information as the preconditioner of a
 *   conjugate-gradient direction, the step length being the Newton step along that direction (its
 *   exact curvature comes from first and second derivatives carried through the ESF recursion),
 *   halved while the conditional likelihood would fall. A full Hessian costs O(n³) on a bank of
 *   2,000 questions; this costs a few passes over the papers and converges to the same solution.
 *   It stops when every CML score equation (observed minus expected correct answers) holds within
 *   `tolerance` answers. Difficulties are centred on the mean of the calibrated items.
 * - The standard error is 1/√(information) from the diagonal of the CML information (observed and
 *   expected information coincide: the conditional model is an exponential family): the error of
 *   one item with the others held where they are, as item banks usually report it. Under the
 *   sum-zero constraint a short test's errors are somewhat smaller (on a 5-item test by roughly
 *   (n−1)/n); with papers drawn from a large bank the difference is negligible.
 * - Person abilities are Warm's weighted likelihood estimates (WLE) given the CML difficulties:
 *   finite for zero and full scores too (the person–item map shows everyone), and less biased than
 *   ML on short papers. Infit and outfit mean-squares use the WLE of the persons who carry
 *   information (extreme persons fit any item perfectly and are excluded).
 * - Items in groups that no paper (nor chain of papers) links have no common scale in CML; each
 *   group is placed by its items' proportions correct, and the result says how many groups there
 *   were (`components`).
 * - Deterministic: inputs are sorted by identifier, every sum runs in that order, nothing is random
 *   and nothing is rounded.
 */

export interface RaschResponse {
  person: number;
  item: number;
  correct: boolean | 0 | 1;
}

/** Responses as three columns of the same length (correct: 1 or 0), as they cross to a worker thread. */
export interface RaschColumns {
  persons: Int32Array;
  items: Int32Array;
  correct: Uint8Array;
}

export function responsesOfColumns({ persons, items, correct }: RaschColumns): RaschResponse[] {
  const out: RaschResponse[] = new Array(persons.length);
  for (let i = 0; i < persons.length; i++) out[i] = { person: persons[i], item: items[i], correct: correct[i] === 1 };
  return out;
}

export type RaschStatus = 'calibrated' | 'too-few' | 'all-correct' | 'all-wrong';

export interface RaschItem {
  item: number;
  /** Logits, centred on the mean of the calibrated items; null unless calibrated. */
  difficulty: number | null;
  se: number | null;
  /** Every response to the item, including those of persons with extreme scores. */
  responses: number;
  infit: number | null;
  outfit: number | null;
  status: RaschStatus;
}

export interface RaschPerson {
  person: number;
  /** WLE on the calibrated items the person answered; null when they answered none. */
  ability: number | null;
  se: number | null;
  /** Calibrated items answered and how many of them correctly. */
  items: number;
  score: number;
  /** Zero or full score on the calibrated items: no information for the difficulties. */
  extreme: boolean;
}

export interface RaschOptions {
  /** An item needs this many responses to be calibrated (default 30). */
  minResponses?: number;
  /** Largest error allowed in any CML score equation, in answers (default 1e-10). */
  tolerance?: number;
  maxIterations?: number;
}

export interface RaschResult {
  items: RaschItem[];
  persons: RaschPerson[];
  /** Persons whose responses entered the estimation. */
  informativePersons: number;
  iterations: number;
  converged: boolean;
  /** Conditional log-likelihood at the solution. */
  logLikelihood: number;
  /**
   * Groups of calibrated items linked through papers. More than one: CML cannot say how the groups
   * stand to each other; each is placed by its items' proportions correct (see anchorComponents).
   */
  components: number;
}

export const DEFAULT_MIN_RESPONSES = 30;

/** Persons who saw the same calibrated items. */
interface Paper {
  /** Indices into the estimated items, ascending. */
  items: Int32Array;
  /** Persons per raw score 0..k. */
  counts: Float64Array;
  /** Scores 1..k-1 that someone has. */
  scores: number[];
}

const ROW_BIG = 1e150;
const ROW_SMALL = 1e-150;

export function calibrateRasch(responses: readonly RaschResponse[], options: RaschOptions = {}): RaschResult {
  const minResponses = options.minResponses ?? DEFAULT_MIN_RESPONSES;
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 500;

  // Sorted identifiers make every later loop, and so every floating sum, run in one order.
  const itemIds = [...new Set(responses.map((r) => r.item))].sort((a, b) => a - b);
  const personIds = [...new Set(responses.map((r) => r.person))].sort((a, b) => a - b);
  const itemIndex = new Map(itemIds.map((id, i) => [id, i]));
  const personIndex = new Map(personIds.map((id, i) => [id, i]));
  const nItems = itemIds.length;
  const nPersons = personIds.length;

  // Each person's responses as item indices (ascending) and answers.
  const byPerson: { item: number; x: number }[][] = personIds.map(() => []);
  const raw = new Int32Array(nItems);
  for (const r of responses) {
    const i = itemIndex.get(r.item)!;
    const x = r.correct === true || r.correct === 1 ? 1 : 0;
    byPerson[personIndex.get(r.person)!].push({ item: i, x });
    raw[i]++;
  }
  for (let p = 0; p < nPersons; p++) {
    const list = byPerson[p].sort((a, b) => a.item - b.item);
    for (let j = 1; j < list.length; j++) {
      if (list[j].item === list[j - 1].item) {
        throw new RangeError(`person ${personIds[p]} answered item ${itemIds[list[j].item]} more than once`);
      }
    }
  }

  // Statuses: too few responses first, then extreme items among informative persons, repeated.
  const status: RaschStatus[] = itemIds.map((_, i) => (raw[i] < minResponses ? 'too-few' : 'calibrated'));
  const informative = new Uint8Array(nPersons);
  for (;;) {
    const total = new Int32Array(nItems);
    const correct = new Int32Array(nItems);
    for (let p = 0; p < nPersons; p++) {
      let k = 0;
      let r = 0;
      for (const { item, x } of byPerson[p]) {
        if (status[item] !== 'calibrated') continue;
        k++;
        r += x;
      }
      informative[p] = r > 0 && r < k ? 1 : 0;
      if (!informative[p]) continue;
      for (const { item, x } of byPerson[p]) {
        if (status[item] !== 'calibrated') continue;
        total[item]++;
        correct[item] += x;
      }
    }
    let changed = false;
    for (let i = 0; i < nItems; i++) {
      if (status[i] !== 'calibrated') continue;
      if (total[i] === 0) status[i] = 'too-few';
      else if (correct[i] === total[i]) status[i] = 'all-correct';
      else if (correct[i] === 0) status[i] = 'all-wrong';
      else continue;
      changed = true;
    }
    if (!changed) break;
  }

  // Estimated items get their own dense indices.
  const estimated: number[] = [];
  const estIndex = new Int32Array(nItems).fill(-1);
  for (let i = 0; i < nItems; i++) {
    if (status[i] === 'calibrated') {
      estIndex[i] = estimated.length;
      estimated.push(i);
    }
  }
  const n = estimated.length;

  // Papers: persons grouped by their set of calibrated items (extreme persons too, for the WLE).
  const papers: Paper[] = [];
  const paperByKey = new Map<string, number>();
  const personPaper = new Int32Array(nPersons).fill(-1);
  const personScore = new Int32Array(nPersons);
  const observed = new Float64Array(n);
  let informativePersons = 0;
  for (let p = 0; p < nPersons; p++) {
    const own: number[] = [];
    let r = 0;
    for (const { item, x } of byPerson[p]) {
      if (estIndex[item] < 0) continue;
      own.push(estIndex[item]);
      r += x;
    }
    if (own.length === 0) continue;
    const key = own.join(',');
    let paper = paperByKey.get(key);
    if (paper === undefined) {
      paper = papers.length;
      paperByKey.set(key, paper);
      papers.push({ items: Int32Array.from(own), counts: new Float64Array(own.length + 1), scores: [] });
    }
    papers[paper].counts[r]++;
    personPaper[p] = paper;
    personScore[p] = r;
    if (informative[p]) {
      informativePersons++;
      for (const { item, x } of byPerson[p]) if (estIndex[item] >= 0) observed[estIndex[item]] += x;
    }
  }
  for (const paper of papers) {
    for (let r = 1; r < paper.items.length; r++) if (paper.counts[r] > 0) paper.scores.push(r);
  }
  const informativePapers = papers.filter((paper) => paper.scores.length > 0);

  const solved = solveCml(informativePapers, observed, n, tolerance, maxIterations);
  const beta = solved.beta;

  // Abilities (WLE) per paper and score.
  const abilityOf = new Map<number, { theta: number; se: number }[]>();
  papers.forEach((paper, index) => {
    const difficulties = Array.from(paper.items, (j) => beta[j]);
    const perScore: { theta: number; se: number }[] = [];
    for (let r = 0; r <= paper.items.length; r++) {
      perScore.push(paper.counts[r] > 0 ? wle(difficulties, r) : { theta: NaN, se: NaN });
    }
    abilityOf.set(index, perScore);
  });

  // Fit mean-squares over the responses of informative persons.
  const sumZ2 = new Float64Array(n);
  const sumSq = new Float64Array(n);
  const sumVar = new Float64Array(n);
  const fitCount = new Float64Array(n);
  const persons: RaschPerson[] = [];
  for (let p = 0; p < nPersons; p++) {
    const paper = personPaper[p];
    if (paper < 0) {
      persons.push({ person: personIds[p], ability: null, se: null, items: 0, score: 0, extreme: true });
      continue;
    }
    const k = papers[paper].items.length;
    const r = personScore[p];
    const { theta, se } = abilityOf.get(paper)![r];
    persons.push({ person: personIds[p], ability: theta, se, items: k, score: r, extreme: !informative[p] });
    if (!informative[p]) continue;
    for (const { item, x } of byPerson[p]) {
      const j = estIndex[item];
      if (j < 0) continue;
      const prob = 1 / (1 + Math.exp(beta[j] - theta));
      const variance = prob * (1 - prob);
      const sq = (x - prob) * (x - prob);
      sumZ2[j] += sq / variance;
      sumSq[j] += sq;
      sumVar[j] += variance;
      fitCount[j]++;
    }
  }

  const items: RaschItem[] = itemIds.map((id, i) => {
    const j = estIndex[i];
    if (j < 0) return { item: id, difficulty: null, se: null, responses: raw[i], infit: null, outfit: null, status: status[i] };
    return {
      item: id,
      difficulty: beta[j],
      se: 1 / Math.sqrt(solved.information[j]),
      responses: raw[i],
      infit: sumSq[j] / sumVar[j],
      outfit: sumZ2[j] / fitCount[j],
      status: 'calibrated',
    };
  });

  return {
    items,
    persons,
    informativePersons,
    iterations: solved.iterations,
    converged: solved.converged,
    logLikelihood: solved.logLikelihood,
    components: solved.components,
  };
}

interface Evaluation {
  logLikelihood: number;
  /** Expected minus observed correct answers: the gradient of the log-likelihood in β. */
  gradient: Float64Array;
  /** Diagonal of the conditional information. */
  information: Float64Array;
}

/** ESF summation with rows rescaled as they grow; row j holds the ESF of the first j items. */
function prefixEsf(eps: Float64Array, k: number, rows: Float64Array, logScale: Float64Array) {
  const w = k + 1;
  rows.fill(0, 0, w * w);
  rows[0] = 1;
  logScale[0] = 0;
  for (let j = 0; j < k; j++) {
    const from = j * w;
    const to = from + w;
    const e = eps[j];
    rows[to] = rows[from];
    let max = rows[to];
    for (let s = 1; s <= j + 1; s++) {
      const v = rows[from + s] + e * rows[from + s - 1];
      rows[to + s] = v;
      if (v > max) max = v;
    }
    logScale[j + 1] = logScale[j];
    if (max > ROW_BIG || max < ROW_SMALL) {
      for (let s = 0; s <= j + 1; s++) rows[to + s] /= max;
      logScale[j + 1] += Math.log(max);
    }
  }
}

/** Row j holds the ESF of items j..k-1. */
function suffixEsf(eps: Float64Array, k: number, rows: Float64Array, logScale: Float64Array) {
  const w = k + 1;
  rows.fill(0, 0, w * w);
  rows[k * w] = 1;
  logScale[k] = 0;
  for (let j = k - 1; j >= 0; j--) {
    const from = (j + 1) * w;
    const to = j * w;
    const e = eps[j];
    rows[to] = rows[from];
    let max = rows[to];
    for (let s = 1; s <= k - j; s++) {
      const v = rows[from + s] + e * rows[from + s - 1];
      rows[to + s] = v;
      if (v > max) max = v;
    }
    logScale[j] = logScale[j + 1];
    if (max > ROW_BIG || max < ROW_SMALL) {
      for (let s = 0; s <= k - j; s++) rows[to + s] /= max;
      logScale[j] += Math.log(max);
    }
  }
}

function maxPaperSize(papers: Paper[]): number {
  let max = 0;
  for (const paper of papers) if (paper.items.length > max) max = paper.items.length;
  return max;
}

function evaluate(papers: Paper[], observed: Float64Array, beta: Float64Array): Evaluation {
  const n = beta.length;
  const gradient = new Float64Array(n);
  const information = new Float64Array(n);
  let logLikelihood = 0;
  for (let i = 0; i < n; i++) logLikelihood -= observed[i] * beta[i];
  const kMax = maxPaperSize(papers);
  const w = kMax + 1;
  const prefix = new Float64Array(w * w);
  const suffix = new Float64Array(w * w);
  const prefixScale = new Float64Array(w);
  const suffixScale = new Float64Array(w);
  const eps = new Float64Array(kMax);
  for (const paper of papers) {
    const k = paper.items.length;
    const kw = k + 1;
    let centre = 0;
    for (let j = 0; j < k; j++) centre += beta[paper.items[j]];
    centre /= k;
    for (let j = 0; j < k; j++) eps[j] = Math.exp(centre - beta[paper.items[j]]);
    prefixEsf(eps, k, prefix, prefixScale);
    suffixEsf(eps, k, suffix, suffixScale);
    const gammaRow = k * kw;
    const gammaScale = prefixScale[k];
    for (const r of paper.scores) {
      const count = paper.counts[r];
      const gamma = prefix[gammaRow + r];
      // γ_r(ε) = e^{-r·centre} γ_r(ε·e^{centre}).
      logLikelihood -= count * (Math.log(gamma) + gammaScale - r * centre);
      for (let j = 0; j < k; j++) {
        // γ_{r-1} without item j: prefix of items before j times suffix of items after j.
        const pre = j * kw;
        const suf = (j + 1) * kw;
        const lo = Math.max(0, r - 1 - (k - 1 - j));
        const hi = Math.min(j, r - 1);
        let loo = 0;
        for (let a = lo; a <= hi; a++) loo += prefix[pre + a] * suffix[suf + r - 1 - a];
        const pi = (eps[j] * loo * Math.exp(prefixScale[j] + suffixScale[j + 1] - gammaScale)) / gamma;
        const i = paper.items[j];
        gradient[i] += count * pi;
        information[i] += count * pi * (1 - pi);
      }
    }
  }
  for (let i = 0; i < n; i++) gradient[i] -= observed[i];
  return { logLikelihood, gradient, information };
}

/**
 * Curvature of the conditional log-likelihood along d: Σ persons Var(d·x | paper, score), from the
 * first and second derivatives of the ESFs in the step length carried through the summation.
 */
function curvature(papers: Paper[], beta: Float64Array, d: Float64Array): number {
  const kMax = maxPaperSize(papers);
  const g0 = new Float64Array(kMax + 1);
  const g1 = new Float64Array(kMax + 1);
  const g2 = new Float64Array(kMax + 1);
  let total = 0;
  for (const paper of papers) {
    const k = paper.items.length;
    let centre = 0;
    for (let j = 0; j < k; j++) centre += beta[paper.items[j]];
    centre /= k;
    g0.fill(0, 0, k + 1);
    g1.fill(0, 0, k + 1);
    g2.fill(0, 0, k + 1);
    g0[0] = 1;
    for (let j = 0; j < k; j++) {
      const i = paper.items[j];
      const e = Math.exp(centre - beta[i]);
      const e1 = -d[i] * e;
      const e2 = d[i] * d[i] * e;
      let max = 0;
      for (let s = j + 1; s >= 1; s--) {
        g2[s] += e2 * g0[s - 1] + 2 * e1 * g1[s - 1] + e * g2[s - 1];
        g1[s] += e1 * g0[s - 1] + e * g1[s - 1];
        g0[s] += e * g0[s - 1];
        if (g0[s] > max) max = g0[s];
      }
      if (g0[0] > max) max = g0[0];
      if (max > ROW_BIG || max < ROW_SMALL) {
        for (let s = 0; s <= j + 1; s++) {
          g0[s] /= max;
          g1[s] /= max;
          g2[s] /= max;
        }
      }
    }
    for (const r of paper.scores) {
      const m1 = g1[r] / g0[r];
      total += paper.counts[r] * (g2[r] / g0[r] - m1 * m1);
    }
  }
  return total;
}

function centreInPlace(beta: Float64Array) {
  if (beta.length === 0) return;
  let mean = 0;
  for (let i = 0; i < beta.length; i++) mean += beta[i];
  mean /= beta.length;
  for (let i = 0; i < beta.length; i++) beta[i] -= mean;
}

function maxAbs(v: Float64Array): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) if (Math.abs(v[i]) > m) m = Math.abs(v[i]);
  return m;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Largest change of any difficulty in one step, in logits. */
const MAX_STEP = 2;

function solveCml(papers: Paper[], observed: Float64Array, n: number, tolerance: number, maxIterations: number) {
  // Start from the logits of the items' proportions correct among the informative persons.
  const beta = new Float64Array(n);
  const seen = new Float64Array(n);
  for (const paper of papers) {
    for (const r of paper.scores) for (const j of paper.items) seen[j] += paper.counts[r];
  }
  for (let i = 0; i < n; i++) beta[i] = Math.log((seen[i] - observed[i]) / observed[i]);
  centreInPlace(beta);
  const start = Float64Array.from(beta);

  if (n === 0) return { beta, information: new Float64Array(0), iterations: 0, converged: true, logLikelihood: 0, components: 0 };

  let current = evaluate(papers, observed, beta);
  let direction: Float64Array | null = null;
  let previousGradient: Float64Array | null = null;
  let previousPreconditioned: Float64Array | null = null;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    if (maxAbs(current.gradient) <= tolerance) {
      converged = true;
      break;
    }
    iterations++;
    // The information's diagonal preconditions the gradient.
    const z = new Float64Array(n);
    for (let i = 0; i < n; i++) z[i] = current.gradient[i] / current.information[i];
    let d = z;
    if (direction && previousGradient && previousPreconditioned) {
      // Polak–Ribière with restart: (z·(g - g_prev)) / (z_prev·g_prev).
      let num = 0;
      for (let i = 0; i < n; i++) num += z[i] * (current.gradient[i] - previousGradient[i]);
      const den = dot(previousPreconditioned, previousGradient);
      const b = den > 0 ? Math.max(0, num / den) : 0;
      if (b > 0) {
        d = new Float64Array(n);
        for (let i = 0; i < n; i++) d[i] = z[i] + b * direction[i];
      }
    }
    let slope = dot(current.gradient, d);
    if (!(slope > 0)) {
      d = z;
      slope = dot(current.gradient, d);
    }
    const curve = curvature(papers, beta, d);
    let t = curve > 0 ? slope / curve : 1;
    const longest = maxAbs(d) * t;
    if (longest > MAX_STEP) t *= MAX_STEP / longest;

    let trial = new Float64Array(n);
    let next: Evaluation | null = null;
    for (let halvings = 0; halvings < 40; halvings++) {
      for (let i = 0; i < n; i++) trial[i] = beta[i] + t * d[i];
      centreInPlace(trial);
      const evaluation = evaluate(papers, observed, trial);
      if (evaluation.logLikelihood >= current.logLikelihood - 1e-12 * Math.abs(current.logLikelihood)) {
        next = evaluation;
        break;
      }
      t /= 2;
      trial = new Float64Array(n);
    }
    if (!next) break; // no step improves: the solution is as good as doubles allow
    previousGradient = current.gradient;
    previousPreconditioned = z;
    direction = d;
    beta.set(trial);
    current = next;
  }
  const components = anchorComponents(papers, beta, start);
  return { beta, information: current.information, iterations, converged, logLikelihood: current.logLikelihood, components };
}

/**
 * Items never linked through papers (no paper, nor chain of papers, holds both) have no common
 * scale in CML: the likelihood is the same whatever the offset between the groups. Each group is
 * placed so that its mean difficulty is the mean of its starting values (the logits of the items'
 * proportions correct), a guess that holds when the groups were answered by comparable students,
 * then all are centred together. Returns the number of groups.
 */
function anchorComponents(papers: Paper[], beta: Float64Array, start: Float64Array): number {
  const n = beta.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (const paper of papers) {
    let root = find(paper.items[0]);
    for (let j = 1; j < paper.items.length; j++) {
      const other = find(paper.items[j]);
      if (other < root) {
        parent[root] = other;
        root = other;
      } else if (other > root) parent[other] = root;
    }
  }
  const sums = new Map<number, { solved: number; start: number; count: number }>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    let sum = sums.get(root);
    if (!sum) sums.set(root, (sum = { solved: 0, start: 0, count: 0 }));
    sum.solved += beta[i];
    sum.start += start[i];
    sum.count++;
  }
  if (sums.size > 1) {
    for (let i = 0; i < n; i++) {
      const sum = sums.get(find(i))!;
      beta[i] += (sum.start - sum.solved) / sum.count;
    }
    centreInPlace(beta);
  }
  return sums.size;
}

/**
 * Warm's weighted likelihood estimate of ability for raw score r on items of these difficulties,
 * with its standard error 1/√information.
 */
export function wle(difficulties: readonly number[], r: number): { theta: number; se: number } {
  const k = difficulties.length;
  const f = (theta: number) => {
    let expected = 0;
    let info = 0;
    let j3 = 0;
    for (const b of difficulties) {
      const p = 1 / (1 + Math.exp(b - theta));
      expected += p;
      info += p * (1 - p);
      j3 += p * (1 - p) * (1 - 2 * p);
    }
    return { value: r - expected + j3 / (2 * info), info };
  };
  let mean = 0;
  for (const b of difficulties) mean += b;
  mean /= k;
  // f falls from r + 1/2 to r - k - 1/2: bisection keeps a bracket, Newton (slope ≈ -info) speeds it.
  let lo = -50 + mean;
  let hi = 50 + mean;
  let theta = mean + Math.log((r + 0.5) / (k - r + 0.5));
  for (let step = 0; step < 200; step++) {
    const { value, info } = f(theta);
    if (value > 0) lo = theta;
    else hi = theta;
    if (Math.abs(value) < 1e-12 || hi - lo < 1e-13) break;
    let next = theta + value / info;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    theta = next;
  }
  return { theta, se: 1 / Math.sqrt(f(theta).info) };
}
