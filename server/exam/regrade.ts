import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { gradeResponse } from './grading';
import { gradeAnswers, markingOf, paperOf, storedAnswersOf, writeAnswerUpdates, type AnswerUpdate, type QuizRow, type StoredAnswer } from './attempts';
import { loadQuestions, toPaperQuestion, type PaperQuestion, type QuestionRow } from './paper';
import { recountQuiz } from './quizGrade';

type Db = Kysely<Database> | Transaction<Database>;

export interface QuestionChange {
  questionId: number;
  /** The question's text as the student saw it, shortened (for the teacher's table). */
  question: string;
  oldMarks: number | null;
  newMarks: number | null;
}

export interface RegradeChange {
  attemptId: number;
  studentId: number;
  studentName: string;
  attemptNo: number;
  oldScore: number;
  newScore: number;
  oldMaxScore: number;
  newMaxScore: number;
  questions: QuestionChange[];
}

/** What an attempt becomes under the current keys: the change shown, and what applying it writes. */
interface Planned {
  change: RegradeChange;
  paper: PaperQuestion[];
  updates: AnswerUpdate[];
  pending: boolean;
}

/**
 * The paper with each question's answer key and marks taken from the question as it is now. The
 * text, options, stems, choices and gaps stay as the student saw them (option ids are stable, so
 * a key names the same options). A question deleted since, or whose type changed, keeps its old key.
 */
export function repaper(paper: PaperQuestion[], rows: Map<number, QuestionRow>): PaperQuestion[] {
  return paper.map((q) => {
    const row = rows.get(q.id);
    if (!row || row.type !== q.type) return q;
    const fresh = toPaperQuestion(row, false);
    return { ...q, marks: fresh.marks, key: fresh.key };
  });
}

/** Marks of one paper question from its answer row (none: graded as unanswered by that key). */
const marksOf = (q: PaperQuestion, answer: StoredAnswer | undefined, marking: ReturnType<typeof markingOf>) =>
  answer ? answer.marks : gradeResponse(q.key, null, marking).marks;

/** Plans one attempt's regrade (pure): null when neither its marks nor its maximum change. */
export function planAttempt(
  attempt: { id: number; student_id: number; fullname: string; attempt_no: number; score: number | null; max_score: number | null; paper: string },
  stored: StoredAnswer[],
  rows: Map<number, QuestionRow>,
  marking: ReturnType<typeof markingOf>,
): Planned | null {
  const oldPaper = paperOf(attempt);
  const paper = repaper(oldPaper, rows);
  const { total, updates } = gradeAnswers(paper, stored, marking);
  const answers = new Map(stored.map((a) => [a.question_id, a]));
  const updated = new Map(updates.map((u) => [u.questionId, u]));
  const questions: QuestionChange[] = [];
  for (const [i, q] of paper.entries()) {
    const answer = answers.get(q.id);
    const oldMarks = marksOf(oldPaper[i], answer, marking);
    const newMarks = answer ? (updated.has(q.id) ? updated.get(q.id)!.marks : answer.marks) : marksOf(q, undefined, marking);
    if (oldMarks !== newMarks) questions.push({ questionId: q.id, question: q.question.length > 80 ? `${q.question.slice(0, 79)}…` : q.question, oldMarks, newMarks });
  }
  const oldScore = attempt.score ?? 0;
  const oldMaxScore = attempt.max_score ?? 0;
  if (total.score === oldScore && total.maxScore === oldMaxScore && !questions.length) return null;
  return {
    change: { attemptId: attempt.id, studentId: attempt.student_id, studentName: attempt.fullname, attemptNo: attempt.attempt_no, oldScore, newScore: total.score, oldMaxScore, newMaxScore: total.maxScore, questions },
    paper,
    updates,
    pending: total.pending,
  };
}

/** Every submitted attempt of the quiz whose marks change under the questions' current keys and marks. */
async function planQuiz(db: Db, quiz: NonNullable<QuizRow>): Promise<Planned[]> {
  const attempts = await db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .select(['attempts.id', 'attempts.student_id', 'users.fullname', 'attempts.attempt_no', 'attempts.score', 'attempts.max_score', 'attempts.paper'])
    .where('attempts.quiz_id', '=', quiz.id)
    .where('attempts.status', '=', 'submitted')
    .orderBy('users.fullname')
    .orderBy('attempts.student_id')
    .orderBy('attempts.attempt_no')
    .execute();
  if (!attempts.length) return [];
  const ids = new Set<number>();
  for (const a of attempts) for (const q of paperOf(a)) ids.add(q.id);
  const rows = new Map((await loadQuestions(db, [...ids])).map((r) => [r.id, r]));
  const answersOf = await storedAnswersOf(db, attempts.map((a) => a.id));
  const marking = markingOf(quiz);
  return attempts.flatMap((a) => {
    const planned = planAttempt(a, answersOf.get(a.id) ?? [], rows, marking);
    return planned ? [planned] : [];
  });
}

/**
 * Regrades a quiz's submitted attempts with its questions' current keys and marks, on the papers
 * as the students saw them. A dry run changes nothing; otherwise every change is written in one
 * transaction with a record of who regraded and when, and the quiz grades are recounted.
 */
export async function regradeQuiz(db: Kysely<Database>, quiz: NonNullable<QuizRow>, opts: { dryRun: boolean; by: number; now?: number }): Promise<RegradeChange[]> {
  if (opts.dryRun) return (await planQuiz(db, quiz)).map((p) => p.change);
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const planned = await planQuiz(trx, quiz);
    for (const p of planned) {
      await writeAnswerUpdates(trx, p.change.attemptId, p.updates);
      await trx
        .updateTable('attempts')
        .set({ paper: JSON.stringify(p.paper), score: p.change.newScore, max_score: p.change.newMaxScore, pending: p.pending ? 1 : 0, updated_at: now })
        .where('id', '=', p.change.attemptId)
        .execute();
      await trx
        .insertInto('regrades')
        .values({
          quiz_id: quiz.id,
          attempt_id: p.change.attemptId,
          old_score: p.change.oldScore,
          new_score: p.change.newScore,
          questions: JSON.stringify(p.change.questions.map(({ questionId, oldMarks, newMarks }) => ({ questionId, oldMarks, newMarks }))),
          regraded_by: opts.by,
          regraded_at: now,
        })
        .execute();
    }
    if (planned.length) await recountQuiz(trx, quiz.id);
    return planned.map((p) => p.change);
  });
}
