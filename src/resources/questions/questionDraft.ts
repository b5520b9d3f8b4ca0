import { z } from 'zod';
import type { MeasuredFields } from '../../schemas/measured';
import { toNumberInput } from '../../schemas/fields';
import {
  checkMoodleTypes,
  checkQuestionAnswer,
  combinedFeedbackWith,
  hasCombinedFeedback,
  numericAnswersOf,
  optionWeights,
  questionSchema,
  shortAnswersOf,
  type CombinedFeedbackField,
  type Difficulty,
  type NumericAnswer,
  type QuestionOption,
  type QuestionType,
  type ScoringMode,
  type ShortAnswer,
  type TextMatchMode,
} from '../../schemas/questions';
import type { FieldErrors } from '../../ui/forms/fieldErrors';
import { crossFieldErrors } from '../../ui/forms/crossFieldErrors';
import type { QuestionAnswerKey, QuestionViewData } from './QuestionView';

/**
 * The question editor's state. Numbers stay as typed (strings) so a half-typed value is not
 * lost; list items carry a React key. `questionInputOf` turns a draft into what questionSchema
 * and the API read, keeping only the answer fields of the chosen type, so an option left over
 * from another type is neither validated nor sent.
 */

export interface OptionDraft {
  /** React key; stable while the option is moved. */
  key: string;
  /** The server's id of a saved option (kept so attempts can still refer to it). */
  id?: string;
  text: string;
  correct: boolean;
  /** The weight in percent; null: derived from `correct` (the right options share 100%). */
  weight: number | null;
  /** Shown in the review to a student who chose it. */
  feedback: string;
}

/** An accepted answer of a short answer question: its text (`*` a wildcard), weight in percent and feedback. */
export interface AnswerDraft {
  key: string;
  text: string;
  weight: number;
  feedback: string;
}

/** An answer of a numeric question: value ('*' for any other number) and tolerance as typed, weight in percent, feedback. */
export interface NumericAnswerDraft {
  key: string;
  value: string;
  tolerance: string;
  weight: number;
  feedback: string;
}

/** A pair of a matching question: an empty `question` makes `answer` an extra wrong answer. */
export interface PairDraft {
  key: string;
  id?: string;
  question: string;
  answer: string;
}

/** Choice, matching and Cloze: Moodle's combined feedback (correct, partially correct, incorrect response). */
export interface QuestionDraft extends Record<CombinedFeedbackField, string> {
  subject: number | null;
  module: number | null;
  topic: number | null;
  type: QuestionType | '';
  question: string;
  marks: string;
  time_required: string;
  difficulty: Difficulty | '';
  options: OptionDraft[];
  scoring: ScoringMode;
  correct_bool: boolean | null;
  true_feedback: string;
  false_feedback: string;
  numeric_answers: NumericAnswerDraft[];
  accepted_answers: AnswerDraft[];
  case_sensitive: boolean;
  text_match: TextMatchMode;
  /** Moodle's question name, category path and tags (comma separated here). */
  name: string;
  category: string;
  tags: string;
  general_feedback: string;
  /** Descriptive: the model answer or rubric for graders. */
  model_answer: string;
  match_pairs: PairDraft[];
}

/** A bank record as the API answers it. */
export interface QuestionRecord extends Partial<Record<CombinedFeedbackField, string | null>>, Partial<MeasuredFields> {
  id: number;
  subject: number;
  module: number;
  topic: number | null;
  type: QuestionType;
  question: string;
  marks: number;
  time_required: number;
  difficulty: Difficulty;
  options: (QuestionOption & { id: string })[] | null;
  scoring: ScoringMode | null;
  correct_bool: boolean | null;
  numeric_value: number | null;
  numeric_tolerance: number | null;
  accepted_answers: string[] | null;
  short_answers?: ShortAnswer[] | null;
  case_sensitive?: boolean | null;
  text_match?: TextMatchMode | null;
  numeric_answers?: NumericAnswer[] | null;
  true_feedback?: string | null;
  false_feedback?: string | null;
  name?: string | null;
  category?: string | null;
  tags?: string[] | null;
  general_feedback?: string | null;
  model_answer?: string | null;
  match_pairs?: { id: string; question: string; answer: string }[] | null;
  version: number;
  created_by: number;
  created_at: string;
}

let nextKey = 0;
export const newKey = (): string => `k${++nextKey}`;

export const newOption = (text = '', correct = false): OptionDraft => ({ key: newKey(), text, correct, weight: null, feedback: '' });
export const newAnswer = (text = '', weight = 100, feedback = ''): AnswerDraft => ({ key: newKey(), text, weight, feedback });
export const newNumericAnswer = (value = '', tolerance = '0', weight = 100, feedback = ''): NumericAnswerDraft => ({ key: newKey(), value, tolerance, weight, feedback });
export const newPair = (question = '', answer = ''): PairDraft => ({ key: newKey(), question, answer });

/** A new question: two empty options and one empty accepted answer ready to fill. */
export function newQuestionDraft(preset: Partial<Pick<QuestionDraft, 'subject' | 'module' | 'topic' | 'type' | 'marks' | 'time_required' | 'difficulty'>> = {}): QuestionDraft {
  return {
    subject: null,
    module: null,
    topic: null,
    type: '',
    question: '',
    marks: '1',
    time_required: '1',
    difficulty: '',
    options: [newOption(), newOption()],
    scoring: 'all_or_nothing',
    correct_bool: null,
    true_feedback: '',
    false_feedback: '',
    numeric_answers: [newNumericAnswer()],
    accepted_answers: [newAnswer()],
    case_sensitive: false,
    text_match: 'moodle',
    name: '',
    category: '',
    tags: '',
    general_feedback: '',
    ...combinedFeedbackWith(() => ''),
    model_answer: '',
    match_pairs: [newPair(), newPair(), newPair()],
    ...preset,
  };
}

/** The draft of a saved question, for editing. */
export function draftOf(record: QuestionRecord): QuestionDraft {
  const blank = newQuestionDraft();
  const short = shortAnswersOf(record);
  const numeric = numericAnswersOf(record);
  return {
    subject: record.subject,
    module: record.module,
    topic: record.topic ?? null,
    type: record.type,
    question: record.question,
    marks: String(record.marks),
    time_required: String(record.time_required),
    difficulty: record.difficulty,
    options: record.options?.length
      ? record.options.map((o) => ({ key: newKey(), id: o.id, text: o.text, correct: Boolean(o.correct), weight: typeof o.weight === 'number' ? o.weight : null, feedback: o.feedback ?? '' }))
      : blank.options,
    scoring: record.scoring ?? 'all_or_nothing',
    correct_bool: record.correct_bool ?? null,
    true_feedback: record.true_feedback ?? '',
    false_feedback: record.false_feedback ?? '',
    numeric_answers: numeric.length ? numeric.map((a) => newNumericAnswer(String(a.value), String(a.tolerance ?? 0), a.weight, a.feedback ?? '')) : blank.numeric_answers,
    accepted_answers: short.answers.length ? short.answers.map((a) => newAnswer(a.text, a.weight, a.feedback ?? '')) : blank.accepted_answers,
    case_sensitive: record.case_sensitive === true,
    text_match: record.type === 'short_answer' ? short.textMatch : 'moodle',
    name: record.name ?? '',
    category: record.category ?? '',
    tags: (record.tags ?? []).join(', '),
    general_feedback: record.general_feedback ?? '',
    ...combinedFeedbackWith((field) => record[field] ?? ''),
    model_answer: record.model_answer ?? '',
    match_pairs: record.match_pairs?.length ? record.match_pairs.map((p) => ({ ...newPair(p.question, p.answer), id: p.id })) : blank.match_pairs,
  };
}

const blankToUndefined = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
/** Tags as typed: separated by commas, blanks dropped. */
export const tagsOf = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
const withFeedback = (feedback: string) => (feedback.trim() === '' ? {} : { feedback });

/** What questionSchema and the API read from a draft (see the file comment). */
export function questionInputOf(draft: QuestionDraft): Record<string, unknown> {
  const input: Record<string, unknown> = {
    subject: draft.subject ?? undefined,
    module: draft.module ?? undefined,
    topic: draft.topic ?? undefined,
    type: draft.type === '' ? undefined : draft.type,
    question: draft.question,
    marks: draft.marks,
    time_required: draft.time_required,
    difficulty: draft.difficulty === '' ? undefined : draft.difficulty,
    name: draft.name,
    category: draft.category,
    tags: tagsOf(draft.tags),
    general_feedback: draft.general_feedback,
    ...(hasCombinedFeedback(draft.type) ? combinedFeedbackWith((field) => draft[field]) : {}),
  };
  switch (draft.type) {
    case 'single':
    case 'multiple':
      input.options = draft.options.map(({ id, text, correct, weight, feedback }) => ({
        ...(id ? { id } : {}),
        text,
        correct,
        ...(weight === null ? {} : { weight }),
        ...withFeedback(feedback),
      }));
      if (draft.type === 'multiple') input.scoring = draft.scoring;
      break;
    case 'true_false':
      input.correct_bool = draft.correct_bool ?? undefined;
      input.true_feedback = draft.true_feedback;
      input.false_feedback = draft.false_feedback;
      break;
    case 'numeric':
      input.numeric_answers = draft.numeric_answers.map(({ value, tolerance, weight, feedback }) => ({
        value: value.trim() === '*' ? '*' : blankToUndefined(value),
        tolerance: blankToUndefined(tolerance),
        weight,
        ...withFeedback(feedback),
      }));
      break;
    case 'short_answer':
      input.short_answers = draft.accepted_answers.map(({ text, weight, feedback }) => ({ text, weight, ...withFeedback(feedback) }));
      input.text_match = draft.text_match;
      input.case_sensitive = draft.text_match === 'moodle' && draft.case_sensitive;
      break;
    case 'matching':
      // Rows left wholly empty are ignored; a row with only a subquestion is refused (its answer is missing).
      input.match_pairs = draft.match_pairs
        .filter((p) => p.question.trim() !== '' || p.answer.trim() !== '')
        .map(({ id, question, answer }) => ({ ...(id ? { id } : {}), question, answer }));
      break;
    case 'descriptive':
      input.model_answer = draft.model_answer;
      break;
    default:
      break;
  }
  return input;
}

/** questionSchema read from a draft: the editor validates with this, so its messages are the schema's. */
export const questionDraftSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null ? questionInputOf(value as QuestionDraft) : value),
  questionSchema,
);

/** The answer and marks checks of questionSchema for a draft, run even while another field is missing (see crossFieldErrors). */
export function answerErrorsOf(draft: QuestionDraft): FieldErrors {
  const input = questionInputOf(draft);
  const bothChecks = (q: Record<string, unknown>, ctx: z.RefinementCtx) => {
    checkQuestionAnswer(q, ctx);
    checkMoodleTypes(q, ctx);
  };
  return crossFieldErrors(bothChecks, {
    ...input,
    marks: toNumberInput(input.marks),
    ...(Array.isArray(input.numeric_answers)
      ? { numeric_answers: (input.numeric_answers as { weight: unknown }[]).map((a) => ({ ...a, weight: toNumberInput(a.weight) })) }
      : {}),
  });
}

/**
 * A type change keeps what still fits: options move between single and multiple choice
 * (single keeps only its first correct option).
 */
export function withType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  // A description has no marks; a question that had none gets the usual 1 back.
  if (type === 'description') return { ...draft, type, marks: '0' };
  if (draft.type === 'description' && draft.marks.trim() === '0') draft = { ...draft, marks: '1' };
  if (type !== 'single') return { ...draft, type };
  let seen = false;
  const options = draft.options.map((option) => {
    if (!option.correct) return option;
    if (seen) return { ...option, correct: false };
    seen = true;
    return option;
  });
  return { ...draft, type, options };
}

const numberOr = (text: string): number | undefined => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined);

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const feedbackOf = (f: string | null | undefined) => (present(f) ? { feedback: f } : {});

/**
 * The key's weights and feedback as the teacher wrote them, in the paper key's shape (fractions):
 * every option with its weight and feedback, every short or numeric answer in order, the True and
 * False feedback and the general feedback, so the previews show all of them, not only the right ones.
 */
function keyDetails(q: {
  type: QuestionType;
  scoring?: ScoringMode | null;
  options?: readonly { id: string; correct?: boolean; weight?: number | null; feedback?: string | null }[];
  shortAnswers?: readonly { text: string; weight: number; feedback?: string | null }[];
  numericAnswers?: readonly { value: number | '*'; tolerance?: number; weight: number; feedback?: string | null }[];
  trueFeedback?: string | null;
  falseFeedback?: string | null;
  generalFeedback?: string | null;
}): Partial<QuestionAnswerKey> {
  const choice = q.type === 'single' || q.type === 'multiple';
  const options = choice ? (q.options ?? []) : [];
  const weights = optionWeights(q.type, q.scoring, options);
  const optionFeedback = Object.fromEntries(options.filter((o) => present(o.feedback)).map((o) => [o.id, o.feedback as string]));
  const feedback = {
    ...(present(q.generalFeedback) ? { general: q.generalFeedback } : {}),
    ...(Object.keys(optionFeedback).length ? { options: optionFeedback } : {}),
    ...(q.type === 'true_false' && present(q.trueFeedback) ? { true: q.trueFeedback } : {}),
    ...(q.type === 'true_false' && present(q.falseFeedback) ? { false: q.falseFeedback } : {}),
  };
  return {
    ...(choice ? { weights: Object.fromEntries(options.map((o, i) => [o.id, weights[i] / 100])) } : {}),
    ...(q.type === 'short_answer' && q.shortAnswers ? { shortAnswers: q.shortAnswers.map((a) => ({ text: a.text, fraction: a.weight / 100, ...feedbackOf(a.feedback) })) } : {}),
    ...(q.type === 'numeric' && q.numericAnswers
      ? { numericAnswers: q.numericAnswers.map((a) => ({ value: a.value, tolerance: a.tolerance ?? 0, fraction: a.weight / 100, ...feedbackOf(a.feedback) })) }
      : {}),
    ...(Object.keys(feedback).length ? { feedback } : {}),
  };
}

/** The live preview of a draft: what a student would see, and the key as the teacher set it. */
export function previewOfDraft(draft: QuestionDraft): { question: QuestionViewData; key: QuestionAnswerKey } | undefined {
  if (draft.type === '') return undefined;
  const choice = draft.type === 'single' || draft.type === 'multiple';
  const fullNumeric = draft.numeric_answers.find((a) => a.weight === 100 && numberOr(a.value) !== undefined);
  return {
    question: {
      type: draft.type,
      question: draft.question.trim() === '' ? '*The question text appears here.*' : draft.question,
      marks: numberOr(draft.marks),
      options: choice
        ? draft.options.map((option, index) => ({ id: option.key, text: option.text.trim() === '' ? `*Option ${index + 1}*` : option.text }))
        : undefined,
      pairs: draft.type === 'matching' ? draft.match_pairs.filter((p) => p.answer.trim() !== '') : undefined,
    },
    key: {
      correctOptions: choice ? draft.options.filter((o) => o.correct).map((o) => o.key) : undefined,
      correctBool: draft.correct_bool ?? undefined,
      numericValue: numberOr(fullNumeric?.value ?? ''),
      numericTolerance: numberOr(fullNumeric?.tolerance ?? ''),
      acceptedAnswers: draft.accepted_answers
        .filter((a) => a.weight === 100)
        .map((a) => a.text.trim())
        .filter(Boolean),
      caseSensitive: draft.text_match === 'moodle' ? draft.case_sensitive : undefined,
      scoring: draft.type === 'multiple' ? draft.scoring : undefined,
      ...keyDetails({
        type: draft.type,
        scoring: draft.scoring,
        options: draft.options.map((o) => ({ ...o, id: o.key })),
        shortAnswers: draft.accepted_answers.filter((a) => a.text.trim() !== ''),
        numericAnswers: draft.numeric_answers.flatMap((a) => {
          const value = a.value.trim() === '*' ? '*' : numberOr(a.value);
          return value === undefined ? [] : [{ value, tolerance: numberOr(a.tolerance) ?? 0, weight: a.weight, feedback: a.feedback }];
        }),
        trueFeedback: draft.true_feedback,
        falseFeedback: draft.false_feedback,
        generalFeedback: draft.general_feedback,
      }),
    },
  };
}

/** A saved question as a student sees it, with its answer key. */
export function previewOfRecord(record: QuestionRecord): { question: QuestionViewData; key: QuestionAnswerKey } {
  return {
    question: {
      type: record.type,
      question: record.question,
      marks: record.marks,
      options: record.options?.map(({ id, text }) => ({ id, text })),
      pairs: record.match_pairs ?? undefined,
    },
    key: {
      correctOptions: record.options?.filter((o) => o.correct).map((o) => o.id),
      correctBool: record.correct_bool ?? undefined,
      numericValue: record.numeric_value ?? undefined,
      numericTolerance: record.numeric_tolerance ?? undefined,
      acceptedAnswers: record.accepted_answers ?? undefined,
      caseSensitive: record.type === 'short_answer' && record.text_match !== 'legacy' ? record.case_sensitive === true : undefined,
      scoring: record.type === 'multiple' ? (record.scoring ?? 'all_or_nothing') : undefined,
      ...keyDetails({
        type: record.type,
        scoring: record.scoring,
        options: record.options ?? [],
        shortAnswers: record.type === 'short_answer' ? shortAnswersOf(record).answers : undefined,
        numericAnswers: record.type === 'numeric' ? numericAnswersOf(record) : undefined,
        trueFeedback: record.true_feedback,
        falseFeedback: record.false_feedback,
        generalFeedback: record.general_feedback,
      }),
    },
  };
}
