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
}

export interface QuizTable {
  id: Generated<number>;
  name: string;
  institute_id: number | null;
  department_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ExamTokenTable {
  id: Generated<number>;
  token: string;
  user_id: number;
  quiz_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
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
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Session = Selectable<SessionTable>;
