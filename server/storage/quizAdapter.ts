import { entities } from '../../src/schemas';
import { LOCKED_MESSAGE, LOCKED_WHEN_ATTEMPTED, type RandomRule } from '../../src/schemas/quizzes';
import { tableAdapter, type AnyDb, type AnySelect, type ResourceAdapter } from '../crud/adapter';
import { AppError, invalidFilter } from '../lib/errors';
import { validationError } from '../lib/validation';
import { sha256Hex } from '../integrity/sebConfigKey';
import { recountQuiz } from '../exam/quizGrade';
import { checkBalancedPublish } from '../quizzes/fairness';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** The quit password is written (as its hash, in its own column) and never read back. */
const WRITE_ONLY = ['seb_quit_password'];
const base = tableAdapter('quizzes', Object.keys(entities.quizzes.fields).filter((f) => !WRITE_ONLY.includes(f)), {
  many: {
    subjects: { table: 'quiz_subjects', ownKey: 'quiz_id', otherKey: 'subject_id' },
    questions: { table: 'quiz_questions', ownKey: 'quiz_id', otherKey: 'question_id', position: 'position' },
  },
  dependents: [{ table: 'attempts', column: 'quiz_id', label: 'attempts' }],
  rename: { room: 'room_id' },
});

/**
 * The list filter `question` (a question's id): the quizzes whose papers held it, as a fixed question
 * or drawn by a random rule and answered in an attempt (what the question's statistics in the bank
 * link to).
 */
function questionFilter(qb: AnySelect, raw: unknown): AnySelect {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) {
    const message = '"question" must be a question\'s id';
    throw invalidFilter(message);
  }
  return qb.where((eb: any) =>
    eb.or([
      eb('t.id', 'in', eb.selectFrom('quiz_questions').select('quiz_id').where('question_id', '=', id)),
      eb('t.id', 'in', eb.selectFrom('attempts as a').innerJoin('answers as s', 's.attempt_id', 'a.id').select('a.quiz_id').where('s.question_id', '=', id)),
    ]),
  );
}


/** prepare leaves the hashed quit password under the field's name; it is stored in its own column. */
function withQuitHashColumn(row: Record<string, unknown>) {
  if (!('seb_quit_password' in row)) return row;
  const { seb_quit_password: hash, ...rest } = row;
  return { ...rest, seb_quit_password_hash: hash };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The quiz as stored, in API shape, for comparing an update against. */
async function current(db: AnyDb, id: number) {
  const row = await db.selectFrom('quizzes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const subjects = (await db.selectFrom('quiz_subjects').select('subject_id').where('quiz_id', '=', id).execute()).map((r) => String(r.subject_id)).sort();
  const questions = (await db.selectFrom('quiz_questions').select('question_id').where('quiz_id', '=', id).orderBy('position').execute()).map((r) => r.question_id);
  return { row, subjects, questions };
}

export const hasAttempts = async (db: AnyDb, quizId: number) =>
  (await db.selectFrom('attempts').select('id').where('quiz_id', '=', quizId).limit(1).executeTakeFirst()) !== undefined;

/**
 * Quizzes: the paper (fixed questions in order, random rules) must come from the quiz's subjects,
 * and once a student has started, the paper, timing and marking are locked.
 */
export const quizAdapter: ResourceAdapter = {
  ...base,
  filters: { question: questionFilter },
  dateColumn: 't.valid_from',
  columns: { ...base.columns, created_by: 't.created_by' },
  async prepare(db, body, caller, id) {
    const subjects = (body.subjects as string[]).map(Number);
    const fixed = (body.questions as number[] | undefined) ?? [];
    if (fixed.length) {
      const outside = await db.selectFrom('questions').select('id').where('id', 'in', fixed).where('subject_id', 'not in', subjects).execute();
      if (outside.length) throw validationError({ questions: `Questions must be of the quiz's subjects (question ${outside.map((q) => q.id).join(', ')} is not)` });
    }
    const rules = (body.random_rules as RandomRule[] | undefined) ?? [];
    for (const [i, rule] of rules.entries()) {
      if (rule.module) {
        const module = await db.selectFrom('modules').select(['subject_id', 'department_id']).where('id', '=', rule.module).executeTakeFirst();
        if (!module || !subjects.includes(module.subject_id)) throw validationError({ [`random_rules.${i}.module`]: "Choose a module of the quiz's subjects" });
      }
      if (rule.topic) {
        const topic = await db.selectFrom('topics').select('module_id').where('id', '=', rule.topic).executeTakeFirst();
        if (!topic || (rule.module && topic.module_id !== rule.module)) throw validationError({ [`random_rules.${i}.topic`]: 'Choose a topic of the selected module' });
      }
    }
    // A balanced quiz is published only when every simulated paper can be balanced (a draft may be saved).
    if (body.published === true && body.balance_papers === true && rules.length) {
      const departmentId = id === undefined ? caller.departmentId : ((await db.selectFrom('quizzes').select('department_id').where('id', '=', id).executeTakeFirst())?.department_id ?? null);
      await checkBalancedPublish(db as Kysely<Database>, { departmentId, subjects, fixed, rules, tolerance: body.balance_tolerance as number });
    }
    if (id !== undefined && (await hasAttempts(db, id))) {
      const now = await current(db, id);
      const stored: Record<string, unknown> = {
        subjects: now.subjects,
        questions: now.questions,
        random_rules: now.row.random_rules ? JSON.parse(now.row.random_rules) : [],
        valid_from: now.row.valid_from,
        valid_to: now.row.valid_to,
        duration: now.row.duration,
        group_id: now.row.group_id,
        shuffle_questions: Boolean(now.row.shuffle_questions),
        shuffle_options: Boolean(now.row.shuffle_options),
        negative_penalty: now.row.negative_penalty,
        options: now.row.options ? JSON.parse(now.row.options) : null,
      };
      const incoming: Record<string, unknown> = {
        ...body,
        // Links are stored once each, so a repeated id in the request is no change.
        subjects: [...new Set((body.subjects as string[]).map(String))].sort(),
        questions: [...new Set((body.questions as number[] | undefined) ?? [])],
        valid_from: Date.parse(String(body.valid_from)),
        valid_to: Date.parse(String(body.valid_to)),
      };
      const changed = LOCKED_WHEN_ATTEMPTED.filter((f) => !sameJson(stored[f], incoming[f]));
      if (changed.length) {
        throw new AppError(409, LOCKED_MESSAGE, 'LOCKED', { errors: Object.fromEntries(changed.map((f) => [f, LOCKED_MESSAGE])) });
      }
    }
    // The quit password goes into the .seb file only as SHA-256; the password itself is never stored.
    const { seb_quit_password: quit, ...rest } = body;
    const quitChange = typeof quit === 'string' && quit !== '' ? sha256Hex(quit) : quit === null ? null : undefined;
    if (quitChange !== undefined && id !== undefined && (await hasAttempts(db, id))) {
      // It is part of the configuration students started with: a new one would lock them out.
      throw new AppError(409, LOCKED_MESSAGE, 'LOCKED', { errors: { seb_quit_password: LOCKED_MESSAGE } });
    }
    // An edit replaces the quiz: instructions left out (a cleared form field) or null are none.
    return { ...rest, ...(quitChange === undefined ? {} : { seb_quit_password: quitChange }), instructions: body.instructions ?? null };
  },
  async insert(trx, row, caller) {
    return base.insert(trx, withQuitHashColumn(row), caller);
  },
  async update(trx, id, row, caller) {
    row = withQuitHashColumn(row);
    await base.update(trx, id, row, caller);
    // Exam links work until the quiz closes: a moved window (possible until someone starts) moves their expiry.
    if (typeof row.valid_to === 'number') {
      await trx.updateTable('exam_tokens').set({ expires_at: row.valid_to }).where('quiz_id', '=', id).where('revoked_at', 'is', null).execute();
    }
    // Another grading method counts other attempts: every figure reads the counted ones.
    if (row.grading_method !== undefined) await recountQuiz(trx, id);
  },
};
