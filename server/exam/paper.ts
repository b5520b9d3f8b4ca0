import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { RandomRule } from '../../src/schemas/quizzes';
import { COMBINED_FEEDBACK_FIELDS, type NumericAnswer, type ShortAnswer, type TextMatchMode } from '../../src/schemas/questions';
import type { AnswerKey } from './grading';
import { gapView, hasOptions, parseCloze, type ClozeGapView } from '../../src/schemas/cloze';
import { matchLayout } from '../../src/schemas/matching';
import { balanceDifficulties, balanceDraw, drawRules, seededShuffle, targetOf, type BalanceQuestion } from './balance';
import { newSeed, seededRandom } from './prng';

/** One question of a student's paper, frozen when the attempt starts. */
export interface PaperQuestion {
  id: number;
  version: number;
  type: AnswerKey['type'];
  question: string;
  marks: number;
  timeRequired: number;
  moduleId: number;
  topicId: number | null;
  difficulty: string;
  /** Choice questions: options in the order this student sees them (no correctness here). */
  options?: { id: string; text: string }[];
  /** Matching: the stems in order, and the choices in the order this student sees them. */
  stems?: { id: string; text: string }[];
  choices?: { id: string; text: string }[];
  /** Cloze: the gaps as the student sees them (the question text holds `{#n}` where each one goes). */
  gaps?: ClozeGapView[];
  key: AnswerKey;
}

export interface QuizPaperConfig {
  id: number;
  departmentId: number | null;
  subjects: number[];
  randomRules: RandomRule[];
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** Balanced papers (server/exam/balance.ts): the tolerance in logits; absent or null: plain draws. */
  balance?: { tolerance: number } | null;
}

export type QuestionRow = Awaited<ReturnType<typeof loadQuestions>>[number];

export const loadQuestions = (db: Kysely<Database> | Transaction<Database>, ids: number[]) =>
  ids.length
    ? db
        .selectFrom('questions')
        .select([
          'id',
          'version',
          'type',
          'question',
          'marks',
          'time_required',
          'module_id',
          'topic_id',
          'difficulty',
          'options',
          'scoring',
          'correct_bool',
          'numeric_value',
          'numeric_tolerance',
          'accepted_answers',
          'short_answers',
          'case_sensitive',
          'text_match',
          'numeric_answers',
          'general_feedback',
          ...COMBINED_FEEDBACK_FIELDS,
          'true_feedback',
          'false_feedback',
          'match_pairs',
        ])
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([]);

/** Fisher-Yates with a cryptographic generator: no student can predict another's order. */
export function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `count` distinct items drawn at random (all of them when there are fewer): a partial Fisher-Yates, `count` draws whatever the pool's size. */
export function sample<T>(items: readonly T[], count: number): T[] {
  const out = [...items];
  const n = Math.min(Math.max(0, count), out.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(out.length - i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, n);
}

/**
 * What a question's row gives every paper alike: its answer key and feedback (parsed from the
 * row's JSON), the options, choices and gaps before a paper shuffles them. Kept per row object
 * (a quiz's fixed questions are the same rows for every student who starts it, server/exam/quizMemo.ts)
 * and frozen: papers share it.
 */
interface QuestionTemplate {
  head: Omit<PaperQuestion, 'key' | 'options' | 'stems' | 'choices' | 'gaps'>;
  key: AnswerKey;
  options?: readonly { id: string; text: string }[];
  /** Matching: the stems in the teacher's order, and the choices a paper shuffles. */
  matching?: { stems: PaperQuestion['stems']; choices: NonNullable<PaperQuestion['choices']> };
  /** Cloze: the gaps as parsed (their answers in the teacher's order). */
  clozeGaps?: NonNullable<AnswerKey['clozeGaps']>;
}

const templates = new WeakMap<QuestionRow, QuestionTemplate>();

function templateOf(row: QuestionRow): QuestionTemplate {
  let template = templates.get(row);
  if (!template) templates.set(row, (template = deepFreeze(buildTemplate(row))));
  return template;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function buildTemplate(row: QuestionRow): QuestionTemplate {
  const options = row.options ? (JSON.parse(row.options) as { id: string; text: string; correct: boolean; weight?: number; feedback?: string }[]) : undefined;
  const type = row.type as AnswerKey['type'];
  const key: AnswerKey = { type, marks: row.marks };
  if (options) {
    // The paper carries each option's weight, so a later edit of the question never changes this attempt's marks.
    const weighted = options.every((o) => typeof o.weight === 'number');
    key.correctOptions = options.filter((o) => (weighted ? (o.weight as number) > 0 : o.correct)).map((o) => o.id);
    if (weighted) key.weights = Object.fromEntries(options.map((o) => [o.id, (o.weight as number) / 100]));
    key.optionCount = options.length;
    if (type === 'multiple') key.scoring = (row.scoring as AnswerKey['scoring']) ?? 'all_or_nothing';
  }
  if (row.correct_bool !== null) key.correctBool = row.correct_bool === 1;
  if (row.numeric_value !== null) key.numericValue = row.numeric_value;
  if (row.numeric_tolerance !== null) key.numericTolerance = row.numeric_tolerance;
  if (row.accepted_answers) key.acceptedAnswers = JSON.parse(row.accepted_answers) as string[];
  // Weighted answers and feedback are frozen too: a later edit changes neither this attempt's marks nor its review.
  if (row.short_answers) {
    const answers = JSON.parse(row.short_answers) as ShortAnswer[];
    key.shortAnswers = answers.map((a) => ({ text: a.text, fraction: a.weight / 100, ...(a.feedback ? { feedback: a.feedback } : {}) }));
    key.textMatch = (row.text_match as TextMatchMode | null) ?? 'moodle';
    // Only Moodle's rule has a case setting (the old rule always ignores case): its absence tells readers the old rule applies.
    if (key.textMatch === 'moodle') key.caseSensitive = Number(row.case_sensitive) === 1;
  }
  if (row.numeric_answers) {
    const answers = JSON.parse(row.numeric_answers) as NumericAnswer[];
    key.numericAnswers = answers.map((a) => ({ value: a.value, tolerance: a.tolerance ?? 0, fraction: a.weight / 100, ...(a.feedback ? { feedback: a.feedback } : {}) }));
  }
  const optionFeedback = Object.fromEntries((options ?? []).filter((o) => o.feedback).map((o) => [o.id, o.feedback as string]));
  const feedback = {
    ...(row.general_feedback ? { general: row.general_feedback } : {}),
    ...(row.correct_feedback ? { correct: row.correct_feedback } : {}),
    ...(row.partially_correct_feedback ? { partiallyCorrect: row.partially_correct_feedback } : {}),
    ...(row.incorrect_feedback ? { incorrect: row.incorrect_feedback } : {}),
    ...(Object.keys(optionFeedback).length ? { options: optionFeedback } : {}),
    ...(row.true_feedback ? { true: row.true_feedback } : {}),
    ...(row.false_feedback ? { false: row.false_feedback } : {}),
  };
  if (Object.keys(feedback).length) key.feedback = feedback;
  const head = {
    id: row.id,
    version: row.version,
    type,
    question: row.question,
    marks: row.marks,
    timeRequired: row.time_required,
    moduleId: row.module_id,
    topicId: row.topic_id,
    difficulty: row.difficulty,
  };
  const template: QuestionTemplate = { head, key, ...(options ? { options: options.map(({ id, text }) => ({ id, text })) } : {}) };
  if (row.type === 'matching') {
    const pairs = row.match_pairs ? (JSON.parse(row.match_pairs) as { id: string; question: string; answer: string }[]) : [];
    const layout = matchLayout(pairs);
    key.matchRight = layout.right;
    template.matching = { stems: layout.stems, choices: layout.choices };
  }
  if (row.type === 'cloze') {
    const parsed = parseCloze(row.question);
    key.clozeGaps = parsed.gaps;
    head.question = parsed.text;
    template.clozeGaps = parsed.gaps;
  }
  return template;
}

/**
 * One question of a paper. Matching: the stems keep the teacher's order and the choices are
 * shuffled on every paper (the student picks from them). Cloze: the text goes to the student with
 * `{#n}` in place of each gap, so the answers never leave the server; a shuffled choice or
 * multiple-response gap (MCS, MCVS, MCHS, MRS, MRHS) is shuffled when the quiz shuffles options.
 */
export function toPaperQuestion(row: QuestionRow, shuffleOptions: boolean): PaperQuestion {
  const { head, key, options, matching, clozeGaps } = templateOf(row);
  return {
    ...head,
    ...(options ? { options: shuffleOptions ? shuffle(options) : [...options] } : {}),
    ...(matching ? { stems: matching.stems, choices: shuffle(matching.choices) } : {}),
    ...(clozeGaps
      ? {
          gaps: clozeGaps.map((gap) => {
            const order = gap.answers.map((_, i) => i);
            return gapView(gap, hasOptions(gap) && gap.shuffle && shuffleOptions ? shuffle(order) : order);
          }),
        }
      : {}),
    key,
  };
}

/** Ids of the bank questions that a random rule may draw from: the quiz's department and subjects, and the rule's filters. */
export async function candidatesOf(db: Kysely<Database>, quiz: QuizPaperConfig, rule: RandomRule): Promise<number[]> {
  if (!quiz.subjects.length) return [];
  let q = db.selectFrom('questions').select('id').where('subject_id', 'in', quiz.subjects);
  q = quiz.departmentId === null ? q.where('department_id', 'is', null) : q.where('department_id', '=', quiz.departmentId);
  if (rule.module) q = q.where('module_id', '=', rule.module);
  if (rule.topic) q = q.where('topic_id', '=', rule.topic);
  if (rule.difficulty) q = q.where('difficulty', '=', rule.difficulty);
  if (rule.type) q = q.where('type', '=', rule.type);
  return (await q.execute()).map((r) => r.id);
}

/** What a quiz's papers are drawn from: its fixed questions in order (and their rows), and each random rule's pool. */
export interface PaperSource {
  fixed: number[];
  candidates: number[][];
  /** Rows already read (the fixed questions): a paper reads only the drawn ones. */
  rows?: Map<number, QuestionRow>;
  /** Balanced papers: each question's difficulty as balancing counts it, and the papers' target. */
  balance?: PaperBalance;
}

export interface PaperBalance {
  difficulty: Map<number, number>;
  target: number | null;
  tolerance: number;
}

/** The subjects' questions with their declared level and calibrated difficulty: what balancing reads (one query). */
export async function balanceQuestionsOf(db: Kysely<Database>, subjects: number[]): Promise<BalanceQuestion[]> {
  if (!subjects.length) return [];
  const rows = await db
    .selectFrom('questions')
    .leftJoin('question_calibrations as qc', (join) => join.onRef('qc.question_id', '=', 'questions.id').on('qc.status', '=', 'calibrated'))
    .select(['questions.id', 'questions.subject_id', 'questions.difficulty', 'questions.type', 'questions.marks', 'qc.difficulty as calibrated'])
    .where('questions.subject_id', 'in', subjects)
    .orderBy('questions.id')
    .execute();
  return rows.map((r) => ({ id: r.id, subjectId: r.subject_id, level: r.difficulty, type: r.type, calibrated: r.calibrated ?? null, marks: r.marks }));
}

/** What balancing a quiz's papers needs, read once per quiz (the start path memoises the source). */
export async function paperBalanceOf(db: Kysely<Database>, quiz: QuizPaperConfig, fixed: number[], candidates: number[][]): Promise<PaperBalance> {
  const difficulty = balanceDifficulties(await balanceQuestionsOf(db, quiz.subjects));
  const counts = quiz.randomRules.map((r) => r.count);
  return { difficulty, target: targetOf(fixed, candidates, counts, difficulty), tolerance: quiz.balance!.tolerance };
}

export async function paperSourceOf(db: Kysely<Database>, quiz: QuizPaperConfig): Promise<PaperSource> {
  const fixed = (await db.selectFrom('quiz_questions').select('question_id').where('quiz_id', '=', quiz.id).orderBy('position').execute()).map(
    (r) => r.question_id,
  );
  const candidates: number[][] = [];
  for (const rule of quiz.randomRules) candidates.push(await candidatesOf(db, quiz, rule));
  const rows = new Map((await loadQuestions(db, fixed)).map((r) => [r.id, r]));
  // One more query, for balanced quizzes only.
  const balance = quiz.balance && quiz.randomRules.length ? await paperBalanceOf(db, quiz, fixed, candidates) : undefined;
  return { fixed, candidates, rows, ...(balance ? { balance } : {}) };
}

/** How a balanced paper came out: its mean difficulty against the target (within: inside the tolerance). */
export interface PaperBalanceOutcome {
  mean: number | null;
  target: number | null;
  within: boolean;
}

/**
 * A student's paper: the fixed questions, then each random rule's draw (never a question twice),
 * shuffled when the teacher asked for it. The draw and the question order come from `seed`
 * (server/exam/prng.ts): the same seed and bank give the same paper (option orders stay crypto).
 * A balanced quiz's draw is then searched within each rule's pool towards its target
 * (server/exam/balance.ts); when the search fails (the bank changed after publishing) the closest
 * paper found is used, and `balance.within` says so. `source` may be given to reuse what the quiz draws from.
 */
export async function buildPaper(
  db: Kysely<Database>,
  quiz: QuizPaperConfig,
  source?: PaperSource,
  seed: string = newSeed(),
): Promise<{ questions: PaperQuestion[]; shortfall: number; seed: string; balance?: PaperBalanceOutcome }> {
  const { fixed, candidates, rows: known, balance } = source ?? (await paperSourceOf(db, quiz));
  const random = seededRandom(seed);
  const pools = quiz.randomRules.map((_, i) => candidates[i] ?? []);
  const counts = quiz.randomRules.map((rule) => rule.count);
  let picks = drawRules(fixed, pools, counts, random);
  let outcome: PaperBalanceOutcome | undefined;
  if (balance) {
    const searched = balanceDraw(fixed, pools, picks, balance.difficulty, balance.target, balance.tolerance, random);
    picks = searched.picks;
    outcome = { mean: searched.mean, target: balance.target, within: searched.within };
  }
  const shortfall = picks.reduce((sum, p, i) => sum + (counts[i] - p.length), 0);
  const order = [...fixed, ...picks.flat()];
  const rows = new Map(known);
  for (const r of await loadQuestions(db, order.filter((id) => !rows.has(id)))) rows.set(r.id, r);
  const questions = order.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toPaperQuestion(row, quiz.shuffleOptions)] : [];
  });
  return { questions: quiz.shuffleQuestions ? seededShuffle(questions, random) : questions, shortfall, seed, ...(outcome ? { balance: outcome } : {}) };
}

/** The paper without answer keys: what a student's browser receives. */
export const studentView = (questions: readonly PaperQuestion[]) => questions.map(({ key: _key, ...shown }) => shown);
