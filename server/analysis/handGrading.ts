import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { markingOf, paperOf, regradeAttempt } from '../exam/attempts';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { AnalysedQuiz } from './access';
import { drawsQuestions } from './report';

/**
 * Grading answers by hand, question by question: every submitted answer to one question, and the
 * marks (and comment) a teacher sets on one answer, which grading again keeps.
 */

/**
 * The model answers or rubrics (Markdown) of these questions, by id, for the grader: read from the
 * questions as they are now, never from a student's paper (which has none).
 */
export async function modelAnswersOf(db: Kysely<Database>, questionIds: number[]): Promise<Map<number, string>> {
  if (!questionIds.length) return new Map();
  const rows = await db.selectFrom('questions').select(['id', 'model_answer']).where('id', 'in', questionIds).where('model_answer', 'is not', null).execute();
  return new Map(rows.filter((r) => r.model_answer?.trim()).map((r) => [r.id, r.model_answer as string]));
}

/** The lowest marks an answer to this question can have: below zero only with negative marking. */
const minMarksOf = (quiz: AnalysedQuiz, questionMarks: number) => {
  const marking = markingOf(quiz);
  return marking.negativeMarking ? -Math.round(marking.penalty * questionMarks * 100) / 100 : 0;
};

/**
 * The question (with its answer key) and every submitted answer to it, by student name then
 * attempt number (grading applies to every attempt, counted in the quiz grade or not); 404 when no
 * submitted attempt has it.
 */
export async function questionGradingSheet(db: Kysely<Database>, quiz: AnalysedQuiz, questionId: number) {
  // Without random rules every paper has the same questions: one paper is read, not each one.
  const drawn = drawsQuestions(quiz);
  const attempts = await db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .leftJoin('answers', (j) => j.onRef('answers.attempt_id', '=', 'attempts.id').on('answers.question_id', '=', questionId))
    .select(['attempts.id', 'attempts.attempt_no', 'attempts.submitted_at', 'users.id as studentId', 'users.fullname', 'users.username', 'answers.response', 'answers.marks', 'answers.outcome', 'answers.comment', 'answers.manual'])
    .$if(drawn, (q) => q.select('attempts.paper'))
    .where('attempts.quiz_id', '=', quiz.id)
    .where('attempts.status', '=', 'submitted')
    .orderBy('users.fullname')
    .orderBy('attempts.student_id')
    .orderBy('attempts.attempt_no')
    .execute();
  const shared = !drawn && attempts.length ? paperOf(await db.selectFrom('attempts').select('paper').where('id', '=', attempts[0].id).executeTakeFirstOrThrow()) : undefined;
  let question: ReturnType<typeof paperOf>[number] | undefined;
  const answers = attempts.flatMap((a) => {
    const q = (shared ?? paperOf(a as { paper: string })).find((p) => p.id === questionId);
    if (!q) return [];
    question ??= q;
    return [
      {
        attemptId: a.id,
        attemptNo: a.attempt_no,
        studentId: a.studentId,
        name: a.fullname,
        username: a.username,
        submittedAt: a.submitted_at,
        response: a.response ? JSON.parse(a.response) : null,
        marks: a.marks,
        outcome: a.outcome ?? 'unanswered',
        comment: a.comment ?? null,
        manual: a.manual === 1,
        pending: a.outcome === 'pending',
      },
    ];
  });
  if (!question) throw notFound('No submitted attempt has this question');
  const { key, ...shown } = question;
  const modelAnswer = (await modelAnswersOf(db, [questionId])).get(questionId) ?? null;
  return {
    // `key`: the whole answer key of the paper (every option's weight and feedback, every short or
    // numeric answer, the pairs and gaps), which the grading screen shows beside each answer, with
    // the question's model answer or rubric.
    question: { ...shown, correctOptions: key.correctOptions, correctBool: key.correctBool, numericValue: key.numericValue, numericTolerance: key.numericTolerance, acceptedAnswers: key.acceptedAnswers, key, modelAnswer },
    minMarks: minMarksOf(quiz, question.marks),
    answers,
  };
}

/**
 * Sets the marks and comment of one answer of a submitted attempt by hand and grades the attempt
 * again; returns the attempt as graded. 404 for an attempt or question not in the quiz, 409 before
 * submission, 400 naming the marks outside what the question allows.
 */
export async function markAnswerByHand(
  db: Kysely<Database>,
  quiz: AnalysedQuiz,
  { attemptId, questionId, marks, comment }: { attemptId: number; questionId: number; marks: number; comment?: string | null },
) {
  const attempt = await db.selectFrom('attempts').selectAll().where('id', '=', attemptId).where('quiz_id', '=', quiz.id).executeTakeFirst();
  if (!attempt) throw notFound('Attempt not found');
  if (attempt.status !== 'submitted') throw new AppError(409, 'Grade an attempt after it is submitted', 'NOT_SUBMITTED');
  const question = paperOf(attempt).find((q) => q.id === questionId);
  if (!question) throw notFound('This question is not in the attempt');
  const min = minMarksOf(quiz, question.marks);
  if (marks > question.marks) throw badRequest(`Invalid marks: at most ${question.marks}`, { marks: `At most ${question.marks}` });
  if (marks < min) throw badRequest(`Invalid marks: at least ${min}`, { marks: `At least ${min}` });
  const now = Date.now();
  await db
    .insertInto('answers')
    .values({ attempt_id: attempt.id, question_id: question.id, response: null, seq: 0, saved_at: now, outcome: 'graded', marks, comment: comment ?? null, manual: 1 })
    // A comment not given (undefined) leaves the stored one as it is, as the manage page's grading does.
    .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet({ outcome: 'graded', marks, ...(comment === undefined ? {} : { comment }), manual: 1 }))
    .execute();
  return regradeAttempt(db, attempt.id);
}
