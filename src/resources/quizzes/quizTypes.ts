import type { ClozeGap } from '../../schemas/cloze';
import type { Difficulty, QuestionType, ScoringMode } from '../../schemas/questions';
import type { GradingMethod, IntegrityThresholds, QuizOptions, RandomRule, ReviewMatrix } from '../../schemas/quizzes';
import type { OverrideSettingField, SettingSource } from '../../schemas/overrides';

/** A quiz as GET /api/quizzes answers it. */
export interface QuizRecord {
  id: number;
  name: string;
  subjects: (number | string)[];
  visible_from: string;
  valid_from: string;
  valid_to: string;
  duration: number;
  group_id: number;
  options: QuizOptions;
  questions: number[];
  random_rules: RandomRule[] | null;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  negative_penalty: number | null;
  balance_papers?: boolean | null;
  balance_tolerance?: number | null;
  attempts_allowed?: number;
  grading_method?: GradingMethod;
  attempt_delay1_minutes?: number;
  attempt_delay2_minutes?: number;
  builds_on_last?: boolean;
  review?: ReviewMatrix;
  published: boolean;
  instructions: string | null;
  created_by: number;
  /** Course-outcome attainment (null on quizzes saved before it existed: the defaults apply). */
  attainment_target?: number | null;
  attainment_levels?: { level3: number; level2: number; level1: number } | null;
  seb_browser_exam_keys?: string[] | null;
  require_fullscreen?: boolean | null;
  block_clipboard?: boolean | null;
  integrity_thresholds?: Partial<IntegrityThresholds> | null;
  /** The room the exam is sat in (one of the department's rooms), if chosen. */
  room?: number | null;
}

export type ParticipantState = 'not_started' | 'in_progress' | 'submitted';

export interface ParticipantAttempt {
  id: number;
  startedAt: number | string;
  deadline: number | string | null;
  submittedAt: number | string | null;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  closedBy: string | null;
}

/** One row of GET /api/quizzes/{id}/participants. */
export interface Participant {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  state: ParticipantState;
  extraMinutes: number;
  /** The student's own settings with overrides applied (epoch ms), and where each comes from. */
  effective?: ParticipantEffective;
  examLink: string | null;
  attempt: ParticipantAttempt | null;
  /** Attempts made (finished or running), and the quiz grade (marks) by the grading method. */
  attemptsUsed?: number;
  grade?: number | null;
}

export interface ParticipantEffective {
  validFrom: number | null;
  validTo: number | null;
  duration: number | null;
  attemptsAllowed: number;
  source: Record<OverrideSettingField, SettingSource>;
}

export interface ParticipantsAnswer {
  participants: Participant[];
  guestLink?: string | null;
  /** The address every link handed to students starts with: PUBLIC_URL, or the address this browser used. */
  linkBase?: string;
  /** The groups whose overrides set a participant's setting, for naming the source. */
  overrideGroups?: { id: number; name: string }[];
  serverTime?: number;
}

/** The answer key of a previewed question. */
export interface PreviewKey {
  type?: QuestionType;
  correctOptions?: string[];
  correctBool?: boolean;
  numericValue?: number;
  numericTolerance?: number;
  acceptedAnswers?: string[];
  scoring?: ScoringMode;
  matchRight?: Record<string, string>;
  clozeGaps?: ClozeGap[];
}

export interface PreviewQuestion {
  id: number;
  type: QuestionType;
  question: string;
  marks: number;
  timeRequired: number;
  difficulty?: Difficulty;
  options?: { id: string; text: string }[];
  stems?: { id: string; text: string }[];
  choices?: { id: string; text: string }[];
  key: PreviewKey;
}

/** GET /api/quizzes/{id}/preview. */
export interface QuizPreview {
  quiz: { id: number; name: string; duration: number | null; negativeMarking: boolean; negativePenalty: number | null };
  questions: PreviewQuestion[];
  totalMarks: number;
  totalTimeRequired: number;
  shortfall: number;
  randomised: boolean;
}

/**
 * A question of a student's attempt (GET /api/quizzes/{id}/attempts/{attemptId}). `marks` is
 * what the answer earned (null while a descriptive answer waits); the question's own marks
 * are in `key.marks`.
 */
export interface AttemptQuestion {
  id: number;
  type: QuestionType;
  question: string;
  timeRequired?: number;
  options?: { id: string; text: string }[];
  stems?: { id: string; text: string }[];
  choices?: { id: string; text: string }[];
  key: PreviewKey & { marks: number };
  response: unknown;
  marks: number | null;
  outcome: string;
  /** The teacher's comment given with the marks. */
  comment?: string | null;
  /** Descriptive questions: the model answer or rubric, for the grader. */
  modelAnswer?: string | null;
}

export interface AttemptForGrading {
  id: number;
  student: { fullname: string; username: string };
  status: string;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  questions: AttemptQuestion[];
}
