import { z } from 'zod';
import { toNumberInput } from '../../schemas/fields';
import {
  checkMoodleTypes,
  checkQuestionAnswer,
  questionSchema,
  type Difficulty,
  type QuestionOption,
  type QuestionType,
  type ScoringMode,
} from '../../schemas/questions';
import type { FieldErrors } from '../../ui/forms/fieldErrors';
import { crossFieldErrors } from './common/crossFieldErrors';
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
}

export interface AnswerDraft {
  key: string;
  text: string;
}

/** A pair of a matching question: an empty `question` makes `answer` an extra wrong answer. */
export interface PairDraft {
  key: string;
  id?: string;
  question: string;
  answer: string;
}

export interface QuestionDraft {
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
  numeric_value: string;
  numeric_tolerance: string;
  accepted_answers: AnswerDraft[];
  match_pairs: PairDraft[];
}

/** A bank record as the API answers it. */
export interface QuestionRecord {
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
  match_pairs?: { id: string; question: string; answer: string }[] | null;
  version: number;
  created_by: number;
  created_at: string;
}

let nextKey = 0;
export const newKey = (): string => `k${++nextKey}`;

export const newOption = (text = '', correct = false): OptionDraft => ({ key: newKey(), text, correct, weight: null });
export const newAnswer = (text = ''): AnswerDraft => ({ key: newKey(), text });
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
    numeric_value: '',
    numeric_tolerance: '0',
    accepted_answers: [newAnswer()],
    match_pairs: [newPair(), newPair(), newPair()],
    ...preset,
  };
}

/** The draft of a saved question, for editing. */
export function draftOf(record: QuestionRecord): QuestionDraft {
  const blank = newQuestionDraft();
  return {
    subject: record.subject,
    module: record.module,
    topic: record.topic ?? null,
    type: record.type,
    question: record.question,
    marks: String(record.marks),
    time_required: String(record.time_required),
    difficulty: record.difficulty,
    options: record.options?.length ? record.options.map((o) => ({ key: newKey(), id: o.id, text: o.text, correct: Boolean(o.correct), weight: typeof o.weight === 'number' ? o.weight : null })) : blank.options,
    scoring: record.scoring ?? 'all_or_nothing',
    correct_bool: record.correct_bool ?? null,
    numeric_value: record.numeric_value === null || record.numeric_value === undefined ? '' : String(record.numeric_value),
    numeric_tolerance: record.numeric_tolerance === null || record.numeric_tolerance === undefined ? '0' : String(record.numeric_tolerance),
    accepted_answers: record.accepted_answers?.length ? record.accepted_answers.map((text) => newAnswer(text)) : blank.accepted_answers,
    match_pairs: record.match_pairs?.length ? record.match_pairs.map((p) => ({ ...newPair(p.question, p.answer), id: p.id })) : blank.match_pairs,
  };
}

const blankToUndefined = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

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
  };
  switch (draft.type) {
    case 'single':
    case 'multiple':
      input.options = draft.options.map(({ id, text, correct, weight }) => ({ ...(id ? { id } : {}), text, correct, ...(weight === null ? {} : { weight }) }));
      if (draft.type === 'multiple') input.scoring = draft.scoring;
      break;
    case 'true_false':
      input.correct_bool = draft.correct_bool ?? undefined;
      break;
    case 'numeric':
      input.numeric_value = blankToUndefined(draft.numeric_value);
      input.numeric_tolerance = blankToUndefined(draft.numeric_tolerance);
      break;
    case 'short_answer':
      input.accepted_answers = draft.accepted_answers.map((answer) => answer.text);
      break;
    case 'matching':
      // Rows left wholly empty are ignored; a row with only a subquestion is refused (its answer is missing).
      input.match_pairs = draft.match_pairs
        .filter((p) => p.question.trim() !== '' || p.answer.trim() !== '')
        .map(({ id, question, answer }) => ({ ...(id ? { id } : {}), question, answer }));
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

/** The answer checks of questionSchema for a draft, run even while another field is missing (see crossFieldErrors). */
export function answerErrorsOf(draft: QuestionDraft): FieldErrors {
  const input = questionInputOf(draft);
  return crossFieldErrors((q, ctx) => {
    checkQuestionAnswer(q, ctx);
    checkMoodleTypes(q, ctx);
  }, {
    ...input,
    numeric_value: toNumberInput(input.numeric_value),
    numeric_tolerance: toNumberInput(input.numeric_tolerance),
    marks: toNumberInput(input.marks),
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

/** The live preview of a draft: what a student would see, and the key as the teacher set it. */
export function previewOfDraft(draft: QuestionDraft): { question: QuestionViewData; key: QuestionAnswerKey } | undefined {
  if (draft.type === '') return undefined;
  const choice = draft.type === 'single' || draft.type === 'multiple';
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
      numericValue: numberOr(draft.numeric_value),
      numericTolerance: numberOr(draft.numeric_tolerance),
      acceptedAnswers: draft.accepted_answers.map((a) => a.text.trim()).filter(Boolean),
      scoring: draft.type === 'multiple' ? draft.scoring : undefined,
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
      scoring: record.type === 'multiple' ? (record.scoring ?? 'all_or_nothing') : undefined,
    },
  };
}
