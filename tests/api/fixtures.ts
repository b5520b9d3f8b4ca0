import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/schemas/roles';
import type { TestApp } from './helper';

/**
 * Two institutes for the tenant tests: A is the demo institute (its accounts sign in with the
 * demo password), B is built through the API the way a real admin and institute head would.
 */

/** The resources the CRUD generator serves today, in the order the console shows them. */
export const RESOURCES = [
  'institutes',
  'departments',
  'teachers',
  'students',
  'subjects',
  'groups',
  'modules',
  'topics',
  'questions',
  'quizzes',
  'rooms',
  'guidelines',
  'feedbacks',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** Roles that belong to an institute (the admin belongs to none). */
export type TenantRole = Exclude<Role, 'ADMIN'>;
export const TENANT_ROLES: readonly TenantRole[] = ['STUDENT', 'TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'];

/** The password an account created in these tests chooses at its first sign-in. */
export const CHOSEN_PASSWORD = 'chosen-pass-2026';

/** Who a signed-in caller is, as the row scopes see them. */
export interface Who {
  userId: number;
  role: Role;
  instituteId: number | null;
  departmentId: number | null;
}

/** One institute: a signed-in account per role and one record of each kind. */
export interface Tenant {
  label: 'A' | 'B';
  institute: number;
  department: number;
  tokens: Record<TenantRole, string>;
  who: Record<TenantRole, Who>;
  subject: number;
  /** Made by the department's teacher, so it is in scope for every role that sees groups. */
  group: number;
  module: number;
  topic: number;
  /** A single-choice question of the department's teacher, in `module`. */
  question: number;
  /** An open, published quiz of the department's teacher, for `group`, with `question` as its paper; the student has taken it. */
  quiz: number;
  /** The department's student's feedback on `quiz`. */
  feedback: number;
  /** A room of the department, made by its head. */
  room: number;
}

/** The record of `resource` that stands for the tenant in the access matrix (guidelines have none: they are per role). */
export function recordOf(tenant: Tenant, resource: Exclude<Resource, 'guidelines'>): number {
  const ids: Record<Exclude<Resource, 'guidelines'>, number> = {
    institutes: tenant.institute,
    departments: tenant.department,
    teachers: tenant.who.TEACHER.userId,
    students: tenant.who.STUDENT.userId,
    subjects: tenant.subject,
    groups: tenant.group,
    modules: tenant.module,
    topics: tenant.topic,
    questions: tenant.question,
    quizzes: tenant.quiz,
    rooms: tenant.room,
    feedbacks: tenant.feedback,
  };
  return ids[resource];
}

let sequence = 0;
/** A short name unique within the run (usernames, emails and subject codes must not clash). */
export const unique = (prefix: string) => `${prefix}${++sequence}`;

/** Phone numbers: 10 digits, distinct for readability only. */
export const phone = () => String(9_100_000_000 + sequence);

export const json = (res: LightMyRequestResponse) => res.json() as { success: boolean; message: string; data?: any };

/** Expects a 201 and returns the created record. */
export function created(res: LightMyRequestResponse, what: string): any {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(201);
  return json(res).data;
}

/** Signs in an account that still has its initial password and sets its own, as the first sign-in asks. */
export async function firstSignIn(t: TestApp, username: string, role: Role, initialPassword: string): Promise<string> {
  const token = await t.login(username, role, initialPassword);
  const changed = await t.request('POST', '/api/auth/change-password', {
    token,
    body: { currentPassword: initialPassword, newPassword: CHOSEN_PASSWORD, confirmPassword: CHOSEN_PASSWORD },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return token;
}

export async function whoIs(t: TestApp, username: string): Promise<Who> {
  const u = await t.portal.database.db
    .selectFrom('users')
    .select(['id', 'role', 'institute_id', 'department_id'])
    .where('username', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return { userId: u.id, role: u.role, instituteId: u.institute_id, departmentId: u.department_id };
}

/**
 * A bare quiz row written directly, for an author the quiz API would refuse (a department head,
 * a department set up by hand) where only the row's tenant matters. Teachers' quizzes go through the API.
 */
export async function insertQuiz(t: TestApp, author: Who, name = unique('Quiz ')): Promise<number> {
  const now = Date.now();
  const row = await t.portal.database.db
    .insertInto('quizzes')
    .values({ name, institute_id: author.instituteId, department_id: author.departmentId, created_by: author.userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A one-mark-per-option single-choice bank question ("right" is option a), written straight to the database. */
export async function insertSingleChoice(
  t: TestApp,
  author: Who,
  at: { subjectId: number; moduleId: number; marks?: number; difficulty?: string; prefix?: string },
): Promise<number> {
  const now = Date.now();
  const row = await t.portal.database.db
    .insertInto('questions')
    .values({
      institute_id: author.instituteId,
      department_id: author.departmentId,
      created_by: author.userId,
      created_at: now,
      updated_at: now,
      subject_id: at.subjectId,
      module_id: at.moduleId,
      type: 'single',
      question: unique(at.prefix ?? 'Question '),
      marks: at.marks ?? 1,
      time_required: 1,
      difficulty: at.difficulty ?? 'Medium',
      options: JSON.stringify([
        { id: 'a', text: 'right', correct: true, weight: 100 },
        { id: 'b', text: 'wrong', correct: false, weight: 0 },
      ]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** An instant `ms` from now as the API writes date-times (ISO 8601, UTC, milliseconds). */
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The four quiz switches, all off unless overridden. */
export const quizOptions = (overrides: Partial<Record<'face_detection' | 'safe_exam_browser' | 'guest_flag' | 'negative_marking', boolean>> = {}) => ({
  face_detection: false,
  safe_exam_browser: false,
  guest_flag: false,
  negative_marking: false,
  ...overrides,
});

/** Valid create bodies, each with fresh unique values, for records of `tenant`. */
export const bodies = {
  institute: () => {
    const username = unique('head');
    return { instituteName: unique('Institute '), email: `${username}@inst.example`, fullname: 'Ines Head', username, phone: phone() };
  },
  department: () => {
    const username = unique('dhead');
    return { departmentName: unique('Department '), email: `${username}@dept.example`, fullname: 'Dev Head', username, phone: phone() };
  },
  teacher: (tenant: Tenant) => {
    const username = unique('teach');
    return { email: `${username}@staff.example`, fullname: 'Tom Teacher', username, phone: phone(), departmentId: tenant.department, subjects: [tenant.subject] };
  },
  student: (tenant: Tenant) => {
    const username = unique('stud');
    return { batch: '2026', email: `${username}@pupil.example`, fullname: 'Sara Student', phone: phone(), semester: '3', username, departmentId: tenant.department };
  },
  subject: () => ({ subjectname: unique('Subject '), code: unique('S'), semester: '4' }),
  group: (tenant: Tenant) => ({ groupName: unique('Group '), students: [tenant.who.STUDENT.userId] }),
  module: (tenant: Tenant) => ({ course_outcome_name: unique('Module '), subject_id: tenant.subject }),
  topic: (tenant: Tenant) => ({ name: unique('Topic '), module_id: tenant.module }),
  question: (tenant: Tenant) => ({
    subject: tenant.subject,
    module: tenant.module,
    type: 'single',
    question: unique('Which option is right? #'),
    marks: 2,
    time_required: 1,
    difficulty: 'easy',
    options: [
      { text: 'Right', correct: true },
      { text: 'Wrong', correct: false },
    ],
  }),
  /** A draft quiz next week, for the tenant's group, with the tenant's question as its paper. */
  quiz: (tenant: Pick<Tenant, 'subject' | 'group' | 'question'>, overrides: Record<string, unknown> = {}) => ({
    name: unique('Quiz '),
    subjects: [String(tenant.subject)],
    visible_from: isoIn(6 * DAY),
    valid_from: isoIn(7 * DAY),
    valid_to: isoIn(7 * DAY + 120 * MINUTE),
    duration: 60,
    group_id: tenant.group,
    options: quizOptions(),
    questions: [tenant.question],
    ...overrides,
  }),
  /** A published quiz open since an hour ago, for a day. */
  openQuiz: (tenant: Pick<Tenant, 'subject' | 'group' | 'question'>, overrides: Record<string, unknown> = {}) =>
    bodies.quiz(tenant, {
      visible_from: isoIn(-120 * MINUTE),
      valid_from: isoIn(-60 * MINUTE),
      valid_to: isoIn(DAY),
      published: true,
      ...overrides,
    }),
  room: () => ({ name: unique('Room '), capacity: 40, building: 'Main block' }),
  guideline: (role: Role) => ({ role, content: [{ title: 'Getting started', description: `How the ${role} area works`, faqs: [] }] }),
  feedback: (quiz: number) => ({ quiz, rating: 4, comment: 'Clear questions' }),
};

/**
 * An open quiz of the tenant's teacher that the tenant's student has taken (started and submitted
 * through the exam API): students give feedback only on quizzes they took.
 */
export async function takenQuiz(t: TestApp, tenant: Tenant): Promise<number> {
  const quiz = created(await t.request('POST', '/api/quizzes', { token: tenant.tokens.TEACHER, body: bodies.openQuiz(tenant) }), `open quiz ${tenant.label}`).id as number;
  const start = await t.request('POST', `/api/student/quizzes/${quiz}/attempts`, { token: tenant.tokens.STUDENT });
  expect([200, 201], start.body).toContain(start.statusCode);
  const submit = await t.request('POST', `/api/student/attempts/${json(start).data.id}/submit`, { token: tenant.tokens.STUDENT });
  expect(submit.statusCode, submit.body).toBe(200);
  return quiz;
}

type Tokens = Partial<Record<TenantRole, string>>;

/** The demo institute, its accounts signed in, plus the records the matrix needs (made through the API). */
export async function demoTenant(t: TestApp): Promise<Tenant> {
  const usernames: Record<TenantRole, string> = {
    STUDENT: 'student',
    TEACHER: 'teacher',
    'DEPARTMENT-HEAD': 'department-head',
    'INSTITUTE-HEAD': 'institute-head',
  };
  const tokens: Tokens = {};
  const who: Partial<Record<TenantRole, Who>> = {};
  for (const role of TENANT_ROLES) {
    tokens[role] = await t.login(usernames[role], role);
    who[role] = await whoIs(t, usernames[role]);
  }
  const subject = await t.portal.database.db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow();
  return completeTenant(t, {
    label: 'A',
    institute: who.TEACHER!.instituteId!,
    department: who.TEACHER!.departmentId!,
    tokens: tokens as Record<TenantRole, string>,
    who: who as Record<TenantRole, Who>,
    subject: subject.id,
  });
}

/** A second institute built through the API: admin -> institute head -> department, subject, teacher, student. */
export async function newTenant(t: TestApp, adminToken: string): Promise<Tenant> {
  const tokens: Tokens = {};
  const who: Partial<Record<TenantRole, Who>> = {};
  const enrol = async (role: TenantRole, account: { username: string; initialPassword: string }) => {
    tokens[role] = await firstSignIn(t, account.username, role, account.initialPassword);
    who[role] = await whoIs(t, account.username);
  };

  const instituteBody = bodies.institute();
  const institute = created(await t.request('POST', '/api/institutes', { token: adminToken, body: instituteBody }), 'institute B');
  await enrol('INSTITUTE-HEAD', { username: instituteBody.username, initialPassword: institute.initialPassword });
  const head = tokens['INSTITUTE-HEAD']!;

  const departmentBody = bodies.department();
  const department = created(await t.request('POST', '/api/departments', { token: head, body: departmentBody }), 'department B');
  await enrol('DEPARTMENT-HEAD', { username: departmentBody.username, initialPassword: department.initialPassword });

  const subject = created(await t.request('POST', '/api/subjects', { token: head, body: bodies.subject() }), 'subject B');
  const partial = { institute: institute.id, department: department.id, subject: subject.id } as Tenant;

  const teacherBody = bodies.teacher(partial);
  const teacher = created(await t.request('POST', '/api/teachers', { token: head, body: teacherBody }), 'teacher B');
  await enrol('TEACHER', { username: teacherBody.username, initialPassword: teacher.initialPassword });

  const studentBody = bodies.student(partial);
  const student = created(await t.request('POST', '/api/students', { token: head, body: studentBody }), 'student B');
  await enrol('STUDENT', { username: studentBody.username, initialPassword: student.initialPassword });

  return completeTenant(t, {
    label: 'B',
    institute: institute.id,
    department: department.id,
    tokens: tokens as Record<TenantRole, string>,
    who: who as Record<TenantRole, Who>,
    subject: subject.id,
  });
}

/** The teacher's group, module, topic, question and quiz, the student's feedback on the quiz, and the department head's room. */
async function completeTenant(t: TestApp, base: Omit<Tenant, 'group' | 'module' | 'topic' | 'question' | 'quiz' | 'feedback' | 'room'>): Promise<Tenant> {
  const tenant = base as Tenant;
  const as = (role: TenantRole, url: string, body: object) => t.request('POST', url, { token: tenant.tokens[role], body });
  tenant.group = created(await as('TEACHER', '/api/groups', bodies.group(tenant)), `group ${tenant.label}`).id;
  tenant.module = created(await as('TEACHER', '/api/modules', bodies.module(tenant)), `module ${tenant.label}`).id;
  tenant.topic = created(await as('TEACHER', '/api/topics', bodies.topic(tenant)), `topic ${tenant.label}`).id;
  tenant.question = created(await as('TEACHER', '/api/questions', bodies.question(tenant)), `question ${tenant.label}`).id;
  tenant.quiz = await takenQuiz(t, tenant);
  tenant.feedback = created(await as('STUDENT', '/api/feedbacks', bodies.feedback(tenant.quiz)), `feedback ${tenant.label}`).id;
  tenant.room = created(await as('DEPARTMENT-HEAD', '/api/rooms', bodies.room()), `room ${tenant.label}`).id;
  return tenant;
}
