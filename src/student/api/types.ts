import type { ExamIntegritySettings } from '../integrity/useExamIntegrity';
import type { ClozeGapView } from '../../schemas/cloze';
import type { QuestionType } from '../../schemas/questions';
import type { AnswerResponse } from '../../schemas/answers';
import type { ReviewPart } from '../../schemas/reviewParts';
import type { GradingMethod, ReviewMatrix, ReviewOptions, ReviewTime } from '../../schemas/quizzes';
/**
 * The shapes of the student exam API, as the pages read them. Times
 * are epoch milliseconds from the server's clock.
 */

// The question type and the answer's shapes are declared once, with the schemas.
export type { QuestionType } from '../../schemas/questions';
export type { AnswerResponse } from '../../schemas/answers';

export interface SubjectBrief {
  id: number;
  name: string;
  code: string;
}

export type AttemptStatus = 'in_progress' | 'submitted';

export interface AttemptBrief {
  id: number;
  /** 1 for the first attempt, 2 for the second, ... */
  number: number;
  status: AttemptStatus;
  deadline: number;
  startedAt: number;
  submittedAt: number | null;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
}

/** One entry of GET /student/quizzes?state=... */
export interface QuizSummary {
  id: number;
  name: string;
  subjects: SubjectBrief[];
  questionCount: number;
  /** null when random rules make the total differ between students: see totalMarksRange. */
  totalMarks: number | null;
  totalMarksRange: [number, number];
  duration: number;
  visibleFrom: number | null;
  validFrom: number;
  validTo: number;
  negativeMarking: boolean;
  negativePenalty: number;
  faceDetection: boolean;
  safeExamBrowser: boolean;
  instructions: string | null;
  /** What the student may review of an attempt at each of the three times (the quiz's review options). */
  review: ReviewMatrix;
  /** The student's latest attempt. */
  attempt: AttemptBrief | null;
  /** Attempts the student has made (finished or running). */
  attemptsUsed: number;
  /** The student's effective number of attempts; 0: unlimited. */
  attemptsAllowed: number;
  /** While a delay between attempts runs: when the next may start; otherwise null. */
  nextAttemptAt: number | null;
  /** The quiz grade by the grading method, in marks; null before a finished attempt. */
  grade: number | null;
  gradingMethod: GradingMethod;
}

/** GET /student/quizzes/:quizId */
export interface QuizDetail extends QuizSummary {
  /** The integrity settings of the quiz; cameraWaived: the teacher let this student start without a camera. */
  integrity?: ExamIntegritySettings & { cameraWaived: boolean };
  extraMinutes: number;
  open: boolean;
  serverTime: number;
}

/** POST /student/quizzes/:quizId/attempts */
export interface AttemptStart {
  id: number;
  quizId: number;
  status: AttemptStatus;
  deadline: number;
  startedAt: number;
  serverTime: number;
}

export interface ExamOption {
  id: string;
  text: string;
}

export interface ExamQuestion {
  id: number;
  type: QuestionType;
  /** Markdown with math. */
  question: string;
  marks: number;
  options?: ExamOption[];
  /** Matching: the items to match, and the answers to choose from (shuffled). */
  stems?: ExamOption[];
  choices?: ExamOption[];
  /** Cloze: the gaps; the text holds `{#n}` where gap n goes. */
  gaps?: ClozeGapView[];
}

export interface ServerAnswer {
  response: AnswerResponse;
  seq: number;
  flagged: boolean;
  savedAt?: number;
}

/** GET /student/attempts/:id: the paper and what the server holds. */
export interface AttemptPaper {
  id: number;
  quizId: number;
  quizName: string;
  status: AttemptStatus;
  deadline: number;
  startedAt: number;
  serverTime: number;
  graceMs: number;
  negativeMarking: boolean;
  /** What the page watches for the teacher's integrity record. */
  integrity?: ExamIntegritySettings;
  questions: ExamQuestion[];
  answers: Record<string, ServerAnswer>;
}

/** PUT /student/attempts/:id/answers/:questionId */
export interface SaveAnswerBody {
  response: AnswerResponse;
  seq: number;
  flagged: boolean;
  timeSpentMs?: number;
}

export interface SaveAnswerResult extends ServerAnswer {
  questionId: number;
  /** true: the server kept a newer (or the same) answer and sends it back. */
  stale: boolean;
  serverTime: number;
  deadline: number;
}

/** POST /student/attempts/:id/submit */
export interface SubmitResult {
  id: number;
  quizId: number;
  status: AttemptStatus;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  submittedAt: number | null;
  closedBy: 'student' | 'deadline' | 'teacher' | null;
  /** What the quiz's review options show of this attempt right now. */
  reviewOptions: ReviewOptions;
}

/** GET /student/attempts */
export interface HistoryEntry {
  id: number;
  quizId: number;
  quizName: string;
  status: AttemptStatus;
  startedAt: number;
  submittedAt: number | null;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  closedBy?: string | null;
  feedbackGiven: boolean;
  /** 1, 2, ...: which of the student's attempts at the quiz. */
  attemptNo?: number;
  /** The quiz grade (marks) by the quiz's grading method, the same on each attempt of the quiz; null while hidden or before a finished attempt. */
  quizGrade?: number | null;
  gradingMethod?: GradingMethod;
}

export type Outcome = 'correct' | 'partial' | 'wrong' | 'unanswered' | 'pending' | 'graded';

/** The key shown when the teacher allows review; its shape depends on the question type. */
/** Matching: stem id -> right choice id; Cloze: gap number -> the right answer in words. */
export type CorrectAnswer = string[] | boolean | { value: number; tolerance: number } | Record<string, string> | null;

export interface AnalysisQuestion {
  number: number;
  id: number;
  type: QuestionType;
  question: string;
  options?: ExamOption[];
  marks: number;
  module: string;
  difficulty: string;
  response: AnswerResponse;
  /** null while the review options hide whether the answer is correct. */
  outcome: Outcome | null;
  marksGained: number | null;
  /** The teacher's comment given with the marks (by hand), shown with them. */
  comment?: string | null;
  timeSpentMs: number;
  /** Present only when review is allowed and the answers are released. */
  correct?: CorrectAnswer;
  /**
   * Like `correct`: the feedback of what was answered (chosen options, True/False, the matching answer),
   * the general feedback, and for matching and Cloze each subquestion or gap (right or wrong, feedback, marks).
   */
  /** combined: Moodle's correct / partially correct / incorrect feedback for the marks earned. */
  feedback?: { answer: string[]; general?: string; combined?: string; parts?: ReviewPart[] };
  stems?: ExamOption[];
  choices?: ExamOption[];
  gaps?: ClozeGapView[];
}

export interface Breakdown {
  name: string;
  marks: number;
  maxMarks: number;
  questions: number;
  correct: number;
  /** Answers waiting for grading, left out of the figures above. */
  pending: number;
}

/** GET /student/attempts/:id/analysis */
export interface Analysis {
  id: number;
  quizId: number;
  quizName: string;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  startedAt: number;
  submittedAt: number | null;
  /** The quiz shows the right answers at some time. */
  review: boolean;
  /** The right answers are shown now (the review options at this time). */
  answersReleased: boolean;
  attemptNo?: number;
  /** The review options' time that applies now, what it shows, and the whole matrix. */
  reviewTime: ReviewTime;
  reviewOptions: ReviewOptions;
  reviewMatrix: ReviewMatrix;
  /** valid_to of the quiz. */
  closesAt: number | null;
  questions: AnalysisQuestion[];
  byModule: Breakdown[];
  byDifficulty: Breakdown[];
  /** Answers waiting for grading, left out of the breakdown until graded. */
  pendingAnswers: number;
  /** Regrades after a key was fixed: when, by whom (the teacher's name), the score before and after. */
  /** Scores are null while the review options hide the marks. */
  regrades?: { at: number; by: string; oldScore: number | null; newScore: number | null }[];
}
