import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SessionUser } from '../auth/sessions';
import type { Database } from '../db/tables';
import { COMBINED_FEEDBACK_FIELDS } from '../../src/schemas/questions';
import { imageIdsIn, imageUrl, type ImageType } from './images';

type Db = Kysely<Database> | Transaction<Database>;

/** Who stores an image: the teacher, in their department and institute. */
export interface ImageOwner {
  userId: number;
  instituteId: number | null;
  departmentId: number | null;
}

/** Stores checked image bytes; answers the new image's id. */
export async function insertImage(db: Db, owner: ImageOwner, bytes: Uint8Array, contentType: ImageType, questionId: number | null, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('question_images')
    .values({
      question_id: questionId,
      content_type: contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      institute_id: owner.instituteId,
      department_id: owner.departmentId,
      created_by: owner.userId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An image with what the access checks read and what is sent; undefined when there is none. */
export function findImage(db: Db, id: number) {
  return db.selectFrom('question_images').select(['id', 'question_id', 'created_by', 'department_id', 'content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/** The text columns of a question that may refer to an image (question text, options, pairs, feedback, model answer). */
const TEXT_COLUMNS = ['question', 'options', 'match_pairs', 'general_feedback', ...COMBINED_FEEDBACK_FIELDS, 'true_feedback', 'false_feedback', 'short_answers', 'numeric_answers', 'model_answer'] as const;

/** The SQL patterns of a reference to image `id` in Markdown: the path followed by ')' or a space (a title). */
const patternsOf = (id: number) => [`%${imageUrl(id)})%`, `%${imageUrl(id)} %`];

/** What the access checks read of an image. */
export interface ImageOwnership {
  id: number;
  question_id: number | null;
  created_by: number | null;
  department_id: number | null;
}

/**
 * Whether a teacher may see an image: they uploaded it and it is not yet part of a question, or it is
 * an image of their department and a question of their department (the questions they may see) is
 * the image's question or refers to it. Referring to another department's image in a question of
 * one's own never opens it (ids can be guessed).
 */
export async function staffMaySee(db: Db, user: SessionUser, image: ImageOwnership): Promise<boolean> {
  if (user.role !== 'TEACHER') return false;
  if (image.question_id === null && image.created_by === user.userId) return true;
  if (user.departmentId === null || image.department_id !== user.departmentId) return false;
  const department = user.departmentId;
  const inDepartment = () => db.selectFrom('questions').select('id').where('department_id', '=', department).limit(1);
  // The image's own question first (one row by its key), then any other question that refers to it.
  if (image.question_id !== null && (await inDepartment().where('id', '=', image.question_id).executeTakeFirst())) return true;
  const referring = await inDepartment()
    .where((eb) => eb.or(TEXT_COLUMNS.flatMap((c) => patternsOf(image.id).map((p) => eb(c, 'like', p)))))
    .executeTakeFirst();
  return referring !== undefined;
}

/**
 * Whether a student may see an image: one of their attempts, on a quiz of the image's department,
 * has a paper (the questions as they got them) that refers to it, and the attempt is running or its
 * quiz allows review. A session opened by an exam link sees only its own quiz's attempts.
 */
/** A stored review matrix whose three times all hide the attempt (JSON keeps the schema's key order). */
const ATTEMPT_NEVER_SHOWN = '%"attempt":false%"attempt":false%"attempt":false%';

export async function studentMaySee(db: Db, user: SessionUser, image: ImageOwnership): Promise<boolean> {
  if (user.role !== 'STUDENT' || image.department_id === null) return false;
  const imageId = image.id;
  let q = db
    .selectFrom('attempts as a')
    .innerJoin('quizzes as z', 'z.id', 'a.quiz_id')
    .select('a.id')
    .where('a.student_id', '=', user.userId)
    .where('z.department_id', '=', image.department_id)
    .where((eb) => eb.or(patternsOf(imageId).map((p) => eb('a.paper', 'like', p))))
    // A finished attempt's images while the quiz's review options show the attempt at some time (all three off: never).
    .where((eb) => eb.or([eb('a.status', '=', 'in_progress'), eb(sql`coalesce(z.review, '')`, 'not like', ATTEMPT_NEVER_SHOWN)]));
  if (user.examQuizId !== null) q = q.where('a.quiz_id', '=', user.examQuizId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * After a question is saved: the images its texts refer to that the saver uploaded and that no
 * question holds yet become this question's.
 */
export async function linkImages(db: Db, questionId: number, userId: number, texts: unknown[]): Promise<void> {
  const ids = [...new Set(texts.flatMap((t) => imageIdsIn(typeof t === 'string' ? t : t == null ? '' : JSON.stringify(t))))];
  if (!ids.length) return;
  await db
    .updateTable('question_images')
    .set({ question_id: questionId })
    .where('id', 'in', ids)
    .where('question_id', 'is', null)
    .where('created_by', '=', userId)
    .execute();
}

/** The images a set of stored questions refer to (for an export), by id. */
export async function imagesOf(db: Db, department: number, texts: string[]): Promise<Map<number, { content_type: string; bytes: Uint8Array }>> {
  const ids = [...new Set(texts.flatMap(imageIdsIn))];
  const out = new Map<number, { content_type: string; bytes: Uint8Array }>();
  for (let i = 0; i < ids.length; i += 200) {
    const rows = await db
      .selectFrom('question_images')
      .select(['id', 'content_type', 'bytes'])
      .where('id', 'in', ids.slice(i, i + 200))
      .where('department_id', '=', department)
      .execute();
    for (const r of rows) out.set(Number(r.id), { content_type: r.content_type, bytes: r.bytes });
  }
  return out;
}

