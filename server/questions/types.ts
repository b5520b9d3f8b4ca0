import type { DraftImage } from './moodleFiles';
import type { CombinedFeedbackField, Difficulty, NumericAnswer, QuestionType, ScoringMode, ShortAnswer, TextMatchMode } from '../../src/schemas/questions';

/** The file formats questions travel in. */
/** xml is Moodle XML. */
export const TRANSFER_FORMATS = ['xlsx', 'aiken', 'gift', 'xml'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

/** The most questions one file may import, and one export may hold. */
export const MAX_TRANSFER_QUESTIONS = 5_000;

/**
 * The most bytes an Aiken or GIFT file may have: 5,000 questions of a few hundred characters. Their
 * parsers hold many times the text in memory, so the text is bounded before it is parsed.
 */
export const MAX_TEXT_IMPORT_BYTES = 1024 * 1024;

/**
 * One problem of an import. `row` is the spreadsheet row (the header is row 1) for a sheet and
 * the line number (the first line is 1) for the text formats; `field` names the sheet's column
 * or the question's part.
 */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

/**
 * A question as a file states it, before the import's defaults and the question schema are
 * applied. Fields hold what the file says (a sheet's marks may still be 'abc'); what the file
 * leaves out is missing, so the defaults apply.
 */
export interface QuestionDraft {
  /** The spreadsheet row, or the first line of the question in a text file. */
  row: number;
  fields: Record<string, unknown>;
  /** Text formats: the line of a part ('question', 'answer', 'options.2'), so an error points at it. */
  lines?: Record<string, number>;
  /** Spreadsheets: the column of an option ('options.2' -> 'option_c'), for errors on it. */
  columns?: Record<string, string>;
  /** Spreadsheets: the module and topic as written (an id or a name), resolved against the bank later. */
  refs?: { module?: string | number; topic?: string | number };
  /** Moodle formats: the question's name (GIFT title), category path and tags, shown in the import preview. */
  name?: string;
  category?: string;
  tags?: string[];
  /** What the import leaves out of this question (feedback the portal has no place for, ...), shown in the preview. */
  notes?: string[];
  /** Moodle XML: the question's embedded images; its texts hold `@@IMAGE:k@@` where the k-th one goes. */
  images?: DraftImage[];
}

export interface ParseResult {
  drafts: QuestionDraft[];
  errors: RowError[];
}

/** A stored question as the exporters read it, with its combined feedback (choice, matching, Cloze). */
export interface ExportQuestion extends Partial<Record<CombinedFeedbackField, string | null>> {
  id: number;
  type: QuestionType;
  question: string;
  marks: number;
  time_required: number;
  difficulty: Difficulty;
  options?: { id?: string; text: string; correct: boolean; weight?: number; feedback?: string | null }[] | null;
  scoring?: ScoringMode | null;
  correct_bool?: boolean | null;
  numeric_value?: number | null;
  numeric_tolerance?: number | null;
  accepted_answers?: string[] | null;
  /** Moodle's name, category path, tags and feedback (missing on questions written before them). */
  name?: string | null;
  category?: string | null;
  tags?: string[] | null;
  general_feedback?: string | null;
  true_feedback?: string | null;
  false_feedback?: string | null;
  /** Weighted short and numeric answers; missing on old rows, whose accepted_answers / numeric_value say the same. */
  short_answers?: ShortAnswer[] | null;
  case_sensitive?: boolean | null;
  text_match?: TextMatchMode | null;
  numeric_answers?: NumericAnswer[] | null;
  /** Matching: pairs of a subquestion (empty: an extra wrong answer) and its answer. */
  match_pairs?: { id?: string; question?: string; answer: string }[] | null;
  /** How the sheet names the module and topic: a name when it is unique, otherwise the id. */
  module?: string | number | null;
  topic?: string | number | null;
}

/** Stops a parser once a file holds more questions than an import accepts. */
export class TooManyQuestions extends Error {
  constructor() {
    super(`The file has more than ${MAX_TRANSFER_QUESTIONS} questions; split it into smaller files`);
  }
}
