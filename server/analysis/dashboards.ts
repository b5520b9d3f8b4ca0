import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SessionUser } from '../auth/sessions';
import { paperOf } from '../exam/attempts';
import { moduleNames } from '../exam/studentQueries';
import { isAnswerable } from '../../src/schemas/questions';
import { applyScope } from '../crud/scope';
import { registry } from '../storage';
import { scopeFor } from '../../src/schemas/entity';
import { drawsQuestions } from './report';
import { overseenSubjects } from './calibration';
import { addTally, markOf, percentOf, tallyAnswer, tallyOf, type MarksTally } from './marksTally';

/**
 * The figures of each role's dashboard, each read in a handful of aggregate statements.
 *
 * Periods are calendar periods in UTC: "this week" runs from Monday 00:00, "this month" from the
 * 1st; a quiz belongs to the period its window opens (valid_from) in. A submitted attempt passes
 * at PASS_PERCENT of its maximum; an attempt still waiting for grading is neither passed nor failed.
 * Results per student read the attempts counted in the quiz grade (attempts.counted: the one the
 * grading method takes, or every finished attempt for the average), so a student with several
 * attempts is not counted once per attempt; lists of attempts (latest results) list each.
 * An unpublished quiz (a draft) is never counted as an exam: it is listed as a draft where the
 * teacher sees their own quizzes, and left out of every count and every other role's list.
 */
export const PASS_PERCENT = 40;
const DAY = 86_400_000;

export const startOfWeek = (now: number) => {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return midnight - ((d.getUTCDay() + 6) % 7) * DAY;
};
export const startOfMonth = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/**
 * Percent of an attempt, as SQL on both databases (a zero maximum counts 0); null (left out of a
 * mean) while the attempt waits for grading, as its percent is not known yet.
 */
const percentSql = sql<number>`case when attempts.pending = 1 then null when attempts.max_score > 0 then 100.0 * attempts.score / attempts.max_score else 0 end`;
const passedSql = sql<number>`sum(case when attempts.pending = 0 and attempts.max_score > 0 and attempts.score * 100.0 >= ${PASS_PERCENT} * attempts.max_score then 1 else 0 end)`;
const gradedSql = sql<number>`sum(case when attempts.pending = 0 then 1 else 0 end)`;

type Db = Kysely<Database>;

export async function adminDashboard(db: Db, now = Date.now()) {
  // One literal expression, so that PostgreSQL sees the same expression in SELECT, GROUP BY and ORDER BY.
  const daySql = sql<number>`floor(feedbacks.created_at / ${sql.lit(DAY)})`;
  // The period of the feedback figures: the two months before this one and this one so far.
  const feedbackSince = startOfMonth(now) - 60 * DAY;
  const [institutes, roles, quizzes, latest, trend] = await Promise.all([
    db.selectFrom('institutes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select(['role', (eb) => eb.fn.countAll<number>().as('n')]).where('guest_quiz_id', 'is', null).groupBy('role').execute(),
    db
      .selectFrom('quizzes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('published', '=', 1)
      .where('valid_from', '>=', startOfWeek(now))
      .where('valid_from', '<', startOfWeek(now) + 7 * DAY)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('feedbacks')
      .innerJoin('quizzes', 'quizzes.id', 'feedbacks.quiz_id')
      .leftJoin('users', 'users.id', 'feedbacks.created_by')
      .select(['feedbacks.id', 'feedbacks.quiz_id', 'quizzes.name as quizName', 'users.fullname as studentName', 'feedbacks.rating', 'feedbacks.comment', 'feedbacks.created_at'])
      .orderBy('feedbacks.created_at', 'desc')
      .orderBy('feedbacks.id', 'desc')
      .limit(5)
      .execute(),
    db
      .selectFrom('feedbacks')
      .select([
        daySql.as('day'),
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.avg<number>('feedbacks.rating').as('rating'),
      ])
      .where('feedbacks.created_at', '>=', feedbackSince)
      .groupBy(daySql)
      .orderBy(daySql)
      .execute(),
  ]);
  const usersByRole: Record<string, number> = { STUDENT: 0, TEACHER: 0, 'DEPARTMENT-HEAD': 0, 'INSTITUTE-HEAD': 0, ADMIN: 0 };
  for (const r of roles) usersByRole[r.role] = num(r.n);
  return {
    role: 'ADMIN' as const,
    institutes: num(institutes.n),
    usersByRole,
    quizzesThisWeek: num(quizzes.n),
    latestFeedback: latest.map((f) => ({ id: f.id, quizId: f.quiz_id, quizName: f.quizName, studentName: f.studentName, rating: f.rating, comment: f.comment, createdAt: f.created_at })),
    /** Feedback per day (UTC) since feedbackSince (60 days before this month's start): count and mean rating. */
    feedbackSince,
    feedbackTrend: trend.map((t) => ({ date: new Date(num(t.day) * DAY).toISOString().slice(0, 10), count: num(t.n), averageRating: numOrNull(t.rating) })),
  };
}

/** The subjects the member of staff oversees, by name (the calibration's own rule): the dashboards' bank health panel, and a teacher's attainment panel. */
const subjectsOverseen = async (db: Db, user: SessionUser) =>
  (await overseenSubjects(db, user).execute()).map((s) => ({ subjectId: s.id, name: s.subjectname }));

export async function instituteHeadDashboard(db: Db, user: SessionUser, now = Date.now()) {
  const institute = user.instituteId ?? -1;
  const count = (role: 'TEACHER' | 'STUDENT') =>
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('institute_id', '=', institute).where('role', '=', role).where('guest_quiz_id', 'is', null).executeTakeFirstOrThrow();
  const [departments, teachers, students, quizzes, results, subjects] = await Promise.all([
    db.selectFrom('departments').select(['id', 'name']).where('institute_id', '=', institute).orderBy('name').execute(),
    count('TEACHER'),
    count('STUDENT'),
    db
      .selectFrom('quizzes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('institute_id', '=', institute)
      .where('published', '=', 1)
      .where('valid_from', '>=', startOfMonth(now))
      .where('valid_from', '<', nextMonth(now))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('attempts')
      .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
      .select([
        'quizzes.department_id',
        (eb) => eb.fn.countAll<number>().as('attempts'),
        (eb) => eb.fn.avg<number>(percentSql).as('mean'),
        passedSql.as('passed'),
        gradedSql.as('graded'),
      ])
      .where('quizzes.institute_id', '=', institute)
      .where('attempts.status', '=', 'submitted')
      .where('attempts.counted', '=', 1)
      .groupBy('quizzes.department_id')
      .execute(),
    subjectsOverseen(db, user),
  ]);
  const byDepartment = new Map(results.map((r) => [r.department_id, r]));
  return {
    role: 'INSTITUTE-HEAD' as const,
    departments: departments.length,
    teachers: num(teachers.n),
    students: num(students.n),
    quizzesThisMonth: num(quizzes.n),
    subjects,
    resultsByDepartment: departments.map((d) => {
      const r = byDepartment.get(d.id);
      const graded = num(r?.graded);
      return { departmentId: d.id, name: d.name, attempts: num(r?.attempts), meanPercent: numOrNull(r?.mean), passRate: graded ? (100 * num(r?.passed)) / graded : null };
    }),
  };
}

export async function departmentHeadDashboard(db: Db, user: SessionUser, now = Date.now()) {
  const department = user.departmentId ?? -1;
  const [students, groups, upcoming, results, subjects] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('department_id', '=', department).where('role', '=', 'STUDENT').where('guest_quiz_id', 'is', null).executeTakeFirstOrThrow(),
    db.selectFrom('groups').select(['id', 'name']).where('department_id', '=', department).orderBy('name').execute(),
    db
      .selectFrom('quizzes')
      .leftJoin('groups', 'groups.id', 'quizzes.group_id')
      .leftJoin('users', 'users.id', 'quizzes.created_by')
      .select(['quizzes.id', 'quizzes.name', 'quizzes.valid_from', 'quizzes.valid_to', 'quizzes.duration', 'groups.name as groupName', 'users.fullname as teacherName'])
      .where('quizzes.department_id', '=', department)
      .where('quizzes.published', '=', 1)
      .where('quizzes.valid_from', '>', now)
      .orderBy('quizzes.valid_from')
      .orderBy('quizzes.id')
      .limit(10)
      .execute(),
    db
      .selectFrom('attempts')
      .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
      .select(['quizzes.group_id', (eb) => eb.fn.countAll<number>().as('attempts'), passedSql.as('passed'), gradedSql.as('graded'), (eb) => eb.fn.avg<number>(percentSql).as('mean')])
      .where('quizzes.department_id', '=', department)
      .where('attempts.status', '=', 'submitted')
      .where('attempts.counted', '=', 1)
      .groupBy('quizzes.group_id')
      .execute(),
    subjectsOverseen(db, user),
  ]);
  const byGroup = new Map(results.map((r) => [r.group_id, r]));
  return {
    role: 'DEPARTMENT-HEAD' as const,
    students: num(students.n),
    groups: groups.length,
    subjects,
    upcomingExams: upcoming.map((q) => ({ quizId: q.id, name: q.name, validFrom: q.valid_from, validTo: q.valid_to, duration: q.duration, groupName: q.groupName, teacherName: q.teacherName })),
    passRateByGroup: groups.map((g) => {
      const r = byGroup.get(g.id);
      const graded = num(r?.graded);
      return { groupId: g.id, name: g.name, attempts: num(r?.attempts), passed: num(r?.passed), passRate: graded ? (100 * num(r?.passed)) / graded : null, meanPercent: numOrNull(r?.mean) };
    }),
  };
}

/**
 * Each quiz's module figures (marks earned, available and pending per module, marksTally.ts),
 * remembered with the version they were read at (submitted attempts, sum of their scores, latest
 * change): a dashboard read compares the version, read in its first statement, and reads the
 * answers again only when grading changed something, in this process or another. At most
 * MODULE_MEMO_SIZE quizzes are kept.
 */
const MODULE_MEMO_SIZE = 5000;
const moduleMemo = new Map<number, { version: string; modules: Map<number, MarksTally> }>();
function rememberModules(quizId: number, version: string, modules: Map<number, MarksTally>) {
  moduleMemo.delete(quizId);
  moduleMemo.set(quizId, { version, modules });
  if (moduleMemo.size > MODULE_MEMO_SIZE) moduleMemo.delete(moduleMemo.keys().next().value!);
}

/**
 * Adds the answers of these submitted attempts, question by question of each paper, to the tally
 * of the question's module (a description has no marks); `into` picks an attempt's tallies.
 */
function tallyPapers<A extends { id: number; paper: string }>(
  attempts: A[],
  answers: { attempt_id: number; question_id: number; marks: number | null }[],
  into: (attempt: A) => Map<number, MarksTally>,
) {
  const answerOf = new Map(answers.map((a) => [`${a.attempt_id}:${a.question_id}`, a]));
  for (const a of attempts) {
    const tallies = into(a);
    for (const q of paperOf(a)) if (isAnswerable(q.type)) tallyAnswer(tallyOf(tallies, q.moduleId), q.marks, markOf(answerOf.get(`${a.id}:${q.id}`)));
  }
}

/**
 * The module figures of these tallies, named (a module with nothing graded yet has no figure), and
 * the answers waiting for grading that they leave out.
 */
async function moduleFigures(db: Db, modules: Map<number, MarksTally>) {
  const names = new Map((modules.size ? await moduleNames(db, [...modules.keys()]) : []).map((m) => [m.id, m.course_outcome_name]));
  const figures = [...modules].flatMap(([moduleId, m]) => {
    const percent = percentOf(m);
    return percent === null ? [] : [{ moduleId, name: names.get(moduleId) ?? `Module ${moduleId}`, percent, pending: m.pending }];
  });
  return { figures, pending: [...modules.values()].reduce((n, m) => n + m.pending, 0) };
}

/**
 * The module figures of these quizzes, as the quiz report counts them: from the questions as the
 * papers froze them (a later edit of a question in the bank changes no paper). A quiz without
 * random rules has the same questions on every paper (locked once a student started): one paper
 * tells their marks and modules, as in the report, times the graded answers (counted attempts
 * less the pending ones), with the marks of its answers summed in SQL, so the other papers (tens
 * of kB each) are not read. A quiz that draws questions is read paper by paper, as each paper
 * says which questions it had.
 */
async function moduleTalliesOf(db: Db, quizzes: { id: number; random_rules: string | null }[], countedOf: (quizId: number) => number) {
  const tallies = new Map<number, Map<number, MarksTally>>(quizzes.map((q) => [q.id, new Map()]));
  const drawn = quizzes.filter(drawsQuestions).map((q) => q.id);
  const fixed = quizzes.filter((q) => !drawsQuestions(q)).map((q) => q.id);
  const [shared, sums, papers, answers] = await Promise.all([
    // Each fixed quiz's latest submitted paper, the one the report reads.
    fixed.length
      ? db
          .selectFrom('attempts')
          .select(['quiz_id', 'paper'])
          .where('id', 'in', db.selectFrom('attempts').select((eb) => eb.fn.max('id').as('id')).where('quiz_id', 'in', fixed).where('status', '=', 'submitted').where('counted', '=', 1).groupBy('quiz_id'))
          .execute()
      : Promise.resolve([]),
    fixed.length
      ? db
          .selectFrom('attempts')
          .innerJoin('answers', 'answers.attempt_id', 'attempts.id')
          .select([
            'attempts.quiz_id',
            'answers.question_id',
            sql<number>`sum(coalesce(answers.marks, 0))`.as('gained'),
            // marksTally.ts's pending: an answer of a submitted attempt without marks.
            sql<number>`sum(case when answers.marks is null then 1 else 0 end)`.as('pending'),
          ])
          .where('attempts.quiz_id', 'in', fixed)
          .where('attempts.status', '=', 'submitted')
          .where('attempts.counted', '=', 1)
          .groupBy(['attempts.quiz_id', 'answers.question_id'])
          .execute()
      : Promise.resolve([]),
    drawn.length ? db.selectFrom('attempts').select(['id', 'quiz_id', 'paper']).where('quiz_id', 'in', drawn).where('status', '=', 'submitted').where('counted', '=', 1).execute() : Promise.resolve([]),
    drawn.length
      ? db
          .selectFrom('answers')
          .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
          .select(['answers.attempt_id', 'answers.question_id', 'answers.marks'])
          .where('attempts.quiz_id', 'in', drawn)
          .where('attempts.status', '=', 'submitted')
          .where('attempts.counted', '=', 1)
          .execute()
      : Promise.resolve([]),
  ]);
  const sumOf = new Map(sums.map((g) => [`${g.quiz_id}:${g.question_id}`, g]));
  for (const p of shared) {
    for (const q of paperOf(p)) {
      if (!isAnswerable(q.type)) continue;
      const g = sumOf.get(`${p.quiz_id}:${q.id}`);
      const pending = num(g?.pending);
      addTally(tallyOf(tallies.get(p.quiz_id)!, q.moduleId), { earned: num(g?.gained), available: q.marks * (countedOf(p.quiz_id) - pending), pending });
    }
  }
  tallyPapers(papers, answers, (a) => tallies.get(a.quiz_id)!);
  return tallies;
}

export async function teacherDashboard(db: Db, user: SessionUser, now = Date.now()) {
  const teacher = user.userId;
  // The teacher's quizzes first (a small table): every later statement reaches attempts through its quiz index.
  const own = await db.selectFrom('quizzes').select(['id', 'name', 'valid_from', 'valid_to', 'published', 'random_rules']).where('created_by', '=', teacher).orderBy('valid_from', 'desc').orderBy('id', 'desc').execute();
  const ids = own.map((q) => q.id);
  const subjects = await subjectsOverseen(db, user);
  if (!ids.length) return { role: 'TEACHER' as const, subjects, quizzes: [], awaitingGrading: 0, awaitingByQuiz: [], latestResults: [], weakestModules: [], weakestModulesPending: 0 };
  const nameOf = new Map(own.map((q) => [q.id, q.name]));
  const open = own.filter((q) => (q.valid_to ?? 0) > now);
  const [counts, awaiting, latest] = await Promise.all([
    db
      .selectFrom('attempts')
      .select([
        'quiz_id',
        // Students, not attempts: a student with several attempts is one who started, and submitted.
        sql<number>`count(distinct student_id)`.as('started'),
        sql<number>`count(distinct case when status = 'submitted' then student_id else null end)`.as('submitted'),
        // The attempts the module figures read (counted in the quiz grade).
        sql<number>`sum(case when status = 'submitted' and counted = 1 then 1 else 0 end)`.as('counted'),
        // What the marks of the counted attempts depend on: any grading changes their scores or times, a new grading method which attempts count.
        sql<number>`sum(case when status = 'submitted' and counted = 1 then coalesce(score, 0) else 0 end)`.as('scoreSum'),
        sql<number>`sum(case when status = 'submitted' and counted = 1 then id else 0 end)`.as('countedIds'),
        sql<number>`max(case when status = 'submitted' then updated_at else null end)`.as('updatedAt'),
      ])
      .where('quiz_id', 'in', ids)
      .groupBy('quiz_id')
      .execute(),
    db
      .selectFrom('attempts')
      .innerJoin('answers', 'answers.attempt_id', 'attempts.id')
      .select(['attempts.quiz_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('attempts.quiz_id', 'in', ids)
      .where('attempts.status', '=', 'submitted')
      .where('attempts.pending', '=', 1)
      .where('answers.marks', 'is', null)
      .groupBy('attempts.quiz_id')
      .execute(),
    db
      .selectFrom('attempts')
      .innerJoin('users', 'users.id', 'attempts.student_id')
      .select(['attempts.id', 'attempts.quiz_id', 'attempts.attempt_no', 'users.fullname as studentName', 'attempts.score', 'attempts.max_score', 'attempts.pending', 'attempts.submitted_at'])
      .where('attempts.quiz_id', 'in', ids)
      .where('attempts.status', '=', 'submitted')
      .orderBy('attempts.submitted_at', 'desc')
      .orderBy('attempts.id', 'desc')
      .limit(8)
      .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.quiz_id, c]));

  // Weakest modules over every quiz of the teacher with submitted attempts (the scope of the
  // subject attainment, so that a module shows one figure in both), by the one module figure
  // (marksTally.ts): marks earned / marks available over the graded answers.
  const countedOf = (quizId: number) => num(countOf.get(quizId)?.counted);
  const versionOf = (quizId: number) => {
    const c = countOf.get(quizId);
    return `${countedOf(quizId)}:${num(c?.scoreSum)}:${num(c?.countedIds)}:${num(c?.updatedAt)}`;
  };
  const withAttempts = own.filter((q) => countedOf(q.id) > 0);
  const stale = withAttempts.filter((q) => moduleMemo.get(q.id)?.version !== versionOf(q.id));
  const fresh = stale.length ? await moduleTalliesOf(db, stale, countedOf) : new Map<number, Map<number, MarksTally>>();
  for (const [quizId, tallies] of fresh) rememberModules(quizId, versionOf(quizId), tallies);
  const modules = new Map<number, MarksTally>();
  for (const q of withAttempts) for (const [moduleId, t] of fresh.get(q.id) ?? moduleMemo.get(q.id)?.modules ?? []) addTally(tallyOf(modules, moduleId), t);
  const weakest = await moduleFigures(db, modules);
  return {
    role: 'TEACHER' as const,
    /** The teacher's subjects, for the attainment across quizzes (GET /api/subjects/{id}/attainment). */
    subjects,
    quizzes: open
      .sort((a, b) => (a.valid_from ?? 0) - (b.valid_from ?? 0) || a.id - b.id)
      .slice(0, 20)
      .map((q) => ({
        quizId: q.id,
        name: q.name,
        validFrom: q.valid_from,
        validTo: q.valid_to,
        // A draft is listed as a draft, never as a live or upcoming exam.
        state: q.published !== 1 ? ('draft' as const) : (q.valid_from ?? 0) <= now ? ('live' as const) : ('upcoming' as const),
        published: q.published === 1,
        started: num(countOf.get(q.id)?.started),
        submitted: num(countOf.get(q.id)?.submitted),
      })),
    awaitingGrading: awaiting.reduce((s, a) => s + num(a.n), 0),
    awaitingByQuiz: awaiting.map((a) => ({ quizId: a.quiz_id, name: nameOf.get(a.quiz_id) ?? '', answers: num(a.n) })),
    latestResults: latest.map((r) => ({ attemptId: r.id, attemptNo: r.attempt_no, quizId: r.quiz_id, quizName: nameOf.get(r.quiz_id) ?? '', studentName: r.studentName, score: r.score, maxScore: r.max_score, pending: r.pending === 1, submittedAt: r.submitted_at })),
    weakestModules: weakest.figures.sort((a, b) => a.percent - b.percent || a.moduleId - b.moduleId).slice(0, 5),
    /** Answers of those quizzes waiting for grading, left out of weakestModules until graded. */
    weakestModulesPending: weakest.pending,
  };
}

export async function studentDashboard(db: Db, user: SessionUser, now = Date.now()) {
  const student = user.userId;
  const groupIds = (await db.selectFrom('group_students').select('group_id').where('student_id', '=', student).execute()).map((g) => g.group_id);
  const [next, attempts, inProgress] = await Promise.all([
    groupIds.length
      ? db
          .selectFrom('quizzes')
          .leftJoin('attempts', (j) => j.onRef('attempts.quiz_id', '=', 'quizzes.id').on('attempts.student_id', '=', student))
          .select(['quizzes.id', 'quizzes.name', 'quizzes.valid_from', 'quizzes.valid_to', 'quizzes.duration'])
          .where('quizzes.group_id', 'in', groupIds)
          .where('quizzes.published', '=', 1)
          .where('quizzes.visible_from', '<=', now)
          .where('quizzes.valid_to', '>', now)
          .where('attempts.id', 'is', null)
          // The open quiz that closes first, then the upcoming quiz that opens first.
          .orderBy(sql`case when quizzes.valid_from <= ${now} then 0 else 1 end`)
          .orderBy(sql`case when quizzes.valid_from <= ${now} then quizzes.valid_to else quizzes.valid_from end`)
          .orderBy('quizzes.id')
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom('attempts')
      .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
      .select(['attempts.id', 'attempts.quiz_id', 'attempts.attempt_no', 'attempts.counted', 'quizzes.name as quizName', 'attempts.score', 'attempts.max_score', 'attempts.pending', 'attempts.submitted_at', 'attempts.paper'])
      .where('attempts.student_id', '=', student)
      .where('attempts.status', '=', 'submitted')
      .orderBy('attempts.submitted_at', 'desc')
      .orderBy('attempts.id', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('attempts')
      .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
      .select(['attempts.id', 'attempts.quiz_id', 'quizzes.name', 'attempts.deadline'])
      .where('attempts.student_id', '=', student)
      .where('attempts.status', '=', 'in_progress')
      .where('attempts.deadline', '>', now)
      .orderBy('attempts.deadline')
      .limit(1)
      .executeTakeFirst(),
  ]);
  // Percent by module: the one module figure (marks earned / marks available over the graded
  // answers, marksTally.ts) over the student's latest submitted attempts counted in their quiz grades.
  const counted = attempts.filter((a) => a.counted === 1);
  const answers = counted.length
    ? await db.selectFrom('answers').select(['attempt_id', 'question_id', 'marks']).where('attempt_id', 'in', counted.map((a) => a.id)).execute()
    : [];
  const modules = new Map<number, MarksTally>();
  tallyPapers(counted, answers, () => modules);
  const byModule = await moduleFigures(db, modules);
  return {
    role: 'STUDENT' as const,
    serverTime: now,
    inProgress: inProgress ? { attemptId: inProgress.id, quizId: inProgress.quiz_id, name: inProgress.name, deadline: inProgress.deadline } : null,
    nextQuiz: next ? { quizId: next.id, name: next.name, validFrom: next.valid_from, validTo: next.valid_to, duration: next.duration, open: (next.valid_from ?? 0) <= now } : null,
    recentResults: attempts.slice(0, 5).map((a) => ({
      attemptId: a.id,
      attemptNo: a.attempt_no,
      quizId: a.quiz_id,
      quizName: a.quizName,
      score: a.pending ? null : a.score,
      maxScore: a.max_score,
      percent: !a.pending && a.score !== null && a.max_score > 0 ? (100 * a.score) / a.max_score : null,
      pending: a.pending === 1,
      submittedAt: a.submitted_at,
    })),
    percentByModule: byModule.figures.sort((a, b) => a.name.localeCompare(b.name)),
    /** Answers of those attempts waiting for grading, left out of percentByModule until graded. */
    pendingAnswers: byModule.pending,
  };
}

export async function dashboardOf(db: Db, user: SessionUser, now = Date.now()) {
  switch (user.role) {
    case 'ADMIN':
      return adminDashboard(db, now);
    case 'INSTITUTE-HEAD':
      return instituteHeadDashboard(db, user, now);
    case 'DEPARTMENT-HEAD':
      return departmentHeadDashboard(db, user, now);
    case 'TEACHER':
      return teacherDashboard(db, user, now);
    case 'STUDENT':
      return studentDashboard(db, user, now);
  }
}

export interface FeedbackFilter {
  quizId?: number;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
}

/**
 * The feedback list: newest first with the quiz's and the student's names, and each quiz's count and
 * average rating under the same filter. Only the feedback the caller may list (the feedback
 * entity's scope, as GET /api/feedbacks narrows it: the admin all, a head their institute's or
 * department's quizzes, a teacher their own quizzes).
 */
export async function feedbackReport(db: Db, caller: SessionUser, filter: FeedbackFilter, limit = 500) {
  const feedback = registry.get('feedbacks')!;
  const visible = () => applyScope(feedback.adapter.from(db), scopeFor(feedback.def, caller.role, 'list'), caller, feedback.adapter.scopeColumns);
  const filtered = () => {
    let out = visible();
    if (filter.quizId !== undefined) out = out.where('t.quiz_id', '=', filter.quizId);
    if (filter.from !== undefined) out = out.where('t.created_at', '>=', filter.from);
    if (filter.to !== undefined) out = out.where('t.created_at', '<', filter.to);
    return out;
  };
  type Row = { id: number; quiz_id: number; quizName: string; studentName: string | null; username: string | null; rating: number; comment: string | null; created_at: number };
  const [rows, perQuiz, quizzes] = await Promise.all([
    filtered()
      .leftJoin('users as u', 'u.id', 't.created_by')
      .select(['t.id', 't.quiz_id', 'q.name as quizName', 'u.fullname as studentName', 'u.username', 't.rating', 't.comment', 't.created_at'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute() as Promise<Row[]>,
    filtered()
      .select(['q.id', 'q.name', (eb: any) => eb.fn.countAll().as('n'), (eb: any) => eb.fn.avg('t.rating').as('rating')])
      .groupBy(['q.id', 'q.name'])
      .orderBy('q.name')
      .execute() as Promise<{ id: number; name: string; n: unknown; rating: unknown }[]>,
    // Every quiz with feedback the caller may read, for the quiz filter (whatever the other filters are).
    visible().select(['q.id', 'q.name']).distinct().orderBy('q.name').execute() as Promise<{ id: number; name: string }[]>,
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, quizId: r.quiz_id, quizName: r.quizName, studentName: r.studentName, username: r.username, rating: r.rating, comment: r.comment, createdAt: Number(r.created_at) })),
    quizzes: perQuiz.map((q) => ({ quizId: q.id, name: q.name, count: num(q.n), averageRating: numOrNull(q.rating) })),
    quizChoices: quizzes.map((q) => ({ quizId: q.id, name: q.name })),
  };
}
