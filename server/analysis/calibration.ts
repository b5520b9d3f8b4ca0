import { sql, type Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions';
import type { Database, QuestionCalibrationTable } from '../db/tables';
import { paperOf } from '../exam/attempts';
import type { PaperQuestion } from '../exam/paper';
import { notFound } from '../lib/errors';
import type { PersonsSummary } from '../../src/schemas/fairness';
import { markOf } from './marksTally';
import { drawsQuestions } from './report';
import type { RaschColumns } from './rasch';
import { parseOffThread } from '../upload/offThread';

/**
 * Rasch calibration of a subject's questions from the answers students gave (rasch.ts estimates).
 *
 * The responses: every submitted first attempt (attempt_no 1) of each quiz of the subject, since
 * later attempts have seen the questions. Each attempt is one person of the model (a student who
 * sat two quizzes of the subject is two persons: their ability may have changed between them).
 * A response is correct when the answer earned the question's full marks as its paper froze them;
 * partial credit counts as not correct, an unanswered question as not correct, and an answer still
 * waiting for the teacher's grading is not a response yet. Descriptions have no marks and no row.
 */

/** A question's calibration as the API gives it: the stored figures, named as the API names them. */
type StoredFigures = Pick<QuestionCalibrationTable, 'difficulty' | 'se' | 'responses' | 'infit' | 'outfit' | 'status'>;
export type CalibrationItem = StoredFigures & { questionId: number };

export interface SubjectCalibration {
  subjectId: number;
  /** Epoch ms of the last calibration; null before the first. */
  calibratedAt: number | null;
  minResponses: number;
  /** The subject's questions a calibration counts now (all but descriptions), calibrated or not: the "of N". */
  questions: number;
  items: CalibrationItem[];
  /** The ability estimates of the attempts the calibration used (count 0 before the first). */
  persons: PersonsSummary;
}

export const NO_PERSONS: PersonsSummary = { count: 0, mean: 0, sd: 0, histogram: [] };

/** Width of the persons' histogram bins, in logits. */
export const ABILITY_BIN = 0.5;

/**
 * The persons' ability estimates summarised: their count, mean, standard deviation (n − 1; 0 for one
 * person) and a histogram of bins ABILITY_BIN logits wide ([k·w, (k+1)·w), named by their centre),
 * from the lowest to the highest bin with anyone in it (empty bins between are listed with 0).
 */
export function personsSummary(abilities: readonly number[]): PersonsSummary {
  const n = abilities.length;
  if (!n) return NO_PERSONS;
  let mean = 0;
  for (const a of abilities) mean += a;
  mean /= n;
  let squares = 0;
  for (const a of abilities) squares += (a - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const bins = new Map<number, number>();
  for (const a of abilities) {
    const k = Math.floor(a / ABILITY_BIN);
    bins.set(k, (bins.get(k) ?? 0) + 1);
  }
  const keys = [...bins.keys()];
  const low = Math.min(...keys);
  const high = Math.max(...keys);
  const histogram: PersonsSummary['histogram'] = [];
  for (let k = low; k <= high; k++) histogram.push({ logit: (k + 0.5) * ABILITY_BIN, count: bins.get(k) ?? 0 });
  return { count: n, mean, sd, histogram };
}

/** Stored persons JSON, or none. */
const personsOf = (stored: string | undefined): PersonsSummary => (stored ? (JSON.parse(stored) as PersonsSummary) : NO_PERSONS);

/** Marks stored from weights in percent may fall short of the maximum by rounding alone. */
const FULL_MARKS_SLACK = 1e-6;

/**
 * The subjects a member of staff oversees, by name: who may read and recalibrate a subject's
 * calibration (its bank health). A teacher: the subjects they teach. A department head: those of
 * the department, and those a teacher of the department teaches (the heads above the subject's
 * teachers; a subject its institute head adds belongs to no department). An institute head: the
 * institute's. Nobody else: none.
 */
export function overseenSubjects(db: Kysely<Database>, user: SessionUser) {
  const subjects = db.selectFrom('subjects').select(['subjects.id', 'subjects.subjectname']).orderBy('subjects.subjectname').orderBy('subjects.id');
  switch (user.role) {
    case 'TEACHER':
      return subjects.where((eb) =>
        eb.exists(eb.selectFrom('teacher_subjects').select('teacher_subjects.subject_id').whereRef('teacher_subjects.subject_id', '=', 'subjects.id').where('teacher_subjects.teacher_id', '=', user.userId)),
      );
    case 'DEPARTMENT-HEAD': {
      const department = user.departmentId ?? -1;
      return subjects.where('subjects.institute_id', '=', user.instituteId ?? -1).where((eb) =>
        eb.or([
          eb('subjects.department_id', '=', department),
          eb.exists(
            eb
              .selectFrom('teacher_subjects')
              .innerJoin('users', 'users.id', 'teacher_subjects.teacher_id')
              .select('teacher_subjects.subject_id')
              .whereRef('teacher_subjects.subject_id', '=', 'subjects.id')
              .where('users.department_id', '=', department),
          ),
        ]),
      );
    }
    case 'INSTITUTE-HEAD':
      return subjects.where('subjects.institute_id', '=', user.instituteId ?? -1);
    default:
      return subjects.where(sql<boolean>`1 = 0`);
  }
}

/** The subject if the caller oversees it (overseenSubjects); 404 otherwise (another tenant's subject is not there for them). */
export async function calibratableSubject(db: Kysely<Database>, user: SessionUser, subjectId: number): Promise<{ id: number }> {
  const subject = await overseenSubjects(db, user).where('subjects.id', '=', subjectId).executeTakeFirst();
  if (!subject) throw notFound('Subject not found');
  return { id: subject.id };
}

/** Attempts read at a time: each page is a short piece of work, and the event loop goes on between pages. */
const ATTEMPT_PAGE = 200;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The subject's responses for the estimator, one column each (persons are first attempts, items
 * are questions, correct is 1 or 0): typed arrays go to the estimator's worker thread as one copy of
 * their bytes instead of a structured clone of 200,000 objects. The attempts are read a page at a
 * time, yielding between pages, so that on SQLite (whose reads run on the event loop) saves and
 * every other request are answered while a large subject is read.
 */
export async function subjectResponses(db: Kysely<Database>, subjectId: number, questionIds: ReadonlySet<number>): Promise<RaschColumns> {
  const quizzes = await db
    .selectFrom('quizzes')
    .innerJoin('quiz_subjects', 'quiz_subjects.quiz_id', 'quizzes.id')
    .select(['quizzes.id', 'quizzes.random_rules'])
    .where('quiz_subjects.subject_id', '=', subjectId)
    .orderBy('quizzes.id')
    .execute();
  const persons: number[] = [];
  const items: number[] = [];
  const correct: number[] = [];
  for (const quiz of quizzes) {
    // Without random rules every paper holds the same questions: one paper tells them (as the report reads them).
    const drawn = drawsQuestions(quiz);
    let shared: PaperQuestion[] | undefined;
    let after = 0;
    for (;;) {
      const attempts = await db
        .selectFrom('attempts')
        .select(['id'])
        .$if(drawn, (q) => q.select('paper'))
        .where('quiz_id', '=', quiz.id)
        .where('attempt_no', '=', 1)
        .where('status', '=', 'submitted')
        .where('id', '>', after)
        .orderBy('id')
        .limit(ATTEMPT_PAGE)
        .execute();
      if (!attempts.length) break;
      after = attempts[attempts.length - 1].id;
      if (!drawn && !shared) shared = paperOf(await db.selectFrom('attempts').select('paper').where('id', '=', attempts[0].id).executeTakeFirstOrThrow());
      const answers = await db
        .selectFrom('answers')
        .select(['attempt_id', 'question_id', 'marks'])
        .where(
          'attempt_id',
          'in',
          attempts.map((a) => a.id),
        )
        .execute();
      const stored = new Map<number, Map<number, { marks: number | null }>>();
      for (const a of answers) {
        let own = stored.get(a.attempt_id);
        if (!own) stored.set(a.attempt_id, (own = new Map()));
        own.set(a.question_id, a);
      }
      for (const attempt of attempts) {
        const paper: PaperQuestion[] = shared ?? paperOf(attempt as { paper: string });
        for (const q of paper) {
          if (!questionIds.has(q.id) || q.type === 'description' || !(q.marks > 0)) continue;
          const mark = markOf(stored.get(attempt.id)?.get(q.id));
          if (mark === null) continue; // waiting for grading
          persons.push(attempt.id);
          items.push(q.id);
          correct.push(mark >= q.marks * (1 - FULL_MARKS_SLACK) ? 1 : 0);
        }
      }
      await nextTurn();
    }
  }
  return { persons: Int32Array.from(persons), items: Int32Array.from(items), correct: Uint8Array.from(correct) };
}

/** The subject's questions that can be calibrated (a description is not answered). */
async function subjectQuestionIds(db: Kysely<Database>, subjectId: number): Promise<number[]> {
  const rows = await db.selectFrom('questions').select('id').where('subject_id', '=', subjectId).where('type', '<>', 'description').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Rows written per statement (10 values each, well under either database's parameter limit). */
const CHUNK = 500;

/**
 * Recalibrates the subject now: reads its responses, estimates, and replaces its rows in one
 * transaction. Every question of the subject gets a row ('too-few' with 0 responses if never asked).
 */
export async function calibrateSubject(db: Kysely<Database>, subjectId: number, minResponses: number, now = Date.now()): Promise<SubjectCalibration> {
  const questionIds = await subjectQuestionIds(db, subjectId);
  const responses = await subjectResponses(db, subjectId, new Set(questionIds));
  // Seconds of CPU on a large bank: on a worker thread, so saves and every other request go on meanwhile.
  const result = await parseOffThread({ kind: 'rasch', ...responses, minResponses });
  const estimated = new Map(result.items.map((item) => [item.item, item]));
  // Every attempt with an estimate: WLE is finite for zero and full scores too.
  const persons = personsSummary(result.persons.flatMap((p) => (p.ability === null ? [] : [p.ability])));
  const rows = questionIds.map((questionId) => {
    const item = estimated.get(questionId);
    return {
      question_id: questionId,
      subject_id: subjectId,
      difficulty: item?.difficulty ?? null,
      se: item?.se ?? null,
      responses: item?.responses ?? 0,
      infit: item?.infit ?? null,
      outfit: item?.outfit ?? null,
      status: item?.status ?? ('too-few' as const),
      min_responses: minResponses,
      calibrated_at: now,
    };
  });
  await db.transaction().execute(async (trx) => {
    // Rows of questions that have left the subject go; the others are replaced. The upsert also
    // takes over the row of a question moved here from another subject, and lets two
    // recalibrations at once end with the later one's rows instead of a key violation.
    await trx.deleteFrom('question_calibrations').where('subject_id', '=', subjectId).execute();
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('question_calibrations')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('question_id').doUpdateSet((eb) => ({
            subject_id: eb.ref('excluded.subject_id'),
            difficulty: eb.ref('excluded.difficulty'),
            se: eb.ref('excluded.se'),
            responses: eb.ref('excluded.responses'),
            infit: eb.ref('excluded.infit'),
            outfit: eb.ref('excluded.outfit'),
            status: eb.ref('excluded.status'),
            min_responses: eb.ref('excluded.min_responses'),
            calibrated_at: eb.ref('excluded.calibrated_at'),
          })),
        )
        .execute();
    }
    await trx
      .insertInto('subject_calibrations')
      .values({ subject_id: subjectId, persons: JSON.stringify(persons), calibrated_at: now })
      .onConflict((oc) => oc.column('subject_id').doUpdateSet((eb) => ({ persons: eb.ref('excluded.persons'), calibrated_at: eb.ref('excluded.calibrated_at') })))
      .execute();
  });
  return { subjectId, calibratedAt: now, minResponses, questions: questionIds.length, items: rows.map(toItem), persons };
}

const toItem = (row: StoredFigures & { question_id: number }): CalibrationItem => ({
  questionId: row.question_id,
  difficulty: row.difficulty,
  se: row.se,
  responses: row.responses,
  infit: row.infit,
  outfit: row.outfit,
  status: row.status,
});

/** The subject's calibration as last stored. */
export async function storedCalibration(db: Kysely<Database>, subjectId: number, minResponses: number): Promise<SubjectCalibration> {
  const rows = await db.selectFrom('question_calibrations').selectAll().where('subject_id', '=', subjectId).orderBy('question_id').execute();
  const stored = await db.selectFrom('subject_calibrations').select('persons').where('subject_id', '=', subjectId).executeTakeFirst();
  // Counted now: before the first calibration there are no rows, and questions added since have none yet.
  const questions = (await subjectQuestionIds(db, subjectId)).length;
  return {
    subjectId,
    calibratedAt: rows.length ? rows[0].calibrated_at : null,
    // Before the first calibration, the threshold the next one will use.
    minResponses: rows.length ? rows[0].min_responses : minResponses,
    questions,
    items: rows.map(toItem),
    persons: personsOf(stored?.persons),
  };
}

/**
 * The subjects to recalibrate because a quiz of theirs has closed since their last calibration (or
 * they never had one), each once, oldest close first. A quiz's close is its own valid_to: a
 * student's later close by an override is caught by the next quiz that closes, or on demand.
 */
export async function subjectsDue(db: Kysely<Database>, now: number, limit = 20): Promise<number[]> {
  const closed = await db
    .selectFrom('quizzes')
    .innerJoin('quiz_subjects', 'quiz_subjects.quiz_id', 'quizzes.id')
    .select((eb) => ['quiz_subjects.subject_id as subjectId', eb.fn.max('quizzes.valid_to').as('closedAt')])
    .where('quizzes.valid_to', '<=', now)
    .where('quizzes.published', '=', 1)
    .groupBy('quiz_subjects.subject_id')
    .execute();
  if (!closed.length) return [];
  const calibrated = new Map(
    (
      await db
        .selectFrom('question_calibrations')
        .select((eb) => ['subject_id', eb.fn.max('calibrated_at').as('at')])
        .where('subject_id', 'in', closed.map((c) => c.subjectId))
        .groupBy('subject_id')
        .execute()
    ).map((r) => [Number(r.subject_id), Number(r.at)]),
  );
  return closed
    .filter((c) => Number(c.closedAt) > (calibrated.get(Number(c.subjectId)) ?? -Infinity))
    .sort((a, b) => Number(a.closedAt) - Number(b.closedAt) || Number(a.subjectId) - Number(b.subjectId))
    .slice(0, limit)
    .map((c) => Number(c.subjectId));
}

/** Recalibrates the subjects whose quizzes closed since their last calibration; answers how many. */
export async function recalibrateClosed(db: Kysely<Database>, minResponses: number, now = Date.now()): Promise<number> {
  const due = await subjectsDue(db, now);
  for (const subjectId of due) await calibrateSubject(db, subjectId, minResponses, now);
  return due.length;
}
