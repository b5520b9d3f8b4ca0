/** GET /api/quizzes/{quizId}/statistics (server/analysis/report.ts). Undefined figures are null. */

import type { OptionStatistics, StatisticsAttempts } from '../../../schemas/statistics';
import type { GradingMethod } from '../../../schemas/quizzes';
import type { PaperDifferences } from '../../../schemas/fairness';

export type { OptionStatistics };

export interface QuestionStatistics {
  questionId: number;
  position: number;
  type: string;
  text: string;
  moduleId: number;
  moduleName: string;
  difficulty: string;
  maxMark: number;
  s: number;
  /** Submitted attempts whose paper had it, graded or not, and its answers awaiting grading. */
  submitted: number;
  pending: number;
  facility: number | null;
  sd: number | null;
  discriminationIndex: number | null;
  discriminativeEfficiency: number | null;
  effectiveWeight: number | null;
  upperLowerIndex: number | null;
  pointBiserial: number | null;
  options?: OptionStatistics[];
  unanswered?: number;
}

export interface ModuleAttainment {
  moduleId: number;
  name: string;
  questions: number;
  students: number;
  /** Marks earned / marks available over the graded answers (src/schemas/figures.ts). */
  mean: number | null;
  /** Answers waiting for grading, left out of the figures. */
  pending: number;
  reached: number | null;
  level: number | null;
}

export interface StudentResult {
  studentId: number;
  attemptId: number;
  name: string;
  username: string;
  total: number;
  maxScore: number;
  percent: number | null;
  pending: boolean;
  pendingAnswers: number;
  submittedAt: number | null;
  modules: Record<string, number>;
  /** The quiz grade by the grading method (marks); `total` and the percents pool the counted attempts. */
  grade: number | null;
  /** Every finished attempt of the student, first to last. */
  attempts: { attemptId: number; attemptNo: number; score: number | null; maxScore: number; submittedAt: number | null; pending: boolean; counted: boolean }[];
}

export interface QuizStatisticsData {
  quizId: number;
  quizName: string;
  /** Attempts in the item and test statistics. */
  attempts: number;
  /** Which attempts those are (each student's first, highest or last, or all). */
  attemptsChoice: StatisticsAttempts;
  gradingMethod: GradingMethod;
  /** 0: unlimited. */
  attemptsAllowed: number;
  scoreMax: number;
  mean: number | null;
  median: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
  skewness: number | null;
  kurtosis: number | null;
  cic: number | null;
  errorRatio: number | null;
  standardError: number | null;
  pendingGrading: number;
  pendingAnswers: number;
  attainmentTarget: number;
  attainmentLevels: { level3: number; level2: number; level1: number };
  histogram: { from: number; to: number; count: number }[];
  questions: QuestionStatistics[];
  /** How different the random papers were (null without random rules or attempts). */
  papers: PaperDifferences | null;
  modules: ModuleAttainment[];
  students: StudentResult[];
}

/** GET /api/quizzes/{quizId}/grading/{questionId}. */
export interface GradingAnswer {
  attemptId: number;
  studentId: number;
  name: string;
  username: string;
  submittedAt: number | null;
  response: unknown;
  marks: number | null;
  outcome: string;
  comment: string | null;
  manual: boolean;
  pending: boolean;
}

export interface GradingQuestion {
  question: {
    id: number;
    type: import('../../../schemas/questions').QuestionType;
    question: string;
    marks: number;
    options?: { id: string; text: string }[];
    correctOptions?: string[];
    correctBool?: boolean;
    numericValue?: number;
    numericTolerance?: number;
    acceptedAnswers?: string[];
    /** The paper's whole answer key: weights, feedback, every answer, pairs and gaps. */
    key?: import('../../questions/QuestionView').QuestionAnswerKey;
    stems?: { id: string; text: string }[];
    choices?: { id: string; text: string }[];
    /** The question's model answer or rubric, for the grader. */
    modelAnswer?: string | null;
  };
  minMarks: number;
  answers: GradingAnswer[];
}
