import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bodies, created, firstSignIn, isoIn, json, phone, quizOptions, unique, whoIs, type Who } from './fixtures';
import { describeDb, useTestApp } from './helper';

/**
 * The issue "Teachers build exams", through the API: the department's question bank and the
 * teacher's own quizzes, validation word for word, random rules, the locked paper once a student
 * has started, exam links, the guest link, extra time, closing and grading attempts.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Json = Record<string, any>;

/** A bank question as the test wrote it, to check what a paper drew against. */
interface BankQuestion {
  id: number;
  module: number;
  topic: number | null;
  type: string;
  difficulty: string;
  options: { id: string; text: string; correct: boolean }[] | null;
}

interface Rule {
  module?: number;
  topic?: number;
  difficulty?: string;
  type?: string;
  count: number;
}

const matches = (q: BankQuestion, rule: Rule) =>
  (rule.module === undefined || q.module === rule.module) &&
  (rule.topic === undefined || q.topic === rule.topic) &&
  (rule.difficulty === undefined || q.difficulty === rule.difficulty) &&
  (rule.type === undefined || q.type === rule.type);

/** The answer-key part of a question body, one valid key per type. */
function keyOf(type: string): Json {
  switch (type) {
    case 'single':
      return { options: [{ text: 'Alpha', correct: true }, { text: 'Beta', correct: false }, { text: 'Gamma', correct: false }] };
    case 'multiple':
      return {
        scoring: 'partial',
        options: [{ text: 'One', correct: true }, { text: 'Two', correct: true }, { text: 'Three', correct: false }, { text: 'Four', correct: false }],
      };
    case 'true_false':
      return { correct_bool: true };
    case 'numeric':
      return { numeric_value: 42, numeric_tolerance: 0.5 };
    case 'short_answer':
      return { accepted_answers: ['greedy', 'a greedy algorithm'] };
    default:
      return {};
  }
}

describeDb('Teachers build exams', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;

  let teacher: string;
  let teacherWho: Who;
  let departmentHead: string;
  let instituteHead: string;
  let demoStudent: string;
  let demoSubject: number;
  /** Questions that must stay out of the rules' subject go here: the demo subject and its first module. */
  let scratch: { subject: number; module: number };
  /** A second teacher of the demo department. */
  let colleague: string;
  /** A teacher of another department of the same institute. */
  let outsider: string;
  let otherDepartment: number;
  /** A group of the other department (written directly: it only has to exist). */
  let otherGroup: number;
  /** Students made through the API by the department head, in `cohort`. */
  const students: { id: number; username: string; token: string }[] = [];
  let cohort: number;

  /** The bank for the random rules: a subject of its own, two modules, one topic. */
  let subject: number;
  let greedy: number;
  let dynamic: number;
  let exchange: number;
  const bank = new Map<number, BankQuestion>();
  /** Named questions of the bank (see beforeAll). */
  const named: Record<string, number> = {};
  let outsiderQuestion: number;

  const post = (url: string, token: string, body?: unknown) => t.request('POST', url, { token, body: body ?? {} });
  const get = (url: string, token: string) => t.request('GET', url, { token });
  const put = (url: string, token: string, body: unknown) => t.request('PUT', url, { token, body });

  function expectRefused(res: LightMyRequestResponse, status: number, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
    expect(json(res).success, what).toBe(false);
  }

  const questionBody = (overrides: Json = {}): Json => {
    const type = (overrides.type as string | undefined) ?? 'single';
    return {
      subject,
      module: greedy,
      type,
      question: unique('Question '),
      marks: 2,
      time_required: 1,
      difficulty: 'easy',
      ...keyOf(type),
      ...overrides,
    };
  };

  async function addQuestion(token: string, overrides: Json = {}, name?: string): Promise<BankQuestion> {
    const record = created(await post('/api/questions', token, questionBody(overrides)), `question ${name ?? ''}`);
    const q: BankQuestion = { id: record.id, module: record.module, topic: record.topic, type: record.type, difficulty: record.difficulty, options: record.options };
    bank.set(q.id, q);
    if (name) named[name] = q.id;
    return q;
  }

  /** A quiz body of the rules' subject for the cohort, open since an hour ago for `openFor`. */
  const quizBody = (overrides: Json = {}, openFor = DAY): Json => ({
    name: unique('Quiz '),
    subjects: [String(subject)],
    visible_from: isoIn(-2 * HOUR),
    valid_from: isoIn(-HOUR),
    valid_to: isoIn(openFor),
    duration: 30,
    group_id: cohort,
    options: quizOptions(),
    questions: [named.fixed1],
    published: true,
    ...overrides,
  });

  const newQuiz = async (overrides: Json = {}, openFor = DAY, token = teacher) =>
    created(await post('/api/quizzes', token, quizBody(overrides, openFor)), 'quiz') as Json;

  const start = async (quiz: number, token: string) => {
    const res = await post(`/api/student/quizzes/${quiz}/attempts`, token);
    expect([200, 201], res.body).toContain(res.statusCode);
    return json(res).data as Json;
  };
  const paperOf = async (attempt: number, token: string) => {
    const res = await get(`/api/student/attempts/${attempt}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as Json;
  };
  const participants = async (quiz: number, token = teacher) => {
    const res = await get(`/api/quizzes/${quiz}/participants`, token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data.participants as Json[];
  };

  /** A teacher account made by the institute head, signed in with its own password. */
  async function newTeacher(departmentId: number): Promise<string> {
    const username = unique('teach');
    const body = { email: `${username}@staff.example`, fullname: 'Tess Teacher', username, phone: phone(), departmentId, subjects: [demoSubject] };
    const account = created(await post('/api/teachers', instituteHead, body), 'teacher');
    return firstSignIn(t, username, 'TEACHER', account.initialPassword);
  }

  beforeAll(async () => {
    teacher = await t.login('teacher', 'TEACHER');
    teacherWho = await whoIs(t, 'teacher');
    departmentHead = await t.login('department-head', 'DEPARTMENT-HEAD');
    instituteHead = await t.login('institute-head', 'INSTITUTE-HEAD');
    demoStudent = await t.login('student', 'STUDENT');
    demoSubject = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const demoModule = await db().selectFrom('modules').select('id').where('course_outcome_name', '=', 'Linear structures').executeTakeFirstOrThrow();
    scratch = { subject: demoSubject, module: demoModule.id };

    colleague = await newTeacher(teacherWho.departmentId!);
    const department = created(await post('/api/departments', instituteHead, bodies.department()), 'other department');
    otherDepartment = department.id;
    outsider = await newTeacher(otherDepartment);
    const now = Date.now();
    otherGroup = (
      await db()
        .insertInto('groups')
        .values({ name: 'Other department group', institute_id: teacherWho.instituteId, department_id: otherDepartment, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    // Four students of the demo department, each past the first sign-in, in one group.
    for (let i = 0; i < 4; i++) {
      const username = unique('pupil');
      const body = { batch: '2026', email: `${username}@pupil.example`, fullname: 'Paula Pupil', phone: phone(), semester: '3', username };
      const account = created(await post('/api/students', departmentHead, body), 'student');
      students.push({ id: account.id, username, token: await firstSignIn(t, username, 'STUDENT', account.initialPassword) });
    }
    cohort = created(await post('/api/groups', departmentHead, { groupName: unique('Cohort '), students: students.map((s) => s.id) }), 'group').id;

    // The rules' bank: modules Greedy (with topic Exchange) and Dynamic programming of a new subject.
    subject = created(await post('/api/subjects', instituteHead, { subjectname: 'Algorithms', code: unique('ALG'), semester: '4' }), 'subject').id;
    greedy = created(await post('/api/modules', teacher, { course_outcome_name: 'Greedy', subject_id: subject }), 'module').id;
    dynamic = created(await post('/api/modules', teacher, { course_outcome_name: 'Dynamic programming', subject_id: subject }), 'module').id;
    exchange = created(await post('/api/topics', teacher, { name: 'Exchange arguments', module_id: greedy }), 'topic').id;

    await addQuestion(teacher, { module: greedy, topic: exchange, type: 'single', difficulty: 'easy' }, 'fixed1');
    await addQuestion(teacher, { module: greedy, type: 'single', difficulty: 'easy' }, 'greedyEasySingle');
    await addQuestion(colleague, { module: greedy, type: 'single', difficulty: 'easy' }, 'colleagueEasySingle');
    await addQuestion(teacher, { module: greedy, type: 'true_false', difficulty: 'easy' });
    await addQuestion(teacher, { module: greedy, type: 'true_false', difficulty: 'hard' });
    await addQuestion(teacher, { module: greedy, type: 'numeric', difficulty: 'medium' });
    await addQuestion(teacher, { module: greedy, type: 'numeric', difficulty: 'medium' });
    await addQuestion(teacher, { module: dynamic, type: 'multiple', difficulty: 'medium' });
    await addQuestion(teacher, { module: dynamic, type: 'multiple', difficulty: 'medium' });
    await addQuestion(colleague, { module: dynamic, type: 'multiple', difficulty: 'medium' });
    await addQuestion(teacher, { module: dynamic, type: 'single', difficulty: 'hard' }, 'fixed2');
    await addQuestion(teacher, { module: dynamic, type: 'short_answer', difficulty: 'easy' });
    await addQuestion(teacher, { module: dynamic, type: 'descriptive', difficulty: 'hard', marks: 5 }, 'essay');
    await addQuestion(teacher, { module: dynamic, type: 'true_false', difficulty: 'medium' });

    // The other department's teacher writes a question of the same subject that every rule below
    // would match but for its department: it must never be drawn.
    const outsiderModule = created(await post('/api/modules', outsider, { course_outcome_name: 'Greedy elsewhere', subject_id: subject }), 'module').id;
    outsiderQuestion = created(
      await post('/api/questions', outsider, questionBody({ module: outsiderModule, type: 'true_false', difficulty: 'medium' })),
      'outsider question',
    ).id;
  });

  describe('the department bank and the teacher’s own quizzes', () => {
    it('lets a colleague of the department read a question and a quiz but not change or delete them', async () => {
      const quiz = await newQuiz({ published: false });
      const question = named.greedyEasySingle;
      const list = await get(`/api/questions?range=${enc([0, 999])}`, colleague);
      expect(json(list).data.map((q: Json) => q.id)).toEqual(expect.arrayContaining([question, named.colleagueEasySingle]));

      const before = json(await get(`/api/questions/${question}`, teacher)).data;
      const read = await get(`/api/questions/${question}`, colleague);
      expect(read.statusCode).toBe(200);
      expect(json(read).data).toEqual(before);
      expectRefused(await put(`/api/questions/${question}`, colleague, { ...before, question: 'Taken over' }), 403, 'colleague updates');
      expectRefused(await t.request('DELETE', `/api/questions/${question}`, { token: colleague }), 403, 'colleague deletes');
      expect(json(await get(`/api/questions/${question}`, teacher)).data).toEqual(before);

      const quizBefore = json(await get(`/api/quizzes/${quiz.id}`, teacher)).data;
      expect(json(await get(`/api/quizzes/${quiz.id}`, colleague)).data).toEqual(quizBefore);
      expectRefused(await put(`/api/quizzes/${quiz.id}`, colleague, { ...quizBefore, name: 'Taken over' }), 403, 'colleague updates the quiz');
      expectRefused(await t.request('DELETE', `/api/quizzes/${quiz.id}`, { token: colleague }), 403, 'colleague deletes the quiz');
      expect(json(await get(`/api/quizzes/${quiz.id}`, teacher)).data).toEqual(quizBefore);

      // The colleague's own question is theirs to change.
      const own = json(await get(`/api/questions/${named.colleagueEasySingle}`, colleague)).data;
      const edited = await put(`/api/questions/${own.id}`, colleague, { ...own, question: 'Edited by its author' });
      expect(edited.statusCode, edited.body).toBe(200);
    });

    it("keeps another department's teacher out of the bank and the quizzes, and out of the demo department's teacher's view", async () => {
      const quiz = await newQuiz({ published: false });
      const theirs = json(await get(`/api/questions?range=${enc([0, 999])}`, outsider)).data.map((q: Json) => q.id);
      expect(theirs).toEqual([outsiderQuestion]);
      expectRefused(await get(`/api/questions/${named.fixed1}`, outsider), 404, 'outsider reads');
      expectRefused(await get(`/api/quizzes/${quiz.id}`, outsider), 404, 'outsider reads the quiz');
      expect(json(await get(`/api/quizzes?range=${enc([0, 999])}`, outsider)).data).toEqual([]);
      expectRefused(await get(`/api/questions/${outsiderQuestion}`, teacher), 404, 'teacher reads the outsider question');
      const ours = json(await get(`/api/questions?range=${enc([0, 999])}`, teacher)).data.map((q: Json) => q.id);
      expect(ours).not.toContain(outsiderQuestion);
      expect(ours).toEqual(expect.arrayContaining([...bank.keys()]));
    });

    it('filters the question list by creator, module, type and difficulty', async () => {
      const mine = json(await get(`/api/questions?filter=${enc({ createdBy: 'ME', module: greedy })}&range=${enc([0, 999])}`, teacher)).data;
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((q: Json) => q.created_by === teacherWho.userId && q.module === greedy)).toBe(true);
      expect(mine.map((q: Json) => q.id)).not.toContain(named.colleagueEasySingle);
      const medium = json(await get(`/api/questions?filter=${enc({ difficulty: ['medium'], type: ['multiple'], module: [dynamic] })}`, teacher)).data;
      expect(medium.map((q: Json) => q.id).sort()).toEqual(
        [...bank.values()].filter((q) => q.module === dynamic && q.type === 'multiple' && q.difficulty === 'medium').map((q) => q.id).sort(),
      );
    });
  });

  describe('questions', () => {
    type Case = [what: string, body: () => Json, field: string, message: string];
    const cases: Case[] = [
      ['marks of 0', () => questionBody({ marks: 0 }), 'marks', 'Enter valid marks'],
      ['empty marks', () => questionBody({ marks: '' }), 'marks', 'Enter valid marks'],
      ['no time required', () => questionBody({ time_required: 0 }), 'time_required', 'Enter valid time'],
      ['no subject', () => questionBody({ subject: undefined }), 'subject', 'Select the subject'],
      ['no module', () => questionBody({ module: undefined }), 'module', 'Select the module'],
      ['an unknown type', () => questionBody({ type: 'essay' }), 'type', 'Select the question type'],
      ['no question text', () => questionBody({ question: '   ' }), 'question', 'Question is required'],
      ['no difficulty', () => questionBody({ difficulty: undefined }), 'difficulty', 'Choose difficulty'],
      ['a single choice with one option', () => questionBody({ options: [{ text: 'Only', correct: true }] }), 'options', 'Add at least two options'],
      ['a multiple choice without options', () => questionBody({ type: 'multiple', options: [] }), 'options', 'Add at least two options'],
      [
        'a multiple choice with no correct option',
        () => questionBody({ type: 'multiple', options: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }),
        'options',
        'Mark at least one correct option',
      ],
      [
        'a single choice without an option worth 100%',
        () => questionBody({ options: [{ text: 'A', weight: 50 }, { text: 'B', weight: 0 }] }),
        'options',
        'A single choice question needs at least one option with weight 100%',
      ],
      ['an empty option', () => questionBody({ options: [{ text: '', correct: true }, { text: 'B' }] }), 'options.0.text', 'Option text is required'],
      ['a true/false without its answer', () => questionBody({ type: 'true_false', correct_bool: undefined }), 'correct_bool', 'Choose the correct answer'],
      ['a numeric question without its value', () => questionBody({ type: 'numeric', numeric_value: undefined }), 'numeric_value', 'Enter the correct value'],
      ['a negative tolerance', () => questionBody({ type: 'numeric', numeric_tolerance: -1 }), 'numeric_tolerance', 'Tolerance cannot be negative'],
      ['a short answer without accepted answers', () => questionBody({ type: 'short_answer', accepted_answers: [] }), 'accepted_answers', 'Add at least one accepted answer'],
      ['a module of another subject', () => questionBody({ module: greedy, subject: demoSubject }), 'module', 'The module does not belong to the selected subject'],
      ['a topic of another module', () => questionBody({ module: dynamic, topic: exchange }), 'topic', 'The topic does not belong to the selected module'],
    ];

    it.each(cases)('refuses %s with 400 naming the field, creating nothing', async (_what, body, field, message) => {
      const count = async () => (await db().selectFrom('questions').select('id').execute()).length;
      const before = await count();
      const res = await post('/api/questions', teacher, body());
      expectRefused(res, 400, 'invalid question');
      expect(json(res).data.errors[field], res.body).toBe(message);
      expect(await count()).toBe(before);
    });

    it.each(['single', 'multiple', 'true_false', 'numeric', 'short_answer', 'descriptive'])(
      'stores a %s question with its own answer key only (other keys sent along are dropped)',
      async (type) => {
        const everything = { ...keyOf('multiple'), correct_bool: false, numeric_value: 7, numeric_tolerance: 1, accepted_answers: ['x'] };
        const res = await post('/api/questions', teacher, questionBody({ ...scratch, ...everything, type, ...keyOf(type) }));
        const record = created(res, type);
        expect(record.version).toBe(1);
        const kept: Record<string, string[]> = {
          single: ['options'],
          multiple: ['options', 'scoring'],
          true_false: ['correct_bool'],
          numeric: ['numeric_value', 'numeric_tolerance'],
          short_answer: ['accepted_answers'],
          descriptive: [],
        };
        for (const field of ['options', 'scoring', 'correct_bool', 'numeric_value', 'numeric_tolerance', 'accepted_answers']) {
          if (kept[type].includes(field)) expect(record[field], field).not.toBeNull();
          else expect(record[field], field).toBeNull();
        }
        // What the API answers is a valid body as it stands (react-admin sends the record back).
        const again = await put(`/api/questions/${record.id}`, teacher, record);
        expect(again.statusCode, again.body).toBe(200);
        const deleted = await t.request('DELETE', `/api/questions/${record.id}`, { token: teacher });
        expect(deleted.statusCode, deleted.body).toBe(200);
      },
    );

    it('gives options ids and keeps them across an update that reorders, edits, adds and removes options', async () => {
      const record = created(
        await post('/api/questions', teacher, questionBody({ ...scratch, options: [{ text: 'Red', correct: true }, { text: 'Green' }, { text: 'Blue' }] })),
        'question',
      );
      const ids = record.options.map((o: Json) => o.id);
      expect(ids.every((id: unknown) => typeof id === 'string' && id.length > 0)).toBe(true);
      expect(new Set(ids).size).toBe(3);
      expect(record.options.map((o: Json) => [o.text, o.correct])).toEqual([['Red', true], ['Green', false], ['Blue', false]]);

      const [red, green] = record.options;
      const update = {
        ...record,
        question: 'Which colour is the sky?',
        // Blue removed, Green edited and made correct, a new option, and a duplicate id that must not stick twice.
        options: [
          { id: green.id, text: 'Sky blue', correct: true },
          { id: red.id, text: 'Red', correct: false },
          { text: 'Yellow', correct: false },
          { id: red.id, text: 'Copy of red', correct: false },
        ],
      };
      const res = await put(`/api/questions/${record.id}`, teacher, update);
      expect(res.statusCode, res.body).toBe(200);
      const after = json(res).data;
      expect(after.version).toBe(2);
      expect(after.options.slice(0, 2)).toEqual([
        { id: green.id, text: 'Sky blue', correct: true, weight: 100 },
        { id: red.id, text: 'Red', correct: false, weight: 0 },
      ]);
      const newIds = after.options.slice(2).map((o: Json) => o.id);
      expect(new Set(after.options.map((o: Json) => o.id)).size).toBe(4);
      for (const id of newIds) expect(ids).not.toContain(id);
      expect(json(await get(`/api/questions/${record.id}`, teacher)).data.options).toEqual(after.options);
    });

    it('raises the version on an edit while a started attempt keeps the old text and answer key', async () => {
      // The demo open quiz (id 1) has the demo bank's first question: single choice, "Stack" (o2) correct.
      const attempt = await start(1, demoStudent);
      const original = await paperOf(attempt.id, demoStudent);
      const before = json(await get('/api/questions/1', teacher)).data;
      const shown = original.questions.find((q: Json) => q.id === 1);
      expect(shown.question).toBe(before.question);
      expect(shown).not.toHaveProperty('key');

      const edit = {
        ...before,
        question: 'Which structure serves elements in first in, first out order?',
        options: before.options.map((o: Json) => ({ ...o, correct: o.id === 'o1', weight: o.id === 'o1' ? 100 : 0 })),
      };
      const res = await put('/api/questions/1', teacher, edit);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data.version).toBe(before.version + 1);

      const later = await paperOf(attempt.id, demoStudent);
      expect(later.questions).toEqual(original.questions);
      // A fresh paper (the teacher's preview) shows the new text and key.
      const preview = json(await get('/api/quizzes/1/preview', teacher)).data;
      const fresh = preview.questions.find((q: Json) => q.id === 1);
      expect(fresh.question).toBe(edit.question);
      expect(fresh.version).toBe(before.version + 1);
      expect(fresh.key.correctOptions).toEqual(['o1']);

      // Answered with the old key's right option, graded right.
      const saved = await put(`/api/student/attempts/${attempt.id}/answers/1`, demoStudent, { response: 'o2', seq: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
      const submitted = json(await post(`/api/student/attempts/${attempt.id}/submit`, demoStudent)).data;
      expect(submitted.status).toBe('submitted');
      expect(submitted.score).toBe(2);
      const analysis = json(await get(`/api/student/attempts/${attempt.id}/analysis`, demoStudent)).data;
      const graded = analysis.questions.find((q: Json) => q.id === 1);
      expect(graded).toMatchObject({ question: before.question, outcome: 'correct', marksGained: 2, correct: ['o2'] });
    });

    it('refuses to delete a question that a quiz uses', async () => {
      const quiz = await newQuiz({ published: false, questions: [named.fixed2] });
      const res = await t.request('DELETE', `/api/questions/${named.fixed2}`, { token: teacher });
      expectRefused(res, 409, 'delete a used question');
      expect(json(res).message).toMatch(/quizzes using it/);
      expect(json(await get(`/api/questions/${named.fixed2}`, teacher)).data.id).toBe(named.fixed2);
      expect((await t.request('DELETE', `/api/quizzes/${quiz.id}`, { token: teacher })).statusCode).toBe(200);
    });
  });

  describe('quizzes', () => {
    type Case = [what: string, body: () => Json, field: string, message: string];
    // One clock reading for the three instants: two readings a millisecond apart would make "equal" times differ.
    const window = (visible: number, from: number, to: number) => {
      const now = Date.now();
      const at = (ms: number) => new Date(now + ms).toISOString();
      return { visible_from: at(visible), valid_from: at(from), valid_to: at(to) };
    };
    const cases: Case[] = [
      ['visible from equal to valid from', () => quizBody(window(DAY, DAY, DAY + HOUR)), 'visible_from', 'Visible from must be before valid from'],
      ['visible from after valid from', () => quizBody(window(2 * DAY, DAY, DAY + HOUR)), 'visible_from', 'Visible from must be before valid from'],
      ['valid to before valid from', () => quizBody(window(0, DAY, DAY - HOUR)), 'valid_to', 'Valid to must be after valid from'],
      ['valid to equal to valid from', () => quizBody(window(0, DAY, DAY)), 'valid_to', 'Valid to must be after valid from'],
      ['a duration as long as the window', () => quizBody({ ...window(0, DAY, DAY + HOUR), duration: 60 }), 'duration', 'Duration entered does not match valid from and valid to date'],
      ['a duration longer than the window', () => quizBody({ ...window(0, DAY, DAY + HOUR), duration: 90 }), 'duration', 'Duration entered does not match valid from and valid to date'],
      ['a duration of 0', () => quizBody({ duration: 0 }), 'duration', 'Duration must be at least 1 minute'],
      ['no subject', () => quizBody({ subjects: [] }), 'subjects', 'At least one subject is required'],
      ['no group', () => quizBody({ group_id: undefined }), 'group_id', 'Group is required'],
      ['an empty group', () => quizBody({ group_id: '' }), 'group_id', 'Group is required'],
      ['a name of 256 characters', () => quizBody({ name: 'n'.repeat(256) }), 'name', 'Name cannot exceed 255 characters'],
      ['a published quiz without questions', () => quizBody({ questions: [], random_rules: [] }), 'questions', 'Add at least one question or random rule before publishing'],
      ['a random rule drawing nothing', () => quizBody({ random_rules: [{ count: 0 }] }), 'random_rules.0.count', 'Draw at least 1 question'],
      ['fixed questions of another subject', () => quizBody({ questions: [named.fixed1, 1] }), 'questions', "Questions must be of the quiz's subjects (question 1 is not)"],
      ['a random rule on a module of another subject', () => quizBody({ random_rules: [{ module: 1, count: 1 }] }), 'random_rules.0.module', "Choose a module of the quiz's subjects"],
      ['a random rule on a topic of another module', () => quizBody({ random_rules: [{ module: dynamic, topic: exchange, count: 1 }] }), 'random_rules.0.topic', 'Choose a topic of the selected module'],
      ['a group of another department', () => quizBody({ group_id: otherGroup }), 'group_id', 'Choose a valid group'],
      ["a fixed question of another department's bank", () => quizBody({ questions: [outsiderQuestion] }), 'questions', 'Choose valid fixed questions'],
    ];

    it.each(cases)('refuses %s with 400 naming the field, creating nothing', async (_what, body, field, message) => {
      const count = async () => (await db().selectFrom('quizzes').select('id').execute()).length;
      const before = await count();
      const res = await post('/api/quizzes', teacher, body());
      expectRefused(res, 400, 'invalid quiz');
      expect(json(res).data.errors[field], res.body).toBe(message);
      expect(await count()).toBe(before);
    });

    it('accepts a name of exactly 255 characters and a duration one minute shorter than the window', async () => {
      const quiz = await newQuiz({ name: 'n'.repeat(255), ...window(0, DAY, DAY + HOUR), duration: 59, published: false });
      expect(quiz.name).toHaveLength(255);
      expect(quiz.duration).toBe(59);
    });

    it('filters the list by creator, by the start of the window and by subject', async () => {
      const at = (days: number) => window((days - 1) * DAY, days * DAY, days * DAY + HOUR);
      const mine10 = await newQuiz({ ...at(10), published: false });
      const mine20 = await newQuiz({ ...at(20), published: false });
      const mineDemo = await newQuiz({ ...at(15), published: false, subjects: [String(demoSubject)], questions: [1] });
      const theirs = await newQuiz({ ...at(20), published: false }, DAY, colleague);
      const ids = async (filter: Json) =>
        (json(await get(`/api/quizzes?filter=${enc(filter)}&range=${enc([0, 999])}`, teacher)).data as Json[]).map((q) => q.id);

      const everyone = await ids({});
      expect(everyone).toEqual(expect.arrayContaining([mine10.id, mine20.id, mineDemo.id, theirs.id]));
      const mine = await ids({ createdBy: 'ME' });
      expect(mine).toEqual(expect.arrayContaining([mine10.id, mine20.id, mineDemo.id]));
      expect(mine).not.toContain(theirs.id);
      const quizzes = json(await get(`/api/quizzes?filter=${enc({ createdBy: 'ME' })}&range=${enc([0, 999])}`, teacher)).data as Json[];
      expect(quizzes.every((q) => q.created_by === teacherWho.userId)).toBe(true);

      const from = new Date(Date.now() + 12 * DAY).toISOString();
      const to = new Date(Date.now() + 25 * DAY).toISOString();
      const window12to25 = await ids({ startDate: from, endDate: to });
      expect(window12to25).toEqual(expect.arrayContaining([mine20.id, mineDemo.id, theirs.id]));
      expect(window12to25).not.toContain(mine10.id);
      expect(await ids({ createdBy: 'ME', startDate: from, endDate: to, subjects: [subject] })).toEqual([mine20.id]);
      const endOnly = await ids({ endDate: new Date(Date.now() + 12 * DAY).toISOString() });
      expect(endOnly).toContain(mine10.id);
      expect(endOnly).not.toContain(mine20.id);
      expect(await ids({ subjects: [demoSubject], createdBy: 'ME' })).toEqual(expect.arrayContaining([1, 2, 3, mineDemo.id]));
      expect(await ids({ subjects: [demoSubject] })).not.toContain(mine10.id);
      // A date that is not one is a 400, not an empty list.
      expectRefused(await get(`/api/quizzes?filter=${enc({ startDate: 'soon' })}`, teacher), 400, 'bad startDate');
    });

    it('locks the paper, timing and marking once a student has started, while the name can still change', async () => {
      const quiz = await newQuiz({ questions: [named.fixed1, named.fixed2] });
      await start(quiz.id, students[0].token);
      const stored = json(await get(`/api/quizzes/${quiz.id}`, teacher)).data;

      const attempts: [changes: Json, fields: string[]][] = [
        [{ duration: 45 }, ['duration']],
        [{ questions: [named.fixed1] }, ['questions']],
        [{ valid_from: isoIn(-30 * MINUTE) }, ['valid_from']],
        [{ duration: 20, questions: [named.fixed2, named.fixed1], valid_to: isoIn(2 * DAY) }, ['questions', 'valid_to', 'duration']],
        [{ random_rules: [{ count: 1 }], options: quizOptions({ negative_marking: true }) }, ['random_rules', 'options']],
      ];
      for (const [changes, fields] of attempts) {
        const res = await put(`/api/quizzes/${quiz.id}`, teacher, { ...stored, ...changes });
        expectRefused(res, 409, `change ${fields}`);
        expect(Object.keys(json(res).data.errors).sort()).toEqual([...fields].sort());
        expect(json(res).message).toBe('Students have started this quiz: its paper, timing and marking can no longer be changed');
      }
      expect(json(await get(`/api/quizzes/${quiz.id}`, teacher)).data).toEqual(stored);

      const renamed = await put(`/api/quizzes/${quiz.id}`, teacher, { ...stored, name: 'Renamed after the start', instructions: 'Good luck' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(json(renamed).data).toEqual({ ...stored, name: 'Renamed after the start', instructions: 'Good luck' });

      const del = await t.request('DELETE', `/api/quizzes/${quiz.id}`, { token: teacher });
      expectRefused(del, 409, 'delete a quiz with attempts');
      expect(json(del).message).toMatch(/attempts/);
      expect(json(await get(`/api/quizzes/${quiz.id}`, teacher)).data.name).toBe('Renamed after the start');
    });

    it('clears the instructions when an edit sends none', async () => {
      const quiz = await newQuiz({ published: false, instructions: 'Bring a calculator' });
      expect(quiz.instructions).toBe('Bring a calculator');
      const { instructions: _dropped, ...withoutInstructions } = quiz;
      for (const body of [withoutInstructions, { ...quiz, instructions: null }]) {
        const again = await put(`/api/quizzes/${quiz.id}`, teacher, { ...quiz, instructions: 'Bring a calculator' });
        expect(json(again).data.instructions).toBe('Bring a calculator');
        const res = await put(`/api/quizzes/${quiz.id}`, teacher, body);
        expect(res.statusCode, res.body).toBe(200);
        expect(json(res).data.instructions).toBeNull();
      }
    });

    it('deletes a quiz nobody has started, with its links', async () => {
      const quiz = await newQuiz();
      expect((await post(`/api/quizzes/${quiz.id}/exam-links`, teacher)).statusCode).toBe(200);
      const del = await t.request('DELETE', `/api/quizzes/${quiz.id}`, { token: teacher });
      expect(del.statusCode, del.body).toBe(200);
      expectRefused(await get(`/api/quizzes/${quiz.id}`, teacher), 404, 'deleted');
      expect(await db().selectFrom('exam_tokens').select('id').where('quiz_id', '=', quiz.id).execute()).toEqual([]);
    });
  });

  describe('random rules', () => {
    const rules = (): Rule[] => [
      { module: greedy, difficulty: 'easy', type: 'single', count: 2 },
      { module: dynamic, type: 'multiple', count: 2 },
      { difficulty: 'medium', count: 3 },
      { type: 'true_false', count: 2 },
    ];
    const total = () => 2 + rules().reduce((n, r) => n + r.count, 0);
    const pool = (rule: Rule) => [...bank.values()].filter((q) => matches(q, rule)).map((q) => q.id);

    it('draws only matching questions, never one twice, after the fixed questions in order (shuffle off)', async () => {
      const quiz = await newQuiz({ questions: [named.fixed1, named.fixed2], random_rules: rules() });
      const instructions = json(await get(`/api/student/quizzes/${quiz.id}`, students[0].token)).data;
      expect(instructions.questionCount).toBe(total());

      for (const student of students) {
        const attempt = await start(quiz.id, student.token);
        const paper = await paperOf(attempt.id, student.token);
        const ids: number[] = paper.questions.map((q: Json) => q.id);
        expect(ids).toHaveLength(total());
        expect(new Set(ids).size, 'no question twice').toBe(ids.length);
        expect(ids.slice(0, 2)).toEqual([named.fixed1, named.fixed2]);
        expect(ids).not.toContain(outsiderQuestion);
        let at = 2;
        for (const [i, rule] of rules().entries()) {
          const drawn = ids.slice(at, at + rule.count);
          at += rule.count;
          for (const id of drawn) expect(matches(bank.get(id)!, rule), `question ${id} matches rule ${i}`).toBe(true);
        }
        // The first rule's pool holds the first fixed question and two others: it draws exactly those two.
        expect(ids.slice(2, 4).sort()).toEqual([named.greedyEasySingle, named.colleagueEasySingle].sort());
        // Without shuffling, options keep the bank's order.
        for (const q of paper.questions as Json[]) {
          const options = bank.get(q.id)!.options;
          if (options) expect(q.options).toEqual(options.map(({ id, text }) => ({ id, text })));
          else expect(q.options).toBeUndefined();
        }
        const again = await start(quiz.id, student.token);
        expect(again.id, 'starting twice gives the same attempt').toBe(attempt.id);
        expect((await paperOf(attempt.id, student.token)).questions).toEqual(paper.questions);
      }
    });

    it('with shuffling on, still draws right and shows each choice question’s options as a permutation', async () => {
      const quiz = await newQuiz({ questions: [named.fixed1, named.fixed2], random_rules: rules(), shuffle_questions: true, shuffle_options: true });
      const eligible = new Set([named.fixed1, named.fixed2, ...rules().flatMap(pool)]);
      for (const student of students) {
        const attempt = await start(quiz.id, student.token);
        const paper = await paperOf(attempt.id, student.token);
        const ids: number[] = paper.questions.map((q: Json) => q.id);
        expect(ids).toHaveLength(total());
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(expect.arrayContaining([named.fixed1, named.fixed2, named.greedyEasySingle, named.colleagueEasySingle]));
        for (const id of ids) expect(eligible.has(id), `question ${id} comes from a rule's pool`).toBe(true);
        for (const q of paper.questions as Json[]) {
          const options = bank.get(q.id)!.options;
          if (!options) continue;
          expect(q.options).toHaveLength(options.length);
          const byId = (list: Json[]) => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));
          expect(byId(q.options)).toEqual(byId(options.map(({ id, text }) => ({ id, text }))));
          for (const o of q.options as Json[]) expect(o).not.toHaveProperty('correct');
        }
      }
    });

    it('previews the paper with answer keys and reports a rule that cannot be filled', async () => {
      const quiz = await newQuiz({
        published: false,
        questions: [named.fixed1],
        random_rules: [{ module: greedy, type: 'numeric', count: 2 }, { module: dynamic, type: 'numeric', count: 1 }],
      });
      const res = await get(`/api/quizzes/${quiz.id}/preview`, teacher);
      expect(res.statusCode, res.body).toBe(200);
      const preview = json(res).data;
      expect(preview.shortfall).toBe(1);
      expect(preview.randomised).toBe(true);
      expect(preview.questions.map((q: Json) => q.id)[0]).toBe(named.fixed1);
      expect(preview.questions).toHaveLength(3);
      const fixed = preview.questions[0];
      expect(fixed.key.correctOptions).toEqual(bank.get(named.fixed1)!.options!.filter((o) => o.correct).map((o) => o.id));
      for (const q of preview.questions.slice(1)) {
        expect(q.type).toBe('numeric');
        expect(q.key).toMatchObject({ type: 'numeric', numericValue: 42, numericTolerance: 0.5 });
      }
      expect(preview.totalMarks).toBe(6);
      expectRefused(await get(`/api/quizzes/${quiz.id}/preview`, outsider), 404, "another department's teacher previews");
    });
  });

  describe('exam links', () => {
    const tokenOf = (link: string | null) => {
      const match = /\/\?examToken=([^&#]+)$/.exec(link ?? '');
      expect(match, `exam link ${link}`).not.toBeNull();
      return decodeURIComponent(match![1]);
    };
    const verify = (token: string) => t.request('GET', `/api/student/verify/exam-token/${encodeURIComponent(token)}`);

    it('gives each participant a link that signs in only that student, and a regenerated link replaces the old one', async () => {
      const quiz = await newQuiz();
      const before = await participants(quiz.id);
      expect(before.map((p) => p.id).sort()).toEqual(students.map((s) => s.id).sort());
      expect(before.every((p) => p.examLink === null && p.state === 'not_started')).toBe(true);

      const res = await post(`/api/quizzes/${quiz.id}/exam-links`, teacher);
      expect(res.statusCode, res.body).toBe(200);
      const rows = json(res).data.participants as Json[];
      const tokens = new Map(rows.map((p) => [p.id as number, tokenOf(p.examLink)]));
      expect(new Set(tokens.values()).size).toBe(students.length);

      for (const student of students) {
        const verified = await verify(tokens.get(student.id)!);
        expect(verified.statusCode, verified.body).toBe(200);
        const data = json(verified).data;
        expect(data).toEqual({ token: expect.any(String), quizName: quiz.name, quizId: quiz.id });
        const session = await get('/api/student/verify', data.token);
        expect(json(session).data).toMatchObject({ role: 'STUDENT', username: student.username });
        // The session is that student's: it opens this quiz's instructions.
        expect((await get(`/api/student/quizzes/${quiz.id}`, data.token)).statusCode).toBe(200);
      }

      // Asking again keeps the live links.
      const again = json(await post(`/api/quizzes/${quiz.id}/exam-links`, teacher)).data.participants as Json[];
      expect(new Map(again.map((p) => [p.id as number, tokenOf(p.examLink)]))).toEqual(tokens);

      const [first, second] = students;
      const regenerated = await post(`/api/quizzes/${quiz.id}/exam-links/${first.id}`, teacher);
      expect(regenerated.statusCode, regenerated.body).toBe(200);
      const now = new Map((json(regenerated).data.participants as Json[]).map((p) => [p.id as number, tokenOf(p.examLink)]));
      expect(now.get(first.id)).not.toBe(tokens.get(first.id));
      expect(now.get(second.id)).toBe(tokens.get(second.id));
      expectRefused(await verify(tokens.get(first.id)!), 404, 'the old link');
      const fresh = await verify(now.get(first.id)!);
      expect(json(fresh).data.quizId).toBe(quiz.id);
      expect(json(await get('/api/student/verify', json(fresh).data.token)).data.username).toBe(first.username);

      expectRefused(await post(`/api/quizzes/${quiz.id}/exam-links/${teacherWho.userId}`, teacher), 404, 'a link for someone outside the group');
      expectRefused(await verify('x'.repeat(43)), 404, 'a made-up token');
    });

    it('refuses links once the quiz has closed', async () => {
      const closing = await newQuiz({}, 5000);
      const rows = json(await post(`/api/quizzes/${closing.id}/exam-links`, teacher)).data.participants as Json[];
      const token = tokenOf(rows[0].examLink);
      expect((await verify(token)).statusCode).toBe(200);
      await sleep(Date.parse(closing.valid_to) - Date.now() + 100);
      expectRefused(await verify(token), 404, 'a link after valid_to');
      expectRefused(await post(`/api/quizzes/${closing.id}/exam-links`, teacher), 409, 'new links after the close');
      expect((await participants(closing.id)).every((p) => p.examLink === null)).toBe(true);
    });

    it('stops the links when the teacher moves the window into the past', async () => {
      const quiz = await newQuiz();
      const rows = json(await post(`/api/quizzes/${quiz.id}/exam-links`, teacher)).data.participants as Json[];
      const token = tokenOf(rows[0].examLink);
      expect((await verify(token)).statusCode).toBe(200);
      const stored = json(await get(`/api/quizzes/${quiz.id}`, teacher)).data;
      const moved = await put(`/api/quizzes/${quiz.id}`, teacher, { ...stored, visible_from: isoIn(-3 * DAY), valid_from: isoIn(-2 * DAY), valid_to: isoIn(-DAY) });
      expect(moved.statusCode, moved.body).toBe(200);
      expectRefused(await verify(token), 404, 'a link of a closed quiz');
    });
  });

  describe("managing one's own quiz", () => {
    it("answers 404 to another teacher on every manage route (the department's teachers may still preview)", async () => {
      const quiz = await newQuiz({ options: quizOptions({ guest_flag: true }) });
      const attempt = await start(quiz.id, students[1].token);
      const student = students[1].id;
      const calls: [method: string, url: string, body?: unknown][] = [
        ['GET', `/api/quizzes/${quiz.id}/participants`],
        ['POST', `/api/quizzes/${quiz.id}/exam-links`],
        ['POST', `/api/quizzes/${quiz.id}/exam-links/${student}`],
        ['GET', `/api/quizzes/${quiz.id}/exam-links/export`],
        ['POST', `/api/quizzes/${quiz.id}/guest-link`],
        ['DELETE', `/api/quizzes/${quiz.id}/guest-link`],
        ['PUT', `/api/quizzes/${quiz.id}/accommodations/${student}`, { extraMinutes: 5 }],
        ['POST', `/api/quizzes/${quiz.id}/attempts/${attempt.id}/close`],
        ['GET', `/api/quizzes/${quiz.id}/attempts/${attempt.id}`],
        ['PUT', `/api/quizzes/${quiz.id}/attempts/${attempt.id}/answers/${named.fixed1}/grade`, { marks: 1 }],
      ];
      for (const token of [colleague, outsider]) {
        for (const [method, url, body] of calls) {
          const res = await t.request(method, url, { token, body });
          expectRefused(res, 404, `${method} ${url}`);
        }
      }
      expect((await get(`/api/quizzes/${quiz.id}/preview`, colleague)).statusCode).toBe(200);
      expectRefused(await get(`/api/quizzes/${quiz.id}/preview`, outsider), 404, 'preview from another department');
      // Nothing changed: no links, no extra time, the attempt still running, no guest link.
      const rows = await participants(quiz.id);
      expect(rows.every((p) => p.examLink === null && p.extraMinutes === 0)).toBe(true);
      expect(rows.find((p) => p.id === student)!.state).toBe('in_progress');
      expect(json(await get(`/api/quizzes/${quiz.id}/participants`, teacher)).data.guestLink).toBeNull();
      for (const role of [demoStudent, departmentHead]) expectRefused(await get(`/api/quizzes/${quiz.id}/participants`, role), 403, 'not a teacher');
    });

    it("extends an attempt in progress by extra time, never past valid_to, and applies it to an attempt started later", async () => {
      const quiz = await newQuiz({ duration: 30 }, 40 * MINUTE);
      const validTo = Date.parse(quiz.valid_to);
      const [early, late] = students;
      const attempt = await start(quiz.id, early.token);
      expect(attempt.deadline).toBe(attempt.startedAt + 30 * MINUTE);

      const extend = async (studentId: number, extraMinutes: number) => {
        const res = await put(`/api/quizzes/${quiz.id}/accommodations/${studentId}`, teacher, { extraMinutes });
        expect(res.statusCode, res.body).toBe(200);
        return (json(res).data.participants as Json[]).find((p) => p.id === studentId)!;
      };
      const five = await extend(early.id, 5);
      expect(five.extraMinutes).toBe(5);
      expect(five.attempt.deadline).toBe(attempt.startedAt + 35 * MINUTE);
      expect((await paperOf(attempt.id, early.token)).deadline).toBe(attempt.startedAt + 35 * MINUTE);

      const hour = await extend(early.id, 60);
      expect(hour.attempt.deadline).toBe(validTo);
      expect((await paperOf(attempt.id, early.token)).deadline).toBe(validTo);

      const none = await extend(early.id, 0);
      expect(none.attempt.deadline).toBe(attempt.startedAt + 30 * MINUTE);

      await extend(late.id, 5);
      const later = await start(quiz.id, late.token);
      expect(later.deadline).toBe(Math.min(later.startedAt + 35 * MINUTE, validTo));

      const bad = await put(`/api/quizzes/${quiz.id}/accommodations/${early.id}`, teacher, { extraMinutes: -1 });
      expectRefused(bad, 400, 'negative extra time');
      expectRefused(await put(`/api/quizzes/${quiz.id}/accommodations/${teacherWho.userId}`, teacher, { extraMinutes: 5 }), 404, 'not a participant');
    });

    it('closes an attempt in progress and grades what was saved', async () => {
      const quiz = await newQuiz({ questions: [named.fixed1, named.fixed2] });
      const student = students[2];
      const attempt = await start(quiz.id, student.token);
      const right = bank.get(named.fixed1)!.options!.find((o) => o.correct)!.id;
      const wrong = bank.get(named.fixed2)!.options!.find((o) => !o.correct)!.id;
      expect((await put(`/api/student/attempts/${attempt.id}/answers/${named.fixed1}`, student.token, { response: right, seq: 1 })).statusCode).toBe(200);
      expect((await put(`/api/student/attempts/${attempt.id}/answers/${named.fixed2}`, student.token, { response: wrong, seq: 1 })).statusCode).toBe(200);

      const res = await post(`/api/quizzes/${quiz.id}/attempts/${attempt.id}/close`, teacher);
      expect(res.statusCode, res.body).toBe(200);
      const row = (json(res).data.participants as Json[]).find((p) => p.id === student.id)!;
      expect(row.state).toBe('submitted');
      expect(row.attempt).toMatchObject({ id: attempt.id, score: 2, maxScore: 4, pending: false, closedBy: 'teacher' });

      const late = await put(`/api/student/attempts/${attempt.id}/answers/${named.fixed2}`, student.token, { response: right, seq: 2 });
      expectRefused(late, 409, 'saving after the close');
      const history = json(await get('/api/student/attempts', student.token)).data as Json[];
      expect(history.find((h) => h.id === attempt.id)).toMatchObject({ status: 'submitted', score: 2, maxScore: 4, closedBy: 'teacher' });
      expectRefused(await post(`/api/quizzes/${quiz.id}/attempts/999999/close`, teacher), 404, 'an attempt that is not there');
    });

    it('grades a descriptive answer by hand: the score changes and nothing is pending any more', async () => {
      const quiz = await newQuiz({ questions: [named.fixed1, named.essay] });
      const student = students[3];
      const attempt = await start(quiz.id, student.token);
      const right = bank.get(named.fixed1)!.options!.find((o) => o.correct)!.id;
      await put(`/api/student/attempts/${attempt.id}/answers/${named.fixed1}`, student.token, { response: right, seq: 1 });
      await put(`/api/student/attempts/${attempt.id}/answers/${named.essay}`, student.token, { response: 'Take the locally best choice at every step.', seq: 1 });
      const gradeUrl = (question: number) => `/api/quizzes/${quiz.id}/attempts/${attempt.id}/answers/${question}/grade`;

      expectRefused(await put(gradeUrl(named.essay), teacher, { marks: 3 }), 409, 'grading before the submission');
      const submitted = json(await post(`/api/student/attempts/${attempt.id}/submit`, student.token)).data;
      expect(submitted).toMatchObject({ score: 2, maxScore: 7, pending: true });

      const view = json(await get(`/api/quizzes/${quiz.id}/attempts/${attempt.id}`, teacher)).data;
      expect(view.pending).toBe(true);
      expect(view.questions.find((q: Json) => q.id === named.essay)).toMatchObject({ response: 'Take the locally best choice at every step.', outcome: 'pending', marks: null });

      expectRefused(await put(gradeUrl(named.essay), teacher, { marks: 6 }), 400, 'more than the question is worth');
      expectRefused(await put(gradeUrl(named.fixed1), teacher, { marks: 1 }), 400, 'grading a choice question by hand');
      const graded = await put(gradeUrl(named.essay), teacher, { marks: 3.5 });
      expect(graded.statusCode, graded.body).toBe(200);
      expect(json(graded).data).toEqual({ score: 5.5, maxScore: 7, pending: false });

      const history = json(await get('/api/student/attempts', student.token)).data as Json[];
      expect(history.find((h) => h.id === attempt.id)).toMatchObject({ score: 5.5, pending: false });
      const analysis = json(await get(`/api/student/attempts/${attempt.id}/analysis`, student.token)).data;
      expect(analysis.questions.find((q: Json) => q.id === named.essay)).toMatchObject({ outcome: 'graded', marksGained: 3.5 });
      // Grading again replaces the marks.
      expect(json(await put(gradeUrl(named.essay), teacher, { marks: 5 })).data).toEqual({ score: 7, maxScore: 7, pending: false });
    });
  });

  describe('the guest link', () => {
    it('is issued only when the quiz allows guests', async () => {
      const quiz = await newQuiz();
      const res = await post(`/api/quizzes/${quiz.id}/guest-link`, teacher);
      expectRefused(res, 400, 'guest link without the flag');
      expect(json(await get(`/api/quizzes/${quiz.id}/participants`, teacher)).data.guestLink).toBeNull();
    });

    it('gives a guest a session that takes that quiz once and no other', async () => {
      const quiz = await newQuiz({ options: quizOptions({ guest_flag: true }) });
      const other = await newQuiz({ options: quizOptions({ guest_flag: true }) });
      const issued = await post(`/api/quizzes/${quiz.id}/guest-link`, teacher);
      expect(issued.statusCode, issued.body).toBe(200);
      const link: string = json(issued).data.guestLink;
      const match = /\/guest\/([^/?#]+)$/.exec(link);
      expect(match, link).not.toBeNull();
      const guestToken = match![1];
      expect(json(await get(`/api/quizzes/${quiz.id}/participants`, teacher)).data.guestLink).toBe(link);

      const about = await t.request('GET', `/api/guest/${guestToken}`);
      expect(json(about).data).toMatchObject({ quizId: quiz.id, quizName: quiz.name, open: true });
      expectRefused(await t.request('POST', `/api/guest/${guestToken}`, { body: { name: '' } }), 400, 'a guest without a name');

      const entered = await t.request('POST', `/api/guest/${guestToken}`, { body: { name: 'Gita Guest' } });
      expect(entered.statusCode, entered.body).toBe(200);
      const guest = json(entered).data;
      expect(guest).toMatchObject({ token: expect.any(String), quizId: quiz.id, quizName: quiz.name });

      const available = json(await get('/api/student/quizzes?state=available', guest.token)).data as Json[];
      expect(available.map((q) => q.id)).toEqual([quiz.id]);
      const attempt = await start(quiz.id, guest.token);
      expect((await paperOf(attempt.id, guest.token)).questions.map((q: Json) => q.id)).toEqual([named.fixed1]);
      expectRefused(await post(`/api/student/quizzes/${other.id}/attempts`, guest.token), 404, "the guest starts another quiz");
      expectRefused(await post('/api/student/quizzes/1/attempts', guest.token), 404, 'the guest starts a demo quiz');

      await post(`/api/student/attempts/${attempt.id}/submit`, guest.token);
      const again = await start(quiz.id, guest.token);
      expect(again).toMatchObject({ id: attempt.id, status: 'submitted' });
      const guests = (await participants(quiz.id)).filter((p) => p.fullname === 'Gita Guest');
      expect(guests).toHaveLength(1);
      expect(guests[0].state).toBe('submitted');

      // A revoked link lets nobody in.
      expect((await t.request('DELETE', `/api/quizzes/${quiz.id}/guest-link`, { token: teacher })).statusCode).toBe(200);
      expectRefused(await t.request('POST', `/api/guest/${guestToken}`, { body: { name: 'Late Guest' } }), 404, 'a revoked guest link');
    });
  });
});
