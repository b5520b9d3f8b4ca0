import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { AttemptRow, QuizRow } from './attempts';
import type { PaperQuestion } from './paper';
import { reviewFeedback } from './feedback';
import { gapRightAnswer } from '../../src/schemas/cloze';
import { paperOf } from './attempts';
import { answersReleased } from './release';
import { gradedAnswers, moduleNames } from './studentQueries';
import { markOf } from '../analysis/marksTally';
import { isAnswerable } from '../../src/schemas/questions';

type Db = Kysely<Database> | Transaction<Database>;

const round = (n: number) => Math.round(n * 100) / 100;

/** The review's right answers of a matching question (stem id -> choice id) and of a Cloze question (gap number -> the right answer in words). */
function moodleTypeCorrect(q: PaperQuestion): unknown {
  if (q.type === 'matching') return q.key.matchRight ?? {};
  if (q.type === 'cloze') return Object.fromEntries((q.key.clozeGaps ?? []).map((g) => [String(g.n), gapRightAnswer(g)]));
  return null;
}

/**
 * A submitted attempt as its student reviews it: each question with the response, the marks and
 * the time spent, and the marks by module and by difficulty. The correct answers are shown only
 * when the quiz allows review and the answers have been released.
 */
export async function attemptAnalysis(db: Db, attempt: AttemptRow, quiz: NonNullable<QuizRow>) {
  const review = quiz.allow_review !== 0;
  // The student's own marks show at once; the correct answers only once they are released.
  const released = await answersReleased(db, quiz);
  const answersShown = review && released;
  const paper = paperOf(attempt);
  const answers = new Map((await gradedAnswers(db, attempt.id)).map((a) => [a.question_id, a]));
  const moduleIds = [...new Set(paper.map((q) => q.moduleId))];
  const modules = new Map((moduleIds.length ? await moduleNames(db, moduleIds) : []).map((m) => [m.id, m.course_outcome_name]));
  const questions = paper.map((q, index) => {
    const a = answers.get(q.id);
    const response = a?.response ? JSON.parse(a.response) : null;
    // null while the answer waits for the teacher (marksTally.ts).
    const marksGained = markOf(a);
    const correct = answersShown
      ? q.type === 'single' || q.type === 'multiple'
        ? q.key.correctOptions
        : q.type === 'true_false'
          ? q.key.correctBool
          : q.type === 'numeric'
            ? { value: q.key.numericValue, tolerance: q.key.numericTolerance ?? 0 }
            : q.type === 'short_answer'
              ? q.key.acceptedAnswers
              : moodleTypeCorrect(q)
      : undefined;
    return {
      number: index + 1,
      id: q.id,
      type: q.type,
      question: q.question,
      options: q.options,
      ...(q.stems ? { stems: q.stems, choices: q.choices } : {}),
      ...(q.gaps ? { gaps: q.gaps } : {}),
      marks: q.marks,
      module: modules.get(q.moduleId) ?? `Module ${q.moduleId}`,
      difficulty: q.difficulty,
      response,
      outcome: a?.outcome ?? 'unanswered',
      marksGained,
      // The teacher's comment goes with the marks it explains (shown at once, as the marks are), never before they are given.
      comment: marksGained === null ? null : (a?.comment ?? null),
      timeSpentMs: a?.time_spent_ms ?? 0,
      correct,
      // Feedback tells the answer away, so it shows only with the correct answers.
      ...(answersShown ? { feedback: reviewFeedback(q.key, response, q.options?.map((o) => o.id), q, marksGained) } : {}),
    };
  });
  // Marks by module and by difficulty over the graded answers: an answer waiting for the teacher
  // is left out of the questions, the marks and the marks available until graded, and counted in
  // `pending` (marksTally.ts). A description has no marks and is no question of them.
  const breakdown = (keyOf: (q: (typeof questions)[number]) => string) => {
    const groups = new Map<string, { name: string; marks: number; maxMarks: number; questions: number; correct: number; pending: number }>();
    for (const q of questions) {
      if (!isAnswerable(q.type)) continue;
      const name = keyOf(q);
      const g = groups.get(name) ?? { name, marks: 0, maxMarks: 0, questions: 0, correct: 0, pending: 0 };
      groups.set(name, g);
      if (q.marksGained === null) {
        g.pending += 1;
        continue;
      }
      g.marks = round(g.marks + q.marksGained);
      g.maxMarks = round(g.maxMarks + q.marks);
      g.questions += 1;
      // A teacher's full marks are a correct answer too.
      if (q.outcome === 'correct' || (q.outcome === 'graded' && q.marksGained >= q.marks)) g.correct += 1;
    }
    return [...groups.values()];
  };
  return {
    id: attempt.id,
    quizId: quiz.id,
    quizName: quiz.name,
    score: attempt.score,
    maxScore: attempt.max_score,
    pending: attempt.pending === 1,
    startedAt: attempt.started_at,
    submittedAt: attempt.submitted_at,
    review,
    answersReleased: released,
    closesAt: quiz.valid_to,
    questions,
    byModule: breakdown((q) => q.module),
    byDifficulty: breakdown((q) => q.difficulty),
    /** Answers waiting for grading, left out of byModule and byDifficulty until graded. */
    pendingAnswers: questions.filter((q) => q.marksGained === null).length,
    /** Regrades of this attempt after a key was fixed, oldest first. */
    regrades: (
      await db.selectFrom('regrades').innerJoin('users', 'users.id', 'regrades.regraded_by').select(['regrades.regraded_at as at', 'users.fullname as by', 'regrades.old_score as oldScore', 'regrades.new_score as newScore']).where('regrades.attempt_id', '=', attempt.id).orderBy('regrades.id').execute()
    ).map((r) => ({ ...r, at: Number(r.at), oldScore: Number(r.oldScore), newScore: Number(r.newScore) })),
  };
}
