import { z } from 'zod';
import { quizFields, quizPaperFields } from './quizzes';

/**
 * Balanced random papers, the fairness simulation and the paper differences of a quiz's statistics
 * (issue 27; server/exam/balance.ts, server/quizzes/fairness.ts). Shared by the server and the screens.
 */

/** The fairness simulation draws this many papers. */
export const FAIRNESS_DRAWS = 1000;

/**
 * Body of POST /api/quizzes/fairness: the quiz form's paper, saved or not (the same field names as
 * the quiz entity). `id` names the quiz being edited, if it is saved.
 */
/** Ids are 32-bit integers in both databases: a larger one names no record. */
const ID_MAX = 2 ** 31 - 1;
const isId = (v: unknown) => /^\d{1,10}$/.test(String(v)) && Number(v) >= 1 && Number(v) <= ID_MAX;

export const fairnessRequestSchema = z
  .object({
    id: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.number({ error: 'Quiz id must be a number' }).int('Quiz id must be a number').positive('Quiz id must be a number').max(ID_MAX, 'Quiz id must be a number').optional(),
    ),
    subjects: quizFields.subjects,
    questions: quizPaperFields.questions,
    random_rules: quizPaperFields.random_rules,
    balance_papers: quizPaperFields.balance_papers,
    balance_tolerance: quizPaperFields.balance_tolerance,
  })
  .superRefine((body, ctx) => {
    if (!body.subjects.every(isId)) ctx.addIssue({ code: 'custom', path: ['subjects'], message: 'Please select a valid subject' });
    if (!body.questions.every(isId)) ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Please select a valid question' });
    for (const [i, rule] of body.random_rules.entries()) {
      if (rule.module !== undefined && !isId(rule.module)) ctx.addIssue({ code: 'custom', path: ['random_rules', i, 'module'], message: 'Please select a valid module' });
      if (rule.topic !== undefined && !isId(rule.topic)) ctx.addIssue({ code: 'custom', path: ['random_rules', i, 'topic'], message: 'Please select a valid topic' });
    }
  });
export type FairnessRequest = z.input<typeof fairnessRequestSchema>;

/** Five figures of a distribution over the simulated draws. */
export interface Spread5 {
  min: number;
  p5: number;
  median: number;
  p95: number;
  max: number;
}

/** The spread of the simulated papers with balancing off or on. */
export interface FairnessSpread {
  /** Mean difficulty of a paper (logits). */
  meanDifficulty: Spread5;
  /** Percent of the paper's marks an average-ability student is expected to score (Rasch P weighted by marks). */
  expectedScore: Spread5;
  /** Share (0..1) of the draws whose mean difficulty is within the tolerance of the target. */
  withinTolerance: number;
}

/** data of POST /api/quizzes/fairness. */
export interface FairnessReport {
  draws: number;
  /** The expected mean difficulty over random draws (logits); null without random rules. */
  target: number | null;
  tolerance: number;
  /** Share (0..1) of the pools' questions (and the fixed ones) that are calibrated. */
  calibratedShare: number;
  /** Mean ability of the subject's students at its last calibration (logits); 0 if none. */
  averageAbility: number;
  off: FairnessSpread;
  /** null when there are no random rules. */
  on: FairnessSpread | null;
  /** false when the balancing search fails on any simulated draw. */
  feasible: boolean;
  message: string | null;
}

/** The `papers` block of GET /api/quizzes/{id}/statistics: how different the frozen papers were. */
export interface PaperDifferences {
  attempts: number;
  balanced: boolean;
  meanDifficulty: { min: number; max: number; sd: number };
  /** Percent, for an average-ability student. */
  expectedScore: { min: number; max: number };
  calibratedShare: number;
}

/** The `persons` object of GET /api/subjects/{id}/calibration: the attempts' ability estimates (WLE, logits). */
export interface PersonsSummary {
  count: number;
  mean: number;
  sd: number;
  /** Bins 0.5 logits wide; `logit` is the bin centre. */
  histogram: { logit: number; count: number }[];
}
