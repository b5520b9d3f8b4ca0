import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { paperOf, type QuizRow } from '../exam/attempts';
import type { PaperQuestion } from '../exam/paper';
import { DEFAULT_ATTAINMENT_LEVELS, DEFAULT_ATTAINMENT_TARGET } from '../../src/schemas/quizzes';
import { quizGradeOf } from '../exam/quizGrade';
import type { StatisticsAttempts } from '../../src/schemas/statistics';
import { chooseAttempts, quizStatistics, type QuestionStatistics, type QuizStatistics, type StatAttempt, type StatQuestion } from './statistics';
import { markOf } from './marksTally';
import { paperDifferencesOf } from '../quizzes/fairness';
import type { PaperDifferences } from '../../src/schemas/fairness';
import { attainment, type AttainmentAttempt, type AttainmentRule, type ModuleAttainment, type StudentAttainment } from './attainment';

type Quiz = NonNullable<QuizRow>;

export interface ReportQuestion extends QuestionStatistics {
  text: string;
  moduleId: number;
  moduleName: string;
  difficulty: string;
  /** Submitted attempts whose paper had the question, graded or not (`s` counts those in the statistics). */
  submitted: number;
  /** Its answers awaiting grading. */
  pending: number;
}

/** One finished attempt of a student, as the report lists them. */
export interface ReportAttempt {
  attemptId: number;
  attemptNo: number;
  score: number | null;
  maxScore: number;
  submittedAt: number | null;
  pending: boolean;
  /** It counts in the quiz grade by the grading method. */
  counted: boolean;
}

export interface QuizReport extends Omit<QuizStatistics, 'questions'> {
  quizId: number;
  quizName: string;
  /** The attempts the item and test statistics use (Moodle's choice; first by default). */
  attemptsChoice: StatisticsAttempts;
  /** The quiz's grading method and attempts allowed (0: unlimited). */
  gradingMethod: string;
  attemptsAllowed: number;
  /** Submitted attempts with an answer waiting for grading (left out of the item and test statistics). */
  pendingGrading: number;
  /** Answers waiting for grading (left out of every figure until graded). */
  pendingAnswers: number;
  attainmentTarget: number;
  attainmentLevels: AttainmentRule['levels'];
  questions: ReportQuestion[];
  /** How different the frozen papers of the attempts in the statistics were; null without random rules (or attempts). */
  papers: PaperDifferences | null;
  modules: ModuleAttainment[];
  /**
   * One row per student, from the attempts counted in the quiz grade: `grade` is the quiz grade by
   * the grading method (marks), `attempts` every finished attempt of the student.
   */
  students: (StudentAttainment & {
    name: string;
    username: string;
    submittedAt: number | null;
    pending: boolean;
    maxScore: number;
    grade: number | null;
    attempts: ReportAttempt[];
  })[];
}

/** A quiz with random rules draws questions for each paper: each paper says which it drew. */
export const drawsQuestions = (quiz: Pick<Quiz, 'random_rules'>) => (quiz.random_rules ? (JSON.parse(quiz.random_rules) as unknown[]).length > 0 : false);

export function attainmentRuleOf(quiz: Pick<Quiz, 'attainment_target' | 'attainment_levels'>): AttainmentRule {
  return {
    target: quiz.attainment_target ?? DEFAULT_ATTAINMENT_TARGET,
    levels: quiz.attainment_levels ? (JSON.parse(quiz.attainment_levels) as AttainmentRule['levels']) : DEFAULT_ATTAINMENT_LEVELS,
  };
}

/** Choice questions are analysed option by option; true/false has the two options "True" and "False". */
function optionsOf(q: PaperQuestion): StatQuestion['options'] {
  if ((q.type === 'single' || q.type === 'multiple') && q.options) {
    const correct = new Set(q.key.correctOptions ?? []);
    return [...q.options].sort((a, b) => a.id.localeCompare(b.id)).map((o) => ({ optionId: o.id, text: o.text, correct: correct.has(o.id) }));
  }
  if (q.type === 'true_false') {
    return [
      { optionId: 'true', text: 'True', correct: q.key.correctBool === true },
      { optionId: 'false', text: 'False', correct: q.key.correctBool === false },
    ];
  }
  return undefined;
}

function chosenOf(type: string, response: unknown): string[] {
  if (response === null || response === undefined || response === '') return [];
  if (type === 'multiple') return Array.isArray(response) ? response.map(String) : [];
  if (type === 'single') return typeof response === 'string' ? [response] : [];
  if (type === 'true_false') return typeof response === 'boolean' ? [String(response)] : [];
  return [];
}

/**
 * Everything the analysis page shows for one quiz, read in four statements: the submitted attempts
 * (with their frozen papers), their answers, the students' names and the modules' names. The caller
 * closes the quiz's expired attempts first (sweepExpiredAttempts), so the figures count them.
 *
 * The item and test statistics use the attempts Moodle's report would (`choice`: each student's
 * first, highest or last finished attempt, or all); attainment and the students' rows use the
 * attempts counted in the quiz grade (attempts.counted).
 */
export async function loadQuizReport(db: Kysely<Database>, quiz: Quiz, choice: StatisticsAttempts = 'first'): Promise<QuizReport> {
  // Without random rules every paper holds the quiz's fixed questions (locked once a student has
  // started), only in another order: one paper tells the questions, and the others (tens of kB
  // each) need not be read. With random rules each paper says which questions it drew.
  const drawn = drawsQuestions(quiz);
  const finished = await db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .select([
      'attempts.id',
      'attempts.student_id',
      'attempts.attempt_no',
      'attempts.status',
      'attempts.score',
      'attempts.counted',
      'attempts.submitted_at',
      'attempts.max_score',
      'attempts.pending',
      'users.fullname',
      'users.username',
    ])
    .$if(drawn, (q) => q.select('attempts.paper'))
    .where('attempts.quiz_id', '=', quiz.id)
    .where('attempts.status', '=', 'submitted')
    .orderBy('attempts.id')
    .execute();
  const forStatistics = new Set(
    chooseAttempts(
      finished.map((a) => ({ id: a.id, studentId: a.student_id, attemptNo: a.attempt_no, score: a.score })),
      choice,
    ).map((a) => a.id),
  );
  // Only the attempts some figure uses are read further.
  const attempts = finished.filter((a) => forStatistics.has(a.id) || a.counted === 1);
  const sharedPaper =
    drawn || !attempts.length
      ? undefined
      : paperOf(await db.selectFrom('attempts').select('paper').where('id', '=', attempts[attempts.length - 1].id).executeTakeFirstOrThrow());
  const answers = attempts.length
    ? await db
        .selectFrom('answers')
        .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
        .select(['answers.attempt_id', 'answers.question_id', 'answers.response', 'answers.marks'])
        .where('attempts.quiz_id', '=', quiz.id)
        .where('attempts.status', '=', 'submitted')
        .execute()
    : [];
  const answersOf = new Map<number, Map<number, { response: string | null; marks: number | null }>>();
  for (const a of answers) {
    let m = answersOf.get(a.attempt_id);
    if (!m) answersOf.set(a.attempt_id, (m = new Map()));
    m.set(a.question_id, a);
  }

  const fixedOrder = new Map(
    (await db.selectFrom('quiz_questions').select(['question_id', 'position']).where('quiz_id', '=', quiz.id).orderBy('position').execute()).map((r, i) => [r.question_id, i]),
  );
  const seen = new Map<number, PaperQuestion>();
  const statAttempts: StatAttempt[] = [];
  const attainmentAttempts: AttainmentAttempt[] = [];
  const maxScoreOf = new Map<number, number>();
  /** Per question: the submitted papers that had it, and its answers awaiting grading. */
  const papersWith = new Map<number, { submitted: number; pending: number }>();
  for (const a of attempts) {
    const paper = sharedPaper ?? paperOf(a as { paper: string });
    const stored = answersOf.get(a.id);
    const marks = new Map<number, number | null>();
    const choices = new Map<number, string[]>();
    for (const q of paper) {
      // A description has no marks and no answer: Moodle's statistics leave it out too.
      if (q.type === 'description') continue;
      if (!seen.has(q.id)) seen.set(q.id, q);
      const answer = stored?.get(q.id);
      // null while the answer waits for the teacher: left out of every figure until graded.
      const mark = markOf(answer);
      marks.set(q.id, mark);
      let count = papersWith.get(q.id);
      if (!count) papersWith.set(q.id, (count = { submitted: 0, pending: 0 }));
      if (forStatistics.has(a.id)) {
        count.submitted += 1;
        if (mark === null) count.pending += 1;
      }
      if (q.type === 'single' || q.type === 'multiple' || q.type === 'true_false') choices.set(q.id, chosenOf(q.type, answer?.response ? JSON.parse(answer.response) : null));
    }
    maxScoreOf.set(a.id, a.max_score);
    if (a.counted === 1) attainmentAttempts.push({ attemptId: a.id, studentId: a.student_id, marks });
    // The item and test statistics need each attempt's total, which is known once every answer is
    // graded: an attempt waiting for grading joins them then (`pendingGrading` counts them meanwhile).
    if (forStatistics.has(a.id) && a.pending !== 1 && ![...marks.values()].includes(null)) statAttempts.push({ attemptId: a.id, submittedAt: a.submitted_at ?? 0, marks: marks as Map<number, number>, choices });
  }

  // Fixed questions in paper order, then drawn questions in the order of their ids.
  const ordered = [...seen.values()].sort((a, b) => (fixedOrder.get(a.id) ?? Infinity) - (fixedOrder.get(b.id) ?? Infinity) || a.id - b.id);
  const questions: StatQuestion[] = ordered.map((q, i) => ({ questionId: q.id, position: i + 1, type: q.type, maxMark: q.marks, options: optionsOf(q) }));

  let scoreMax = attempts.reduce((m, a) => Math.max(m, a.max_score), 0);
  if (!attempts.length) {
    const fixed = [...fixedOrder.keys()];
    scoreMax = fixed.length
      ? ((await db.selectFrom('questions').select('marks').where('id', 'in', fixed).execute()).reduce((s, q) => s + q.marks, 0))
      : 0;
  }
  const stats = quizStatistics({ questions, attempts: statAttempts, scoreMax, maxOf: (a) => maxScoreOf.get(a.attemptId) ?? scoreMax });
  const papers = drawn
    ? await paperDifferencesOf(
        db,
        (await db.selectFrom('quiz_subjects').select('subject_id').where('quiz_id', '=', quiz.id).execute()).map((r) => r.subject_id),
        attempts.filter((a) => forStatistics.has(a.id)).map((a) => paperOf(a as { paper: string })),
        quiz.balance_papers === 1,
      )
    : null;

  const moduleIds = [...new Set(ordered.map((q) => q.moduleId))];
  const moduleNames = new Map(
    (moduleIds.length ? await db.selectFrom('modules').select(['id', 'course_outcome_name']).where('id', 'in', moduleIds).execute() : []).map((m) => [m.id, m.course_outcome_name]),
  );
  const rule = attainmentRuleOf(quiz);
  const byAttempt = new Map(attempts.map((a) => [a.id, a]));
  const finishedOf = new Map<number, typeof finished>();
  for (const a of finished) finishedOf.set(a.student_id, [...(finishedOf.get(a.student_id) ?? []), a]);
  const outcome = attainment(
    ordered.map((q) => ({ questionId: q.id, moduleId: q.moduleId, maxMark: q.marks })),
    attainmentAttempts,
    moduleNames,
    rule,
  );

  return {
    quizId: quiz.id,
    quizName: quiz.name,
    attemptsChoice: choice,
    gradingMethod: quiz.grading_method,
    attemptsAllowed: quiz.attempts_allowed,
    ...stats,
    pendingGrading: attempts.filter((a) => forStatistics.has(a.id) && a.pending === 1).length,
    pendingAnswers: outcome.students.reduce((n, s) => n + s.pendingAnswers, 0),
    attainmentTarget: rule.target,
    attainmentLevels: rule.levels,
    questions: stats.questions.map((s) => {
      const q = seen.get(s.questionId)!;
      return {
        ...s,
        ...papersWith.get(s.questionId)!,
        text: q.question,
        moduleId: q.moduleId,
        moduleName: moduleNames.get(q.moduleId) ?? `Module ${q.moduleId}`,
        difficulty: q.difficulty,
      };
    }),
    papers,
    modules: outcome.modules,
    students: outcome.students.map((s) => {
      const a = byAttempt.get(s.attemptId)!;
      const own = (finishedOf.get(s.studentId) ?? []).sort((x, y) => x.attempt_no - y.attempt_no);
      const counted = own.filter((o) => o.counted === 1);
      return {
        ...s,
        name: a.fullname,
        username: a.username,
        submittedAt: a.submitted_at,
        pending: counted.some((o) => o.pending === 1),
        maxScore: a.max_score,
        grade: quizGradeOf(quiz.grading_method, own).grade,
        attempts: own.map((o) => ({
          attemptId: o.id,
          attemptNo: o.attempt_no,
          score: o.score,
          maxScore: o.max_score,
          submittedAt: o.submitted_at,
          pending: o.pending === 1,
          counted: o.counted === 1,
        })),
      };
    }),
  };
}
