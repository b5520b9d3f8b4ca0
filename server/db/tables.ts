import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '../../src/schemas/roles';

/**
 * Table types. Portable storage conventions, the same on SQLite and PostgreSQL:
 * times are epoch milliseconds (bigint), booleans are 0/1 integers, structured
 * values are JSON text. codec.ts converts them in one place.
 */
export interface InstituteTable {
  id: Generated<number>;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface DepartmentTable {
  id: Generated<number>;
  institute_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Generated<number>;
  role: Role;
  /** Always stored lower case; unique. */
  username: string;
  password_hash: string;
  email: string | null;
  fullname: string;
  phone: string | null;
  institute_id: number | null;
  department_id: number | null;
  /** 1 while the user still has an initial password they must replace. */
  must_change_password: number;
  /** Students only. */
  semester: string | null;
  batch: string | null;
  /** Set on guest accounts: the one quiz they may take. */
  guest_quiz_id: Generated<number | null>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  role: Role;
  created_at: number;
  last_seen_at: number;
  /** Absolute expiry. */
  expires_at: number;
  revoked_at: number | null;
  kind: Generated<SessionKind>;
  /** Set on an exam-link session: the one quiz it may reach (its exam and the student's own results). */
  quiz_id: Generated<number | null>;
}

/** How a session began: a sign-in with a password, an exam link, a guest link, or an LMS launch (an instructor's). */
export type SessionKind = 'password' | 'exam_link' | 'guest' | 'lti';

export interface QuizTable {
  id: Generated<number>;
  name: string;
  institute_id: number | null;
  department_id: number | null;
  created_by: number | null;
  visible_from: number | null;
  valid_from: number | null;
  valid_to: number | null;
  duration: number | null;
  group_id: number | null;
  /** JSON: { face_detection, safe_exam_browser, guest_flag, negative_marking } */
  options: string | null;
  /** JSON: [{ module?, topic?, difficulty?, type?, count }] */
  random_rules: string | null;
  shuffle_questions: number | null;
  shuffle_options: number | null;
  negative_penalty: number | null;
  allow_review: number | null;
  /** 1: correct answers are shown right after a student submits; 0: once the quiz has closed for everyone. */
  show_answers_immediately: Generated<number>;
  published: number | null;
  instructions: string | null;
  guest_token: string | null;
  /** SHA-256 (hex) of the Safe Exam Browser quit password. */
  seb_quit_password_hash: string | null;
  /** JSON: allowed Browser Exam Keys (hex). */
  seb_browser_exam_keys: string | null;
  /** Config Key of the quiz's .seb file as last built. */
  seb_config_key: string | null;
  require_fullscreen: number | null;
  block_clipboard: number | null;
  /** JSON: see integrityThresholdsSchema in src/schemas/quizzes.ts. */
  integrity_thresholds: string | null;
  /** The room the exam is sat in (a room of the quiz's department), if one is chosen. */
  room_id: number | null;
  created_at: number;
  updated_at: number;
  /** Course-outcome attainment: the target percent (null: 60). */
  attainment_target: number | null;
  /** JSON: { level3, level2, level1 }, percent of students at the target (null: 70, 60, 50). */
  attainment_levels: string | null;
  /** Attempts a student may make (0: unlimited). */
  attempts_allowed: Generated<number>;
  grading_method: Generated<GradingMethod>;
  /** Minutes between the 1st and 2nd attempt, and between later ones (0: none). */
  attempt_delay1_minutes: Generated<number>;
  attempt_delay2_minutes: Generated<number>;
  /** 1: a new attempt starts with the previous attempt's answers. */
  builds_on_last: Generated<number>;
  /** JSON: the review options by time (see reviewSchema in src/schemas/quizzes.ts); null: the defaults. */
  review: string | null;
  /** 1: each student's random draw is balanced to the target mean difficulty (server/exam/balance.ts). */
  balance_papers: Generated<number>;
  /** Logits either side of the target a balanced paper's mean difficulty may be. */
  balance_tolerance: Generated<number>;
}

export type GradingMethod = 'highest' | 'average' | 'first' | 'last';

/** A student's or a group's own settings of a quiz; null leaves a setting as it is. */
export interface QuizOverrideTable {
  id: Generated<number>;
  quiz_id: number;
  student_id: number | null;
  group_id: number | null;
  valid_from: number | null;
  valid_to: number | null;
  duration: number | null;
  attempts_allowed: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One regrade of one attempt: the marks before and after. */
export interface RegradeTable {
  id: Generated<number>;
  quiz_id: number;
  attempt_id: number;
  old_score: number | null;
  new_score: number | null;
  /** JSON: [{ questionId, oldMarks, newMarks }] */
  questions: string;
  regraded_by: number | null;
  regraded_at: number;
}

export interface ExamTokenTable {
  id: Generated<number>;
  token: string;
  user_id: number;
  quiz_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** 1: the token opens one session only (an LTI launch's); it is revoked when used. */
  single_use: Generated<number>;
}

export interface LtiPlatformTable {
  id: Generated<number>;
  issuer: string;
  clientId: string;
  /** JSON list of strings. */
  deploymentIds: string;
  authLoginUrl: string;
  authTokenUrl: string;
  jwksUrl: string;
  institute_id: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface LtiKeyTable {
  id: Generated<number>;
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
}

export interface LtiStateTable {
  id: Generated<number>;
  state: string;
  nonce: string;
  platform_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type LtiHandoffKind = 'instructor' | 'deep_link';

export interface LtiHandoffTable {
  id: Generated<number>;
  code_hash: string;
  kind: LtiHandoffKind;
  user_id: number;
  platform_id: number;
  quiz_id: number | null;
  /** JSON: what the hand-over carries (a deep-linking request's return URL, data and deployment). */
  data: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LtiLinkTable {
  id: Generated<number>;
  quiz_id: number;
  platform_id: number;
  deployment_id: string;
  context_id: string;
  context_title: string | null;
  resource_link_id: string;
  /** The AGS line item of the link (grades go to it + /scores), when the platform sent one. */
  lineitem: string | null;
  /** JSON list of the AGS scopes the platform granted. */
  ags_scopes: string | null;
  /** The NRPS context memberships URL, when the platform sent one. */
  memberships_url: string | null;
  created_at: number;
  updated_at: number;
}

export type LtiOutboxStatus = 'waiting' | 'sent' | 'failing' | 'superseded';

export interface LtiOutboxTable {
  id: Generated<number>;
  link_id: number;
  quiz_id: number;
  user_id: number;
  sub: string;
  score_given: number;
  score_maximum: number;
  grading_progress: 'FullyGraded' | 'PendingManual';
  /** ISO 8601, strictly later than the previous one for the same link and user. */
  timestamp: string;
  status: LtiOutboxStatus;
  tries: Generated<number>;
  next_try_at: number;
  claimed_until: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** Columns every plain entity table has: who created the row, and the tenant it belongs to. */
interface Tenant {
  institute_id: number | null;
  department_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SubjectTable extends Tenant {
  id: Generated<number>;
  subjectname: string;
  code: string;
  semester: string;
}

export interface GroupTable extends Tenant {
  id: Generated<number>;
  name: string;
}

export interface ModuleTable extends Tenant {
  id: Generated<number>;
  course_outcome_name: string;
  subject_id: number;
}

export interface TopicTable extends Tenant {
  id: Generated<number>;
  name: string;
  module_id: number;
}

export interface GuidelineTable {
  id: Generated<number>;
  role: Role;
  /** JSON: [{ title, description, faqs: [{ question, answer }] }] */
  content: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface FeedbackTable extends Tenant {
  id: Generated<number>;
  quiz_id: number;
  rating: number;
  comment: string | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** SHA-256 of the account's password hash when the link was issued; the link works only while it still matches. */
  password_fingerprint: string | null;
}

export interface QuestionTable extends Tenant {
  id: Generated<number>;
  subject_id: number;
  module_id: number;
  topic_id: number | null;
  type: string;
  question: string;
  marks: number;
  time_required: number;
  difficulty: string;
  /** JSON: [{ id, text, correct, weight }]: weight in percent (-100..100), correct = weight > 0 */
  options: string | null;
  /** multiple choice: 'partial' (sum of weights), 'all_or_nothing' or 'legacy-partial' */
  scoring: string | null;
  correct_bool: number | null;
  numeric_value: number | null;
  numeric_tolerance: number | null;
  /** JSON: string[]; kept filled from short_answers (the answers worth 100%) for older readers */
  accepted_answers: string | null;
  /** Moodle's question name (GIFT `::name::`), category path and tags (JSON string[]) */
  name: string | null;
  category: string | null;
  tags: string | null;
  general_feedback: string | null;
  /** choice, matching, Cloze: Moodle's combined feedback, for a response with full, some or no marks */
  correct_feedback: string | null;
  partially_correct_feedback: string | null;
  incorrect_feedback: string | null;
  /** descriptive: the model answer or rubric (Markdown) shown to graders only, never in a paper */
  model_answer: string | null;
  /** true/false: feedback for the response True, and for False */
  true_feedback: string | null;
  false_feedback: string | null;
  /** JSON: [{ text, weight, feedback? }]: weight in percent (0..100), tried in order */
  short_answers: string | null;
  /** 1 when short answers match case (Moodle's usecase) */
  case_sensitive: number | null;
  /** short answer: 'moodle' (trim, * wildcard) or 'legacy' (whole answer, case and extra spaces ignored) */
  text_match: string | null;
  /** JSON: [{ value: number | '*', tolerance, weight, feedback? }]: tried in order */
  numeric_answers: string | null;
  /** JSON: [{ id, question, answer }] of a matching question (an empty question: an extra wrong answer) */
  match_pairs: string | null;
  version: Generated<number>;
}

export interface AttemptTable {
  id: Generated<number>;
  quiz_id: number;
  student_id: number;
  status: 'in_progress' | 'submitted';
  started_at: number;
  deadline: number;
  submitted_at: number | null;
  closed_by: 'student' | 'deadline' | 'teacher' | null;
  score: number | null;
  max_score: number;
  pending: number;
  /** JSON: the paper as the student got it (see server/exam/paper.ts). */
  paper: string;
  camera_consent_at: number | null;
  camera_waived: number | null;
  seb_verified_at: number | null;
  /** 1, 2, ...: the student's attempts at the quiz in order. */
  attempt_no: Generated<number>;
  /** 1 when the attempt counts in the quiz grade by the quiz's grading method (server/exam/quizGrade.ts). */
  counted: Generated<number>;
  /** Hex seed of the attempt's random draw (server/exam/prng.ts): the same seed and bank give the same paper. */
  paper_seed: string | null;
  created_at: number;
  updated_at: number;
}

export interface IntegrityEventTable {
  id: Generated<number>;
  attempt_id: number;
  client_id: string;
  type: string;
  at: number;
  duration_ms: number | null;
  detail: string | null;
  received_at: number;
}

export interface AnswerTable {
  attempt_id: number;
  question_id: number;
  /** JSON of the response. */
  response: string | null;
  seq: number;
  saved_at: number;
  outcome: string | null;
  marks: number | null;
  time_spent_ms: Generated<number>;
  flagged: Generated<number>;
  /** The teacher's comment when grading by hand. */
  comment: Generated<string | null>;
  /** 1 when the teacher set the marks by hand: grading again keeps them. */
  manual: Generated<number>;
}

export type CalibrationStatus = 'calibrated' | 'too-few' | 'all-correct' | 'all-wrong';

/** A question's Rasch calibration as last computed (server/analysis/calibration.ts). */
export interface QuestionCalibrationTable {
  question_id: number;
  subject_id: number;
  /** Logits, centred on the subject's calibrated questions; null unless calibrated (so se, infit, outfit). */
  difficulty: number | null;
  se: number | null;
  responses: number;
  infit: number | null;
  outfit: number | null;
  status: CalibrationStatus;
  /** The responses a question needed to be calibrated, when this was computed. */
  min_responses: number;
  calibrated_at: number;
}

/** Per subject, what its last calibration found of the students (server/analysis/calibration.ts). */
export interface SubjectCalibrationTable {
  subject_id: number;
  /** JSON: { count, mean, sd, histogram: [{ logit, count }] }, the attempts' ability estimates (WLE, logits). */
  persons: string;
  calibrated_at: number;
}

/** An image of a question (server/questions/images.ts): its bytes, checked by content. */
export interface QuestionImageTable {
  id: Generated<number>;
  question_id: number | null;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  institute_id: number | null;
  department_id: number | null;
  created_by: number | null;
  created_at: number;
}

export interface Database {
  institutes: InstituteTable;
  departments: DepartmentTable;
  users: UserTable;
  sessions: SessionTable;
  quizzes: QuizTable;
  exam_tokens: ExamTokenTable;
  subjects: SubjectTable;
  teacher_subjects: { teacher_id: number; subject_id: number };
  groups: GroupTable;
  group_students: { group_id: number; student_id: number };
  modules: ModuleTable;
  topics: TopicTable;
  guidelines: GuidelineTable;
  feedbacks: FeedbackTable;
  password_resets: PasswordResetTable;
  questions: QuestionTable;
  question_calibrations: QuestionCalibrationTable;
  subject_calibrations: SubjectCalibrationTable;
  question_images: QuestionImageTable;
  quiz_subjects: { quiz_id: number; subject_id: number };
  quiz_questions: { quiz_id: number; question_id: number; position: Generated<number> };
  accommodations: { quiz_id: number; student_id: number; extra_minutes: number };
  attempts: AttemptTable;
  quiz_overrides: QuizOverrideTable;
  regrades: RegradeTable;
  answers: AnswerTable;
  integrity_events: IntegrityEventTable;
  lti_platforms: LtiPlatformTable;
  lti_keys: LtiKeyTable;
  lti_states: LtiStateTable;
  lti_nonces: { issuer: string; nonce: string; expires_at: number };
  lti_users: { platform_id: number; sub: string; user_id: number; created_at: number };
  lti_handoffs: LtiHandoffTable;
  lti_links: LtiLinkTable;
  lti_link_users: { link_id: number; user_id: number; sub: string; created_at: number };
  lti_outbox: LtiOutboxTable;
  camera_waivers: { quiz_id: number; student_id: number; granted_by: number | null; granted_at: number };
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Session = Selectable<SessionTable>;
