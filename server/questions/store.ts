import { randomBytes } from 'node:crypto';
import { combinedFeedbackWith, hasCombinedFeedback, legacyAnswerFields, numericAnswersOf, optionWeights, shortAnswersOf, type NumericAnswer, type Question, type ShortAnswer } from '../../src/schemas/questions';
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
  return options.map((o, i) => ({ id: newId(), text: o.text, correct: weights[i] > 0, weight: weights[i], ...(o.feedback ? { feedback: o.feedback } : {}) }));
}

/**
 * A validated question as a row of the `questions` table, stored the way the question form
 * stores it (server/storage/questionAdapter.ts): only the answer-key fields of its type are
 * kept, options get stable ids, multiple choice defaults to all-or-nothing and numeric answers
 * to an exact tolerance of 0.
 */
export function toStoredRow(q: Question, owner: Owner, now: number, newId: () => string = optionId) {
  const choice = q.type === 'single' || q.type === 'multiple';
  const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  // Short and numeric answers as weighted lists, the old single-valued fields kept filled from them.
  const short = q.type === 'short_answer' ? shortAnswersOf(q) : undefined;
  const numeric =
    q.type === 'numeric'
      ? numericAnswersOf(q).map(({ value, tolerance, weight, feedback }) => ({ value, tolerance: value === '*' ? 0 : (tolerance ?? 0), weight, ...(feedback ? { feedback } : {}) }))
      : undefined;
  const shortList = short?.answers.map(({ text: t, weight, feedback }) => ({ text: t, weight, ...(feedback ? { feedback } : {}) }));
  const legacy = legacyAnswerFields({ type: q.type, short_answers: shortList, text_match: short?.textMatch, numeric_answers: numeric });
  return {
    subject_id: q.subject,
    module_id: q.module,
    topic_id: q.topic ?? null,
    type: q.type,
    question: q.question,
    marks: q.type === 'description' ? 0 : q.marks,
    time_required: q.time_required,
    difficulty: q.difficulty,
    options: choice ? JSON.stringify(storedOptions(q, newId)) : null,
    scoring: q.type === 'multiple' ? (q.scoring ?? 'all_or_nothing') : null,
    correct_bool: q.type === 'true_false' ? (q.correct_bool ? 1 : 0) : null,
    numeric_value: q.type === 'numeric' ? legacy.numeric_value : null,
    numeric_tolerance: q.type === 'numeric' ? legacy.numeric_tolerance : null,
    accepted_answers: q.type === 'short_answer' ? JSON.stringify(legacy.accepted_answers ?? []) : null,
    name: text(q.name),
    category: text(q.category),
    tags: q.tags?.length ? JSON.stringify(q.tags) : null,
    general_feedback: text(q.general_feedback),
    ...combinedFeedbackWith((field) => (hasCombinedFeedback(q.type) ? text(q[field]) : null)),
    true_feedback: q.type === 'true_false' ? text(q.true_feedback) : null,
    false_feedback: q.type === 'true_false' ? text(q.false_feedback) : null,
    short_answers: shortList ? JSON.stringify(shortList) : null,
    case_sensitive: short ? (short.textMatch === 'moodle' && q.case_sensitive === true ? 1 : 0) : null,
    text_match: short ? short.textMatch : null,
    numeric_answers: numeric ? JSON.stringify(numeric) : null,
    // Matching pairs get stable ids, as the question form gives them (a stem's and a choice's id in papers).
    match_pairs:
      q.type === 'matching' ? JSON.stringify((q.match_pairs ?? []).map((p) => ({ id: newId(), question: (p.question ?? '').trim(), answer: p.answer.trim() }))) : null,
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
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
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
    name: str(row.name),
    category: str(row.category),
    tags: parseJson<string[]>(row.tags),
    general_feedback: str(row.general_feedback),
    ...combinedFeedbackWith((field) => str(row[field])),
    true_feedback: str(row.true_feedback),
    false_feedback: str(row.false_feedback),
    short_answers: parseJson<ShortAnswer[]>(row.short_answers),
    case_sensitive: row.case_sensitive === null || row.case_sensitive === undefined ? null : Boolean(Number(row.case_sensitive)),
    text_match: (str(row.text_match) as ExportQuestion['text_match']) ?? null,
    numeric_answers: parseJson<NumericAnswer[]>(row.numeric_answers),
    match_pairs: parseJson<ExportQuestion['match_pairs']>(row.match_pairs),
    module: (row.module as string | number | null) ?? null,
    topic: (row.topic as string | number | null) ?? null,
  };
}
