import { randomBytes } from 'node:crypto';
import { optionWeights, type Question } from '../../src/schemas/questions';
import type { ExportQuestion } from './types';

/** Who owns imported questions: the importing teacher, in their department and institute. */
export interface Owner {
  userId: number;
  instituteId: number | null;
  departmentId: number | null;
}

const optionId = () => randomBytes(6).toString('base64url');

/** Options as stored: a stable id, and the weight (given, or derived from `correct`) with `correct` meaning weight > 0. */
function storedOptions(q: Question, newId: () => string) {
  const options = q.options ?? [];
  const weights = optionWeights(q.type, q.type === 'multiple' ? (q.scoring ?? 'all_or_nothing') : null, options);
  return options.map((o, i) => ({ id: newId(), text: o.text, correct: weights[i] > 0, weight: weights[i] }));
}

/**
 * A validated question as a row of the `questions` table, stored the way the question form
 * stores it (server/resources/questionAdapter.ts): only the answer-key fields of its type are
 * kept, options get stable ids, multiple choice defaults to all-or-nothing and numeric answers
 * to an exact tolerance of 0.
 */
export function toStoredRow(q: Question, owner: Owner, now: number, newId: () => string = optionId) {
  const choice = q.type === 'single' || q.type === 'multiple';
  return {
    subject_id: q.subject,
    module_id: q.module,
    topic_id: q.topic ?? null,
    type: q.type,
    question: q.question,
    marks: q.marks,
    time_required: q.time_required,
    difficulty: q.difficulty,
    options: choice ? JSON.stringify(storedOptions(q, newId)) : null,
    scoring: q.type === 'multiple' ? (q.scoring ?? 'all_or_nothing') : null,
    correct_bool: q.type === 'true_false' ? (q.correct_bool ? 1 : 0) : null,
    numeric_value: q.type === 'numeric' ? (q.numeric_value ?? null) : null,
    numeric_tolerance: q.type === 'numeric' ? (q.numeric_tolerance ?? 0) : null,
    accepted_answers: q.type === 'short_answer' ? JSON.stringify(q.accepted_answers ?? []) : null,
    institute_id: owner.instituteId,
    department_id: owner.departmentId,
    created_by: owner.userId,
    created_at: now,
    updated_at: now,
  };
}

const parseJson = <T>(value: unknown): T | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
};
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A stored row (with its module and topic as the sheet names them) as the exporters read it. */
export function fromStoredRow(row: Record<string, unknown>): ExportQuestion {
  return {
    id: Number(row.id),
    type: row.type as ExportQuestion['type'],
    question: String(row.question),
    marks: Number(row.marks),
    time_required: Number(row.time_required),
    difficulty: row.difficulty as ExportQuestion['difficulty'],
    options: parseJson<ExportQuestion['options']>(row.options),
    scoring: (row.scoring as ExportQuestion['scoring']) ?? null,
    correct_bool: row.correct_bool === null || row.correct_bool === undefined ? null : Boolean(Number(row.correct_bool)),
    numeric_value: numberOrNull(row.numeric_value),
    numeric_tolerance: numberOrNull(row.numeric_tolerance),
    accepted_answers: parseJson<string[]>(row.accepted_answers),
    module: (row.module as string | number | null) ?? null,
    topic: (row.topic as string | number | null) ?? null,
  };
}
