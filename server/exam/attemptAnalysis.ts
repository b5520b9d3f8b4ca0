import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { AttemptRow, QuizRow } from './attempts';
import type { PaperQuestion } from './paper';
import { reviewFeedback } from './feedback';
import { gapRightAnswer } from '../../src/schemas/cloze';
import { paperOf } from './attempts';
import { reviewFor } from './review';
import { gradedAnswers, moduleNames } from './studentQueries';
import { markOf } from '../analysis/marksTally';
import { isAnswerable } from '../../src/schemas/questions';
import { REVIEW_TIMES, reviewOf } from '../../src/schemas/quizzes';
import type { ReviewFeedback } from './feedback';

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
 * the time spent, and the marks by module and by difficulty, each part only when the quiz's review
 * options show it at this time (server/exam/review.ts): the attempt (questions and responses),
 * whether correct, the marks, the specific and the general feedback, the right answers.
 */
export async function attemptAnalysis(db: Db, attempt: AttemptRow, quiz: NonNullable<QuizRow>, now = Date.now()) {
  const { time: reviewTime, options: shown } = await reviewFor(db, quiz, attempt, now);
  const matrix = reviewOf(quiz.review);
  // `review`: this quiz shows the right answers at some time; `answersReleased`: it shows them now.
  const review = REVIEW_TIMES.some((t) => matrix[t].rightAnswer);
  const answersShown = shown.rightAnswer;
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
      ...feedbackShown(reviewFeedback(q.key, response, q.options?.map((o) => o.id), q, marksGained), shown),
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
  const byModule = breakdown((q) => q.module);
  const byDifficulty = breakdown((q) => q.difficulty);
  const pendingAnswers = questions.filter((q) => q.marksGained === null).length;
  // What the review options hide now is left out of the answer, not only off the page.
  const withoutCorrectness = (g: (typeof byModule)[number]) => (shown.correctness ? g : { ...g, correct: null });
  const visibleQuestions = shown.attempt
    ? questions.map((q) => ({
        ...q,
        outcome: shown.correctness || q.outcome === 'unanswered' ? q.outcome : null,
        ...(shown.marks ? {} : { marksGained: null, comment: null }),
      }))
    : [];
  return {
    id: attempt.id,
    quizId: quiz.id,
    quizName: quiz.name,
    attemptNo: attempt.attempt_no,
    score: shown.marks ? attempt.score : null,
    maxScore: attempt.max_score,
    pending: attempt.pending === 1,
    startedAt: attempt.started_at,
    submittedAt: attempt.submitted_at,
    review,
    answersReleased: answersShown,
    /** The time of the quiz's review options that applies now, what they show, and the whole matrix (to say when the rest shows). */
    reviewTime,
    reviewOptions: shown,
    reviewMatrix: matrix,
    closesAt: quiz.valid_to,
    questions: visibleQuestions,
    byModule: shown.marks ? byModule.map(withoutCorrectness) : [],
    byDifficulty: shown.marks ? byDifficulty.map(withoutCorrectness) : [],
    /** Answers waiting for grading, left out of byModule and byDifficulty until graded. */
    pendingAnswers,
    /** Regrades of this attempt after a key was fixed, oldest first (their scores only while the marks are shown). */
    regrades: (
      await db
        .selectFrom('regrades')
        .leftJoin('users', 'users.id', 'regrades.regraded_by')
        .select(['regrades.regraded_at as at', 'users.fullname as by', 'regrades.old_score as oldScore', 'regrades.new_score as newScore'])
        .where('regrades.attempt_id', '=', attempt.id)
        .orderBy('regrades.id')
        .execute()
    ).map((r) => ({ at: Number(r.at), by: r.by ?? 'a former teacher', oldScore: shown.marks ? Number(r.oldScore) : null, newScore: shown.marks ? Number(r.newScore) : null })),
  };
}

/** The feedback the review options show now: the specific (the response's, combined, parts') and the general, each on its own switch. */
function feedbackShown(feedback: ReviewFeedback | undefined, shown: { specificFeedback: boolean; generalFeedback: boolean; rightAnswer: boolean }): { feedback?: ReviewFeedback } {
  if (!feedback) return {};
  const kept: ReviewFeedback = { answer: shown.specificFeedback ? feedback.answer : [] };
  if (shown.generalFeedback && feedback.general) kept.general = feedback.general;
  if (shown.specificFeedback && feedback.combined) kept.combined = feedback.combined;
  // Matching and Cloze parts carry each part's right answer and feedback: shown with the right answers.
  if (feedback.parts && shown.rightAnswer) kept.parts = shown.specificFeedback ? feedback.parts : feedback.parts.map((p) => ({ ...p, feedback: [] }));
  return kept.answer.length || kept.general || kept.combined || kept.parts ? { feedback: kept } : {};
}
