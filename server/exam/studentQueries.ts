import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { prepared } from '../db/prepared';
import type { SessionUser } from '../auth/sessions';
import { ATTEMPT_STATE } from './attempts';

/**
 * The queries behind the student's side of an exam: the quizzes a student may take, their
 * attempts, saved answers and history. Each takes the database or a transaction.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** Quizzes this student may take: published ones of their groups, or the one quiz of a guest account. */
export const quizzesOfStudent = (db: Db, user: SessionUser) =>
  db
    .selectFrom('quizzes as q')
    .selectAll('q')
    .where('q.published', '=', 1)
    .where((eb) =>
      eb.or([
        eb('q.group_id', 'in', eb.selectFrom('group_students').select('group_id').where('student_id', '=', user.userId)),
        eb('q.id', '=', eb.selectFrom('users').select('guest_quiz_id').where('id', '=', user.userId)),
      ]),
    );

/**
 * One quiz, when this student may take it (the same rule as quizzesOfStudent): found by its key,
 * then the membership of its own group checked by the group's key, instead of listing the
 * student's groups first (the instruction page and every start ask this). Its key and version
 * only: the whole row (forty columns, several times the cost of the check) comes from the route's
 * memo of quiz rows by version.
 */
const quizVersionOfStudentQuery = prepared((db, quizId: number, studentId: number) =>
  db
    .selectFrom('quizzes as q')
    .select(['q.id', 'q.updated_at'])
    .where('q.id', '=', quizId)
    .where('q.published', '=', 1)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('group_students as gs').select('gs.group_id').whereRef('gs.group_id', '=', 'q.group_id').where('gs.student_id', '=', studentId)),
        eb('q.id', '=', eb.selectFrom('users').select('guest_quiz_id').where('id', '=', studentId)),
      ]),
    ),
);
export const quizVersionOfStudent = (db: Db, user: SessionUser, quizId: number) => quizVersionOfStudentQuery.first(db, quizId, user.userId);

/** A quiz's key and version (its updated_at), or undefined. */
const quizVersionQuery = prepared((db, quizId: number) => db.selectFrom('quizzes').select(['id', 'updated_at']).where('id', '=', quizId));
export const quizVersion = (db: Db, quizId: number) => quizVersionQuery.first(db, quizId);

/**
 * The student's quizzes whose window may be open now (`available`) or still to open (`upcoming`):
 * by the quiz's own window, or any quiz an override of the student or of one of their groups may
 * move; each student's own window is decided from the effective settings (server/exam/effective.ts).
 */
export const quizzesOfStudentInWindow = (db: Db, user: SessionUser, state: 'available' | 'upcoming', now: number) =>
  quizzesOfStudent(db, user).where((eb) => {
    const overridden = eb(
      'q.id',
      'in',
      eb
        .selectFrom('quiz_overrides')
        .select('quiz_id')
        .where((o) => o.or([o('student_id', '=', user.userId), o('group_id', 'in', o.selectFrom('group_students').select('group_id').where('student_id', '=', user.userId))])),
    );
    return state === 'upcoming'
      ? eb.and([eb('q.visible_from', '<=', now), eb.or([eb('q.valid_from', '>', now), overridden])])
      : eb.or([eb.and([eb('q.valid_from', '<=', now), eb('q.valid_to', '>', now)]), overridden]);
  });

/** What never changes in an attempt once it started: its student, quiz and paper. */
export const attemptOwnerAndPaper = (db: Db, attemptId: number) =>
  db.selectFrom('attempts').select(['student_id', 'quiz_id', 'paper']).where('id', '=', attemptId).executeTakeFirst();

/** The student's own attempt, whole, or undefined. */
const attemptOfStudentQuery = prepared((db, attemptId: number, studentId: number) => db.selectFrom('attempts').selectAll().where('id', '=', attemptId).where('student_id', '=', studentId));
export const attemptOfStudent = (db: Db, attemptId: number, studentId: number) => attemptOfStudentQuery.first(db, attemptId, studentId);

/** The student's own attempt without its paper (its state, for a submission), or undefined. */
const attemptStateOfStudentQuery = prepared((db, attemptId: number, studentId: number) =>
  db.selectFrom('attempts').select(ATTEMPT_STATE).where('id', '=', attemptId).where('student_id', '=', studentId),
);
export const attemptStateOfStudent = (db: Db, attemptId: number, studentId: number) => attemptStateOfStudentQuery.first(db, attemptId, studentId);

/** An attempt's stored paper (JSON). */
const attemptPaperQuery = prepared((db, attemptId: number) => db.selectFrom('attempts').select('paper').where('id', '=', attemptId));
export const attemptPaper = async (db: Db, attemptId: number) => (await attemptPaperQuery.first(db, attemptId))!;

/** An attempt's status and deadline, which change while it runs. */
export const attemptStatus = (db: Db, attemptId: number) =>
  db.selectFrom('attempts').select(['status', 'deadline']).where('id', '=', attemptId).executeTakeFirstOrThrow();

/** The student's attempts at some quizzes (their state only). */
export const attemptStatesOf = (db: Db, studentId: number, quizIds: number[]) =>
  db.selectFrom('attempts').select(ATTEMPT_STATE).where('student_id', '=', studentId).where('quiz_id', 'in', quizIds).execute();

/** Names and codes of subjects. */
export const subjectNames = (db: Db, ids: number[]) => db.selectFrom('subjects').select(['id', 'subjectname', 'code']).where('id', 'in', ids).execute();

/** The marks of questions. */
export const questionMarks = (db: Db, ids: number[]) => db.selectFrom('questions').select('marks').where('id', 'in', ids).execute();

/** The saved answers of an attempt, as the exam page resumes them. */
export const savedAnswers = (db: Db, attemptId: number) =>
  db.selectFrom('answers').select(['question_id', 'response', 'seq', 'flagged', 'saved_at']).where('attempt_id', '=', attemptId).execute();

/** One saved answer (the newer one a stale save is answered with). */
export const savedAnswer = (db: Db, attemptId: number, questionId: number) =>
  db.selectFrom('answers').select(['response', 'seq', 'flagged', 'saved_at']).where('attempt_id', '=', attemptId).where('question_id', '=', questionId).executeTakeFirstOrThrow();

/** The graded answers of an attempt, for its analysis. */
export const gradedAnswers = (db: Db, attemptId: number) =>
  db.selectFrom('answers').select(['question_id', 'response', 'marks', 'outcome', 'time_spent_ms', 'flagged', 'comment']).where('attempt_id', '=', attemptId).execute();

/** Names of modules (course outcomes). */
export const moduleNames = (db: Db, ids: number[]) => db.selectFrom('modules').select(['id', 'course_outcome_name']).where('id', 'in', ids).execute();

/**
 * The student's attempts, newest first, with the quiz's name and whether feedback was given;
 * `onlyQuiz` keeps one quiz's (an exam-link session sees only its quiz's attempt).
 */
export const attemptHistory = (db: Db, studentId: number, onlyQuiz: number | null) =>
  db
    .selectFrom('attempts')
    .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
    .leftJoin('feedbacks', (j) => j.onRef('feedbacks.quiz_id', '=', 'attempts.quiz_id').onRef('feedbacks.created_by', '=', 'attempts.student_id'))
    .select(['attempts.id', 'attempts.quiz_id', 'attempts.attempt_no', 'quizzes.grading_method', 'quizzes.name as quizName', 'attempts.status', 'attempts.started_at', 'attempts.submitted_at', 'attempts.deadline', 'attempts.score', 'attempts.max_score', 'attempts.pending', 'attempts.closed_by', 'feedbacks.id as feedbackId'])
    .where('attempts.student_id', '=', studentId)
    .$if(onlyQuiz !== null, (q) => q.where('attempts.quiz_id', '=', onlyQuiz!))
    .orderBy('attempts.started_at', 'desc')
    .limit(500)
    .execute();
