import { DIFFICULTIES, DIFFICULTY_LABELS, QUESTION_TYPE_LABELS, type Difficulty, type QuestionType } from '../schemas/questions';

/**
 * How a question's difficulty and type are written on every screen, charts and tables alike: the
 * words of the question schema's choices (what the question editor and the question list show),
 * "Easy, Medium, Hard" in that order. A value the schema does not know is shown as it is.
 */
export const difficultyLabel = (value: string) => DIFFICULTY_LABELS[value as Difficulty] ?? value;
export const questionTypeLabel = (value: string) => QUESTION_TYPE_LABELS[value as QuestionType] ?? value;

/** Rows named by a difficulty in the schema's order (easy, medium, hard), others after them. */
export function inDifficultyOrder<T extends { name: string }>(rows: readonly T[]): T[] {
  const rank = (name: string) => {
    const i = DIFFICULTIES.indexOf(name as Difficulty);
    return i === -1 ? DIFFICULTIES.length : i;
  };
  return [...rows].sort((a, b) => rank(a.name) - rank(b.name));
}
