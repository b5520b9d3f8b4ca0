import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { SAVE_GRACE_MS, type QuizRow } from './attempts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * May students see a quiz's correct answers now? Only once the quiz has closed for everyone:
 * valid_to has passed and no attempt of it can still take answers (in progress, its deadline
 * plus the save grace not yet passed; extra time is part of that deadline). Before then a student
 * who submitted early would hand the key to classmates still writing. A teacher may choose to
 * show them right after submitting (show_answers_immediately), knowingly.
 */
export async function answersReleased(db: Db, quiz: NonNullable<QuizRow>, now = Date.now()): Promise<boolean> {
  if (quiz.show_answers_immediately === 1) return true;
  if (quiz.valid_to === null || now < quiz.valid_to) return false;
  const running = await db
    .selectFrom('attempts')
    .select('id')
    .where('quiz_id', '=', quiz.id)
    .where('status', '=', 'in_progress')
    .where('deadline', '>=', now - SAVE_GRACE_MS)
    .limit(1)
    .executeTakeFirst();
  return running === undefined;
}
