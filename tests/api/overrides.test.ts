import { beforeAll, expect, it } from 'vitest';
import { START_BLOCK_TEXT } from '../../src/schemas/examStart';
import { CHOOSE_NOT_BOTH, CHOOSE_ONE_TARGET, GIVE_ONE_SETTING } from '../../src/schemas/overrides';
import { describeDb, useTestApp } from './helper';
import { bodies, created, firstSignIn, isoIn, json, whoIs, type Tenant, type Who } from './fixtures';

/**
 * Overrides of a quiz for a student or a group: the teacher's CRUD with its messages, who may
 * manage them, Moodle's precedence (own override, then the most lenient of the groups), and the
 * window, start, deadline and exam link of a student whose override differs from the quiz.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describeDb('quiz overrides', () => {
  const t = useTestApp();
  let teacher: string;
  let head: string;
  let otherTeacher: string;
  let student: string;
  let classmate: string;
  let studentWho: Who;
  let classmateWho: Who;
  let paper: Pick<Tenant, 'subject' | 'group' | 'question'>;
  let groupA: number;
  let groupB: number;

  const as = (token: string, method: string, url: string, body?: unknown) => t.request(method, url, { token, body });
  const newStudent = async (partial: Pick<Tenant, 'department' | 'subject'>) => {
    const body = bodies.student(partial as Tenant);
    const made = created(await as(teacher, 'POST', '/api/students', body), 'student');
    const token = await firstSignIn(t, body.username, 'STUDENT', made.initialPassword);
    return { token, who: await whoIs(t, body.username) };
  };
  const makeQuiz = async (overrides: Record<string, unknown> = {}) =>
    created(await as(teacher, 'POST', '/api/quizzes', bodies.openQuiz(paper, overrides)), 'quiz').id as number;
  const makeGroup = async (students: number[]) => created(await as(teacher, 'POST', '/api/groups', { groupName: `Overrides ${Math.random()}`, students }), 'group').id as number;
  const addOverride = (quiz: number, body: unknown, token = teacher) => as(token, 'POST', `/api/quizzes/${quiz}/overrides`, body);

  beforeAll(async () => {
    teacher = await t.login('teacher', 'TEACHER');
    head = await t.login('department-head', 'DEPARTMENT-HEAD');
    student = await t.login('student', 'STUDENT');
    studentWho = await whoIs(t, 'student');
    const teacherWho = await whoIs(t, 'teacher');
    const subject = (await t.portal.database.db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const partial = { department: teacherWho.departmentId!, subject } as Tenant;
    ({ token: classmate, who: classmateWho } = await newStudent(partial));
    const instituteHead = await t.login('institute-head', 'INSTITUTE-HEAD');
    const teacherBody = bodies.teacher(partial);
    const made = created(await as(instituteHead, 'POST', '/api/teachers', teacherBody), 'other teacher');
    otherTeacher = await firstSignIn(t, teacherBody.username, 'TEACHER', made.initialPassword);
    const module = created(await as(teacher, 'POST', '/api/modules', { course_outcome_name: `Module ${Math.random()}`, subject_id: subject }), 'module').id;
    const question = created(await as(teacher, 'POST', '/api/questions', bodies.question({ subject, module } as Tenant)), 'question').id;
    paper = { subject, question, group: await makeGroup([studentWho.userId, classmateWho.userId]) };
    groupA = await makeGroup([studentWho.userId]);
    groupB = await makeGroup([studentWho.userId]);
  });

  it('adds, lists, changes and removes overrides, with each rule’s message', async () => {
    const quiz = await makeQuiz();
    const refused = async (body: unknown, field: string, message: string) => {
      const res = await addOverride(quiz, body);
      expect(res.statusCode, res.body).toBe(400);
      if (field === '_') expect(json(res).message).toBe(message);
      else expect(json(res).data.errors[field]).toBe(message);
    };
    await refused({ duration: 30 }, 'studentId', CHOOSE_ONE_TARGET);
    await refused({ studentId: studentWho.userId, groupId: groupA, duration: 30 }, 'studentId', CHOOSE_NOT_BOTH);
    await refused({ studentId: studentWho.userId }, '_', GIVE_ONE_SETTING);
    await refused({ studentId: studentWho.userId, valid_from: null, valid_to: '', duration: null }, '_', GIVE_ONE_SETTING);
    await refused({ studentId: studentWho.userId, valid_from: isoIn(DAY), valid_to: isoIn(DAY - MINUTE) }, 'valid_to', 'Valid to must be after valid from');
    await refused({ studentId: studentWho.userId, valid_from: 'tomorrow' }, 'valid_from', 'Valid from must be a valid date and time');
    await refused({ studentId: studentWho.userId, duration: 0 }, 'duration', 'Duration must be a whole number of minutes, at least 1');
    await refused({ studentId: studentWho.userId, attempts_allowed: 11 }, 'attempts_allowed', 'Attempts allowed must be a whole number from 0 (unlimited) to 10');
    // A single time is compared with the quiz's other one.
    await refused({ studentId: studentWho.userId, valid_to: isoIn(-2 * 60 * MINUTE) }, 'valid_to', 'Valid to must be after the quiz’s valid from');
    // Only the department's students and groups.
    const teacherId = (await whoIs(t, 'teacher')).userId;
    await refused({ studentId: teacherId, duration: 30 }, 'studentId', 'Choose a student of the quiz’s department');
    await refused({ groupId: 2 ** 31 - 1, duration: 30 }, 'groupId', 'Choose a group of the quiz’s department');

    const validTo = isoIn(2 * DAY);
    const own = created(await addOverride(quiz, { studentId: studentWho.userId, valid_to: validTo, duration: '45', attempts_allowed: '' }), 'student override');
    expect(own).toMatchObject({ studentId: studentWho.userId, groupId: null, student: { id: studentWho.userId, username: 'student' }, group: null, valid_from: null, valid_to: validTo, duration: 45, attempts_allowed: null });
    const again = await addOverride(quiz, { studentId: studentWho.userId, duration: 10 });
    expect(again.statusCode).toBe(409);
    expect(json(again).data.errors.studentId).toBe('This student already has an override');
    const ofGroup = created(await addOverride(quiz, { groupId: groupA, attempts_allowed: 0 }), 'group override');
    expect(ofGroup).toMatchObject({ groupId: groupA, group: { id: groupA }, attempts_allowed: 0 });
    const groupAgain = await addOverride(quiz, { groupId: groupA, attempts_allowed: 3 });
    expect(groupAgain.statusCode).toBe(409);
    expect(json(groupAgain).data.errors.groupId).toBe('This group already has an override');

    const list = json(await as(teacher, 'GET', `/api/quizzes/${quiz}/overrides`)).data as { id: number }[];
    // Groups first, then students.
    expect(list.map((o) => o.id)).toEqual([ofGroup.id, own.id]);

    // Changed with the same student; moving it onto the group's target is the same 409.
    const changed = await as(teacher, 'PUT', `/api/quizzes/${quiz}/overrides/${own.id}`, { studentId: studentWho.userId, duration: 50 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).data).toMatchObject({ id: own.id, duration: 50, valid_to: null });
    const clash = await as(teacher, 'PUT', `/api/quizzes/${quiz}/overrides/${own.id}`, { groupId: groupA, duration: 50 });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).data.errors.groupId).toBe('This group already has an override');

    expect((await as(teacher, 'DELETE', `/api/quizzes/${quiz}/overrides/${own.id}`)).statusCode).toBe(200);
    expect((await as(teacher, 'DELETE', `/api/quizzes/${quiz}/overrides/${own.id}`)).statusCode).toBe(404);
    expect((json(await as(teacher, 'GET', `/api/quizzes/${quiz}/overrides`)).data as { id: number }[]).map((o) => o.id)).toEqual([ofGroup.id]);
  });

  it('lets the quiz’s teacher and the department head manage overrides, not another teacher nor a student', async () => {
    const quiz = await makeQuiz();
    const body = { studentId: classmateWho.userId, duration: 20 };
    for (const [method, url] of [
      ['GET', `/api/quizzes/${quiz}/overrides`],
      ['POST', `/api/quizzes/${quiz}/overrides`],
      ['GET', `/api/quizzes/${quiz}/effective/${classmateWho.userId}`],
    ] as const) {
      expect((await as(otherTeacher, method, url, method === 'POST' ? body : undefined)).statusCode, `${method} ${url}`).toBe(404);
      expect((await as(student, method, url, method === 'POST' ? body : undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
    const byHead = created(await addOverride(quiz, body, head), 'head override');
    expect((await as(otherTeacher, 'PUT', `/api/quizzes/${quiz}/overrides/${byHead.id}`, body)).statusCode).toBe(404);
    expect((await as(otherTeacher, 'DELETE', `/api/quizzes/${quiz}/overrides/${byHead.id}`)).statusCode).toBe(404);
    expect((json(await as(head, 'GET', `/api/quizzes/${quiz}/overrides`)).data as unknown[]).length).toBe(1);
    expect((json(await as(teacher, 'GET', `/api/quizzes/${quiz}/overrides`)).data as unknown[]).length).toBe(1);
  });

  it('applies Moodle’s precedence for a student in two groups with their own override, on the teacher’s and the student’s answers', async () => {
    const quiz = await makeQuiz({ duration: 60 });
    const row = await t.portal.database.db.selectFrom('quizzes').select(['valid_from', 'valid_to']).where('id', '=', quiz).executeTakeFirstOrThrow();
    const laterClose = Number(row.valid_to) + DAY;
    const earlierOpen = Number(row.valid_from) - 60 * MINUTE;
    created(await addOverride(quiz, { groupId: groupA, valid_to: new Date(laterClose).toISOString(), attempts_allowed: 2 }), 'group A');
    created(await addOverride(quiz, { groupId: groupB, valid_from: new Date(earlierOpen).toISOString(), attempts_allowed: 0 }), 'group B');
    created(await addOverride(quiz, { studentId: studentWho.userId, duration: 90 }), 'own');

    const effective = await as(teacher, 'GET', `/api/quizzes/${quiz}/effective/${studentWho.userId}`);
    expect(effective.statusCode, effective.body).toBe(200);
    expect(json(effective).data).toEqual({
      valid_from: new Date(earlierOpen).toISOString(),
      valid_to: new Date(laterClose).toISOString(),
      duration: 90,
      attempts_allowed: 0,
      source: { valid_from: `group:${groupB}`, valid_to: `group:${groupA}`, duration: 'student', attempts_allowed: `group:${groupB}` },
    });
    // The classmate is in neither group: the quiz's settings.
    expect(json(await as(teacher, 'GET', `/api/quizzes/${quiz}/effective/${classmateWho.userId}`)).data).toMatchObject({
      duration: 60,
      attempts_allowed: 1,
      source: { valid_from: 'quiz', valid_to: 'quiz', duration: 'quiz', attempts_allowed: 'quiz' },
    });

    const mine = await as(student, 'GET', `/api/student/quizzes/${quiz}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(json(mine).data).toMatchObject({ valid_from: earlierOpen, valid_to: laterClose, validFrom: earlierOpen, validTo: laterClose, duration: 90, attemptsAllowed: 0 });
    expect(json(await as(classmate, 'GET', `/api/student/quizzes/${quiz}`)).data).toMatchObject({ valid_to: Number(row.valid_to), duration: 60, attemptsAllowed: 1 });

    // The teacher's participants show each student's effective settings and the group's name.
    const participants = json(await as(teacher, 'GET', `/api/quizzes/${quiz}/participants`)).data;
    const of = (id: number) => participants.participants.find((p: { id: number }) => p.id === id);
    expect(of(studentWho.userId).effective).toMatchObject({ validTo: laterClose, duration: 90, attemptsAllowed: 0, source: { valid_to: `group:${groupA}`, duration: 'student' } });
    expect(of(classmateWho.userId).effective.source).toEqual({ valid_from: 'quiz', valid_to: 'quiz', duration: 'quiz', attempts_allowed: 'quiz' });
    expect(participants.overrideGroups.map((g: { id: number }) => g.id).sort()).toEqual([groupA, groupB].sort());
  });

  it('opens a closed quiz for the student its override reopens, with the override’s time limit and close as the deadline', async () => {
    const quiz = await makeQuiz({ visible_from: isoIn(-240 * MINUTE), valid_from: isoIn(-180 * MINUTE), valid_to: isoIn(-30 * MINUTE), duration: 30 });
    const override = created(
      await addOverride(quiz, { studentId: studentWho.userId, valid_from: isoIn(-10 * MINUTE), valid_to: isoIn(50 * MINUTE), duration: 20 }),
      'late window',
    );

    // Exam links: only the student whose window is still open gets one, and it lets them in.
    const links = await as(teacher, 'POST', `/api/quizzes/${quiz}/exam-links`);
    expect(links.statusCode, links.body).toBe(200);
    const linkOf = (id: number) => json(links).data.participants.find((p: { id: number }) => p.id === id).examLink as string | null;
    expect(linkOf(classmateWho.userId)).toBeNull();
    const token = new URL(linkOf(studentWho.userId)!).searchParams.get('examToken')!;
    const verified = await t.request('GET', `/api/student/verify/exam-token/${encodeURIComponent(token)}`);
    expect(verified.statusCode, verified.body).toBe(200);

    const refused = await as(classmate, 'POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ message: START_BLOCK_TEXT.closed.message, data: { reason: 'closed' } });

    const start = await as(student, 'POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(start.statusCode, start.body).toBe(201);
    const { id: attemptId, startedAt } = json(start).data as { id: number; startedAt: number };
    expect(json(start).data.deadline).toBe(startedAt + 20 * MINUTE);
    const deadline = async () => Number((await t.portal.database.db.selectFrom('attempts').select('deadline').where('id', '=', attemptId).executeTakeFirstOrThrow()).deadline);

    // A changed override moves the running attempt's deadline: now the override's close comes first.
    const closeSoon = Date.now() + 5 * MINUTE;
    const put = await as(teacher, 'PUT', `/api/quizzes/${quiz}/overrides/${override.id}`, { studentId: studentWho.userId, valid_from: isoIn(-10 * MINUTE), valid_to: new Date(closeSoon).toISOString(), duration: 20 });
    expect(put.statusCode, put.body).toBe(200);
    expect(await deadline()).toBe(closeSoon);

    // Extra time adds to the override's time limit, never past the override's close.
    const later = Date.now() + 120 * MINUTE;
    expect((await as(teacher, 'PUT', `/api/quizzes/${quiz}/overrides/${override.id}`, { studentId: studentWho.userId, valid_to: new Date(later).toISOString(), duration: 20 })).statusCode).toBe(200);
    expect(await deadline()).toBe(startedAt + 20 * MINUTE);
    const extra = await as(teacher, 'PUT', `/api/quizzes/${quiz}/accommodations/${studentWho.userId}`, { extraMinutes: 15 });
    expect(extra.statusCode, extra.body).toBe(200);
    expect(await deadline()).toBe(startedAt + 35 * MINUTE);

    // Removing the override leaves the quiz's close, which has passed: the deadline is the quiz's close.
    const quizClose = Number((await t.portal.database.db.selectFrom('quizzes').select('valid_to').where('id', '=', quiz).executeTakeFirstOrThrow()).valid_to);
    expect((await as(teacher, 'DELETE', `/api/quizzes/${quiz}/overrides/${override.id}`)).statusCode).toBe(200);
    expect(await deadline()).toBe(quizClose);
  });
});
