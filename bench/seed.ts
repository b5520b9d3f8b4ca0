import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../server/db/tables';
import { hashPassword } from '../server/auth/passwords';
import { newToken } from '../server/auth/tokens';
import { QUESTION_TYPES, type QuestionType } from '../src/schemas/questions';
import type { StormMode, StormPlan } from './loadgen';
import { prng } from './random';

/**
 * The benchmark's data set, written straight through Kysely (not the API) so that a bank of
 * 100,000 questions takes seconds: one institute and department, a few teachers, subjects with
 * modules and topics, the question bank, N students in sections of `groupSize` plus one cohort
 * group, and three published quizzes of the same fixed questions (one per storm mode: a student
 * has one attempt per quiz), the `seb` one with Safe Exam Browser required. A share of the students also gets an exam link for each quiz.
 */
export interface SeedOptions {
  students: number;
  questions: number;
  /** Fixed questions of each quiz (mixed types). */
  quizQuestions: number;
  groupSize: number;
  /** Share of the students who enter through their exam link instead of signing in with a password. */
  linkShare: number;
  /** Seed of the pseudo-random generator, so that two runs get the same data. */
  seed: number;
}

export interface SeedStudent {
  id: number;
  username: string;
  /** Exam-link token per quiz id, for the students who enter through a link. */
  tokens?: Record<number, string>;
}

export interface SeedQuiz {
  id: number;
  name: string;
  questionIds: number[];
}

export interface SeedInfo {
  /** The one password of every seeded account. */
  password: string;
  teacher: string;
  /** The other staff accounts (their dashboards are measured). */
  staff: { admin: string; instituteHead: string; departmentHead: string };
  departmentId: number;
  subjectIds: number[];
  students: SeedStudent[];
  quizzes: Record<StormMode, SeedQuiz>;
  questionCount: number;
  /** How the bank's types are mixed (counts). */
  typeMix: Record<QuestionType, number>;
  seedMs: number;
}

export const BENCH_PASSWORD = 'bench-Password-2024!';

const WORDS =
  'array list stack queue heap tree graph node edge vertex path cycle sort merge quick insertion bubble search binary linear hash table key value pointer reference memory cache page process thread lock mutex deadlock schedule kernel file block index query join relation schema normal form transaction commit rollback network packet router switch protocol socket layer frame bit byte integer float string character compiler parser token grammar automaton regular expression turing machine complexity polynomial logarithm recursion iteration invariant proof induction matrix vector determinant eigenvalue probability variance expectation distribution sample'.split(
    ' ',
  );
const FIRST = 'Aarav Aditi Arjun Ananya Bhavna Chetan Deepa Farhan Gauri Harsh Isha Jatin Kavya Lakshmi Manish Neha Omkar Pooja Rahul Sana Tanvi Uday Varun Yash Zoya'.split(' ');
const LAST = 'Sharma Patel Iyer Khan Reddy Nair Gupta Das Mehta Joshi Kulkarni Rao Singh Verma Banerjee Pillai Desai Shah Menon Bose'.split(' ');

/** The bank's mix of types (shares add up to 1). */
const TYPE_SHARES: Record<QuestionType, number> = { single: 0.35, multiple: 0.2, true_false: 0.15, numeric: 0.1, short_answer: 0.1, descriptive: 0.1, matching: 0, description: 0, cloze: 0 };
const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export async function seedBench(db: Kysely<Database>, opts: SeedOptions): Promise<SeedInfo> {
  const started = performance.now();
  const rnd = prng(opts.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
  const words = (min: number, max: number) => Array.from({ length: min + Math.floor(rnd() * (max - min + 1)) }, () => pick(WORDS)).join(' ');
  const now = Date.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const { id: instituteId } = await db.insertInto('institutes').values({ name: 'Benchmark Institute', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const { id: departmentId } = await db
    .insertInto('departments')
    .values({ institute_id: instituteId, name: 'Benchmark Department', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  const staff = (role: 'TEACHER' | 'DEPARTMENT-HEAD' | 'INSTITUTE-HEAD' | 'ADMIN', username: string, fullname: string): Insertable<Database['users']> => ({
    role,
    username,
    password_hash: passwordHash,
    email: `${username}@bench.example`,
    fullname,
    phone: '9000000000',
    institute_id: instituteId,
    department_id: departmentId,
    must_change_password: 0,
    semester: null,
    batch: null,
    created_by: null,
    created_at: now,
    updated_at: now,
  });
  const teacherIds: number[] = [];
  for (let t = 1; t <= 5; t++) {
    const { id } = await db.insertInto('users').values(staff('TEACHER', `bench.teacher${t}`, `Teacher ${LAST[t]}`)).returning('id').executeTakeFirstOrThrow();
    teacherIds.push(id);
  }
  await db.insertInto('users').values(staff('DEPARTMENT-HEAD', 'bench.head', 'Head of Department')).execute();
  // The other dashboards' owners: the institute's head and an admin (who belongs to no institute).
  await db.insertInto('users').values(staff('INSTITUTE-HEAD', 'bench.principal', 'Head of Institute')).execute();
  await db.insertInto('users').values({ ...staff('ADMIN', 'bench.admin', 'Portal Admin'), institute_id: null, department_id: null }).execute();

  const tenant = (createdBy: number) => ({ institute_id: instituteId, department_id: departmentId, created_by: createdBy, created_at: now, updated_at: now });
  // 10 subjects x 5 modules x 4 topics.
  const subjects: { id: number; modules: { id: number; topics: number[] }[] }[] = [];
  for (let s = 1; s <= 10; s++) {
    const { id } = await db
      .insertInto('subjects')
      .values({ ...tenant(teacherIds[0]), subjectname: `Subject ${s} ${pick(WORDS)}`, code: `BENCH${String(s).padStart(2, '0')}`, semester: String(1 + (s % 8)) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const modules = [];
    for (let m = 1; m <= 5; m++) {
      const module = await db
        .insertInto('modules')
        .values({ ...tenant(teacherIds[0]), course_outcome_name: `CO${m}`, subject_id: id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const topics = [];
      for (let t = 1; t <= 4; t++) {
        topics.push(
          (await db.insertInto('topics').values({ ...tenant(teacherIds[0]), name: `Topic ${m}.${t} ${pick(WORDS)}`, module_id: module.id }).returning('id').executeTakeFirstOrThrow()).id,
        );
      }
      modules.push({ id: module.id, topics });
    }
    subjects.push({ id, modules });
    for (const teacher of teacherIds) await db.insertInto('teacher_subjects').values({ teacher_id: teacher, subject_id: id }).execute();
  }

  // The question bank, in batches of 500 rows, 5,000 rows per transaction.
  const typeOrder = QUESTION_TYPES.flatMap((t) => Array.from({ length: Math.round(TYPE_SHARES[t] * 100) }, () => t));
  const typeMix = Object.fromEntries(QUESTION_TYPES.map((t) => [t, 0])) as Record<QuestionType, number>;
  const option = (i: number, correct: boolean) => ({ id: `o${i + 1}`, text: words(2, 7), correct });
  const makeQuestion = (i: number): Insertable<Database['questions']> => {
    const type = typeOrder[i % typeOrder.length];
    typeMix[type] += 1;
    const subject = subjects[i % subjects.length];
    const module = subject.modules[Math.floor(i / subjects.length) % subject.modules.length];
    const row: Insertable<Database['questions']> = {
      ...tenant(teacherIds[i % teacherIds.length]),
      subject_id: subject.id,
      module_id: module.id,
      topic_id: rnd() < 0.8 ? pick(module.topics) : null,
      type,
      question: `Q${i + 1}. ${words(12, 45)}?`,
      marks: 1 + Math.floor(rnd() * 5),
      time_required: 1 + Math.floor(rnd() * 5),
      difficulty: pick(DIFFICULTIES),
      options: null,
      scoring: null,
      correct_bool: null,
      numeric_value: null,
      numeric_tolerance: null,
      accepted_answers: null,
    };
    if (type === 'single') {
      const right = Math.floor(rnd() * 4);
      row.options = JSON.stringify([0, 1, 2, 3].map((k) => option(k, k === right)));
    } else if (type === 'multiple') {
      const opts = [0, 1, 2, 3, 4].map((k) => option(k, rnd() < 0.4));
      if (!opts.some((o) => o.correct)) opts[0].correct = true;
      row.options = JSON.stringify(opts);
      row.scoring = rnd() < 0.5 ? 'partial' : 'all_or_nothing';
    } else if (type === 'true_false') row.correct_bool = rnd() < 0.5 ? 1 : 0;
    else if (type === 'numeric') {
      row.numeric_value = Math.round(rnd() * 1000) / 10;
      row.numeric_tolerance = rnd() < 0.5 ? 0 : 0.5;
    } else if (type === 'short_answer') row.accepted_answers = JSON.stringify([pick(WORDS), `${pick(WORDS)} ${pick(WORDS)}`]);
    return row;
  };
  const BATCH = 500;
  const PER_TRANSACTION = 5000;
  const questionIds: number[] = [];
  for (let start = 0; start < opts.questions; start += PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(opts.questions, start + PER_TRANSACTION); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, opts.questions - b) }, (_, k) => makeQuestion(b + k));
        const ids = await trx.insertInto('questions').values(rows).returning('id').execute();
        for (const r of ids) questionIds.push(r.id);
      }
    });
  }

  // Students, in batches.
  const students: SeedStudent[] = [];
  let cohortId = 0;
  const width = Math.max(5, String(opts.students).length);
  await db.transaction().execute(async (trx) => {
    for (let b = 0; b < opts.students; b += BATCH) {
      const rows: Insertable<Database['users']>[] = Array.from({ length: Math.min(BATCH, opts.students - b) }, (_, k) => {
        const n = b + k + 1;
        const username = `bench.s${String(n).padStart(width, '0')}`;
        return {
          role: 'STUDENT' as const,
          username,
          password_hash: passwordHash,
          email: `${username}@bench.example`,
          fullname: `${pick(FIRST)} ${pick(LAST)}`,
          phone: String(7000000000 + n),
          institute_id: instituteId,
          department_id: departmentId,
          must_change_password: 0,
          semester: '3',
          batch: '2026',
          created_by: teacherIds[0],
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await trx.insertInto('users').values(rows).returning(['id', 'username']).execute();
      for (const r of ids) students.push({ id: r.id, username: r.username });
    }

    // Sections of groupSize, and the cohort that the quizzes are given to.
    const cohort = await trx.insertInto('groups').values({ ...tenant(teacherIds[0]), name: 'Benchmark cohort' }).returning('id').executeTakeFirstOrThrow();
    const links: { group_id: number; student_id: number }[] = [];
    for (let g = 0; g * opts.groupSize < students.length; g++) {
      const section = await trx.insertInto('groups').values({ ...tenant(teacherIds[0]), name: `Section ${g + 1}` }).returning('id').executeTakeFirstOrThrow();
      for (const s of students.slice(g * opts.groupSize, (g + 1) * opts.groupSize)) links.push({ group_id: section.id, student_id: s.id });
    }
    for (const s of students) links.push({ group_id: cohort.id, student_id: s.id });
    for (let b = 0; b < links.length; b += BATCH) await trx.insertInto('group_students').values(links.slice(b, b + BATCH)).execute();
    cohortId = cohort.id;
  });

  // The quizzes: quizQuestions fixed questions of subject 1, the types taken in turn.
  const firstSubject = subjects[0].id;
  const candidates = await db.selectFrom('questions').select(['id', 'type']).where('subject_id', '=', firstSubject).orderBy('id').limit(5000).execute();
  const byType = new Map<string, number[]>();
  for (const c of candidates) byType.set(c.type, [...(byType.get(c.type) ?? []), c.id]);
  const paperIds: number[] = [];
  for (let i = 0; paperIds.length < opts.quizQuestions && i < 10_000; i++) {
    const list = byType.get(QUESTION_TYPES[i % QUESTION_TYPES.length]);
    const id = list?.shift();
    if (id !== undefined) paperIds.push(id);
  }
  const makeQuiz = async (name: string, safeExamBrowser = false): Promise<SeedQuiz> => {
    const { id } = await db
      .insertInto('quizzes')
      .values({
        ...tenant(teacherIds[0]),
        name,
        visible_from: now - 86_400_000,
        valid_from: now - 3_600_000,
        valid_to: now + 86_400_000,
        duration: 240,
        group_id: cohortId,
        options: JSON.stringify({ face_detection: false, safe_exam_browser: safeExamBrowser, guest_flag: false, negative_marking: true }),
        random_rules: '[]',
        shuffle_questions: 1,
        shuffle_options: 1,
        negative_penalty: 0.25,
        allow_review: 1,
        published: 1,
        instructions: 'Answer every question. Your answers are saved as you go.',
        guest_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('quiz_subjects').values({ quiz_id: id, subject_id: firstSubject }).execute();
    await db.insertInto('quiz_questions').values(paperIds.map((question_id, position) => ({ quiz_id: id, question_id, position }))).execute();
    return { id, name, questionIds: paperIds };
  };
  const throughput = await makeQuiz('Benchmark storm (throughput)');
  const realistic = await makeQuiz('Benchmark storm (realistic)');
  const seb = await makeQuiz('Benchmark storm (Safe Exam Browser)', true);

  // Exam links: every k-th student, so that links and passwords are spread over the sections.
  const every = opts.linkShare > 0 ? Math.max(1, Math.round(1 / opts.linkShare)) : 0;
  const tokens: Insertable<Database['exam_tokens']>[] = [];
  students.forEach((s, i) => {
    if (!every || i % every !== every - 1) return;
    s.tokens = {};
    for (const quiz of [throughput, realistic, seb]) {
      const token = newToken();
      s.tokens[quiz.id] = token;
      tokens.push({ token, user_id: s.id, quiz_id: quiz.id, created_at: now, expires_at: now + 86_400_000, revoked_at: null });
    }
  });
  for (let b = 0; b < tokens.length; b += BATCH) await db.insertInto('exam_tokens').values(tokens.slice(b, b + BATCH)).execute();

  // Feedback of half the students on the realistic quiz, spread over the last 60 days, for the admin's dashboard and list.
  const feedback: Insertable<Database['feedbacks']>[] = students
    .filter((_, i) => i % 2 === 0)
    .map((s) => {
      const at = now - Math.floor(rnd() * 60) * 86_400_000;
      return { ...tenant(s.id), created_at: at, updated_at: at, quiz_id: realistic.id, rating: 1 + Math.floor(rnd() * 5), comment: words(3, 12) };
    });
  for (let b = 0; b < feedback.length; b += BATCH) await db.insertInto('feedbacks').values(feedback.slice(b, b + BATCH)).execute();

  return {
    password: BENCH_PASSWORD,
    teacher: 'bench.teacher1',
    staff: { admin: 'bench.admin', instituteHead: 'bench.principal', departmentHead: 'bench.head' },
    departmentId,
    subjectIds: subjects.map((s) => s.id),
    students,
    quizzes: { throughput, realistic, seb },
    questionCount: questionIds.length,
    typeMix,
    seedMs: Math.round(performance.now() - started),
  };
}

/** The storm of one mode against a seeded database: its quiz, and each student with their exam link if they have one. */
export function stormPlanFor(
  mode: StormPlan['mode'],
  servers: string[],
  seed: SeedInfo,
  load: Pick<StormPlan, 'rampSeconds' | 'thinkScale' | 'overwriteShare' | 'studentsPerAddress' | 'timeoutMs' | 'seed' | 'sebConfigKeys' | 'serverPids' | 'doubleStarts'>,
): StormPlan {
  const quiz = seed.quizzes[mode];
  return {
    mode,
    servers,
    quizId: quiz.id,
    password: seed.password,
    students: seed.students.map((s) => ({ username: s.username, token: s.tokens?.[quiz.id] })),
    ...load,
  };
}
