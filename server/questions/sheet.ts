import * as XLSX from '@e965/xlsx';
import { OPTIONS_MAX, QUESTION_TYPES, numericAnswersOf, optionWeights, shortAnswersOf, type QuestionType, type TextMatchMode } from '../../src/schemas/questions';
import { badRequest } from '../lib/errors';
import { MAX_TRANSFER_QUESTIONS, type ExportQuestion, type ParseResult, type QuestionDraft, type RowError } from './types';

/**
 * The question spreadsheet (.xlsx or .xls): one question per row from row 2, under a header row
 * naming the columns (in any order; headers are matched without case, spaces or punctuation).
 * Row numbers are the spreadsheet's: the header is row 1.
 */

/** Option columns option_a ... option_l (the template shows a to f; more are read when present). */
export const OPTION_LETTERS = 'abcdefghijklmnopqrstuvwxyz'.slice(0, OPTIONS_MAX).split('');
const TEMPLATE_OPTION_COUNT = 6;
const optionColumn = (i: number) => `option_${OPTION_LETTERS[i]}`;

/** A sheet's columns, in order, with `optionCount` option columns (an export has more when a question has more options). */
const sheetColumns = (optionCount: number): readonly string[] => [
  'question',
  'type',
  ...OPTION_LETTERS.slice(0, optionCount).map((_, i) => optionColumn(i)),
  'correct',
  'tolerance',
  'scoring',
  'weights',
  'matching',
  'marks',
  'time_required',
  'difficulty',
  'module',
  'topic',
];

/** The template's columns, in order. */
export const TEMPLATE_COLUMNS = sheetColumns(TEMPLATE_OPTION_COUNT);

const REQUIRED_COLUMNS = ['question', 'type'];

const HEADER_ALIASES: Record<string, string> = {
  question: 'question', questiontext: 'question', text: 'question',
  type: 'type', questiontype: 'type',
  options: 'options',
  correct: 'correct', correctanswer: 'correct', answer: 'correct', answerkey: 'correct', key: 'correct',
  tolerance: 'tolerance',
  scoring: 'scoring',
  weights: 'weights', weight: 'weights', fractions: 'weights',
  matching: 'matching', answermatching: 'matching', textmatch: 'matching',
  marks: 'marks', mark: 'marks', points: 'marks',
  timerequired: 'time_required', time: 'time_required', minutes: 'time_required', timeminutes: 'time_required',
  difficulty: 'difficulty', level: 'difficulty',
  module: 'module', moduleid: 'module', modulename: 'module', courseoutcome: 'module',
  topic: 'topic', topicid: 'topic', topicname: 'topic',
  ...Object.fromEntries(OPTION_LETTERS.map((l, i) => [`option${l}`, optionColumn(i)])),
};
const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

const TYPE_ALIASES: Record<string, QuestionType> = {
  ...Object.fromEntries(QUESTION_TYPES.map((t) => [t.replace(/_/g, ''), t])),
  singlechoice: 'single', mcq: 'single', choice: 'single',
  multiplechoice: 'multiple', multipleanswer: 'multiple', multipleanswers: 'multiple', multiselect: 'multiple', checkbox: 'multiple',
  tf: 'true_false', boolean: 'true_false',
  number: 'numeric', numerical: 'numeric',
  short: 'short_answer',
  essay: 'descriptive', long: 'descriptive', longanswer: 'descriptive',
};
const MATCHING_ALIASES: Record<string, TextMatchMode> = { moodle: 'moodle', asmoodle: 'moodle', legacy: 'legacy', old: 'legacy', oldrule: 'legacy' };
const SCORING_ALIASES: Record<string, string> = { allornothing: 'all_or_nothing', all: 'all_or_nothing', exact: 'all_or_nothing', partial: 'partial', partialcredit: 'partial', legacypartial: 'legacy-partial' };

export type Cell = string | number | boolean;

/** A text cell exported with the formula guard (a leading apostrophe before = + - @) reads back as written. */
const unguard = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/**
 * The first sheet's rows with typed cells (numbers stay numbers, so a numeric answer keeps its
 * precision). At most MAX_TRANSFER_QUESTIONS question rows are accepted; the workbook must have
 * passed assertSafeWorkbook first.
 */
export function readQuestionSheet(buf: Buffer): Cell[][] {
  const limit = MAX_TRANSFER_QUESTIONS * 2 + 2;
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buf, { type: 'buffer', sheetRows: limit, dense: true, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false, cellDates: false });
  } catch {
    throw badRequest('The spreadsheet could not be read; save it again as .xlsx and retry', { file: 'The spreadsheet could not be read' });
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) throw badRequest('The spreadsheet has no sheet', { file: 'The spreadsheet has no sheet' });
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref'] as string) : undefined;
  if (full && full.e.r + 1 > limit) {
    const message = `The sheet has more than ${MAX_TRANSFER_QUESTIONS} question rows; split it into smaller files`;
    throw badRequest(message, { file: message });
  }
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  return rows.map((row) =>
    row.slice(0, 40).map((cell): Cell => {
      if (typeof cell === 'number' || typeof cell === 'boolean') return cell;
      return unguard(String(cell ?? '').trim());
    }),
  );
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const textOf = (cell: Cell | undefined): string => (cell === undefined ? '' : typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : String(cell).trim());

/** A number cell or numeric text as a number; empty is undefined; anything else stays text for the schema to name. */
function numberOf(cell: Cell | undefined): unknown {
  if (typeof cell === 'number') return cell;
  const t = textOf(cell);
  if (t === '') return undefined;
  return NUMBER.test(t) ? Number(t) : t;
}

/** Splits at '|' ('\|' is a '|' inside an item, '\\' a backslash); items are trimmed, empty ones dropped. */
export function splitPipes(s: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && (s[i + 1] === '|' || s[i + 1] === '\\')) {
      current += s[++i];
    } else if (c === '|') {
      items.push(current);
      current = '';
    } else current += c;
  }
  items.push(current);
  return items.map((x) => x.trim()).filter((x) => x !== '');
}

export const joinPipes = (items: readonly string[]) => items.map((x) => x.replace(/[\\|]/g, (c) => `\\${c}`)).join(' | ');

function parseRow(row: number, get: (column: string) => Cell | undefined, has: (column: string) => boolean, errors: RowError[]): QuestionDraft | undefined {
  const before = errors.length;
  const rawType = textOf(get('type'));
  const type: unknown = rawType === '' ? undefined : (TYPE_ALIASES[normaliseHeader(rawType)] ?? rawType);
  const fields: Record<string, unknown> = { question: textOf(get('question')), type };
  const columns: Record<string, string> = {};

  if (type === 'single' || type === 'multiple') {
    const cells = OPTION_LETTERS.map((_, i) => optionColumn(i)).filter(has).map((column) => ({ column, text: textOf(get(column)) }));
    let last = -1;
    cells.forEach((c, i) => c.text !== '' && (last = i));
    const fromColumns = cells.slice(0, last + 1);
    const gap = fromColumns.find((c) => c.text === '');
    if (gap) errors.push({ row, field: gap.column, message: `${gap.column} is empty but a later option is filled; fill the options from option_a on` });
    const piped = splitPipes(textOf(get('options')));
    if (fromColumns.length && piped.length) errors.push({ row, field: 'options', message: 'Fill either option_a, option_b, … or options, not both' });
    const texts = fromColumns.length ? fromColumns.map((c) => c.text) : piped;
    texts.forEach((_, i) => (columns[`options.${i}`] = fromColumns.length ? fromColumns[i].column : 'options'));

    const key = textOf(get('correct')).toUpperCase();
    const tokens = key === '' ? [] : key.split(/[\s,;|]+/).filter(Boolean);
    const chosen = new Set<number>();
    const lastLetter = OPTION_LETTERS[Math.max(0, texts.length - 1)].toUpperCase();
    for (const token of tokens) {
      const index = /^[A-Z]$/.test(token) ? token.charCodeAt(0) - 65 : -1;
      if (index < 0) {
        errors.push({ row, field: 'correct', message: `Write the letters of the correct options, like A or A,C (found "${token}")` });
        break;
      }
      if (index >= texts.length) {
        errors.push({ row, field: 'correct', message: `${token} names no option; this row has options A-${lastLetter}` });
        break;
      }
      chosen.add(index);
    }
    const weightCells = splitPipes(textOf(get('weights')));
    const weights = weightCells.map((w) => Number(w.replace(/%$/, '')));
    if (weightCells.length && (weightCells.length !== texts.length || weights.some((w) => !Number.isFinite(w)))) {
      errors.push({ row, field: 'weights', message: `Write one weight in percent per option, separated by | (like 50|50|-100); this row has ${texts.length} options` });
    } else if (weightCells.length && tokens.length && texts.some((_, i) => chosen.has(i) !== weights[i] > 0)) {
      errors.push({ row, field: 'correct', message: 'The letters in correct must name exactly the options with a positive weight' });
    }
    fields.options = texts.map((text, i) =>
      weightCells.length ? { text, correct: weights[i] > 0, weight: weights[i] } : type === 'single' ? { text, correct: chosen.has(i), weight: chosen.has(i) ? 100 : 0 } : { text, correct: chosen.has(i) },
    );
    if (type === 'multiple') {
      const scoring = textOf(get('scoring'));
      if (scoring !== '') fields.scoring = SCORING_ALIASES[normaliseHeader(scoring)] ?? scoring;
    }
  } else if (type === 'true_false') {
    const cell = get('correct');
    const t = textOf(cell).toUpperCase();
    if (['TRUE', 'T', 'YES', 'Y', '1'].includes(t)) fields.correct_bool = true;
    else if (['FALSE', 'F', 'NO', 'N', '0'].includes(t)) fields.correct_bool = false;
    else if (t !== '') errors.push({ row, field: 'correct', message: 'Write TRUE or FALSE' });
  } else if (type === 'numeric') {
    fields.numeric_value = numberOf(get('correct'));
    fields.numeric_tolerance = numberOf(get('tolerance'));
  } else if (type === 'short_answer') {
    // matching: moodle (Moodle's rule, inner spaces count, * is a wildcard) or, as sheets without the column were read, legacy.
    const answers = splitPipes(textOf(get('correct')));
    const matching = textOf(get('matching'));
    const rule = matching === '' ? 'legacy' : MATCHING_ALIASES[normaliseHeader(matching)];
    if (rule === 'moodle') {
      fields.short_answers = answers.map((text) => ({ text, weight: 100 }));
      fields.text_match = 'moodle';
    } else if (rule === 'legacy') fields.accepted_answers = answers;
    else errors.push({ row, field: 'matching', message: 'Write moodle (as Moodle: inner spaces count, * is a wildcard) or legacy (the old rule: runs of inner spaces count as one); empty means legacy' });
  }

  for (const column of ['marks', 'time_required'] as const) {
    const value = numberOf(get(column));
    if (value !== undefined) fields[column] = value;
  }
  const difficulty = textOf(get('difficulty')).toLowerCase();
  if (difficulty !== '') fields.difficulty = difficulty;

  const refs: QuestionDraft['refs'] = {};
  for (const column of ['module', 'topic'] as const) {
    const cell = get(column);
    if (cell !== undefined && textOf(cell) !== '') refs[column] = typeof cell === 'number' ? cell : textOf(cell);
  }
  if (errors.length > before) return undefined;
  return { row, fields, columns, refs };
}

export interface SheetParse extends ParseResult {
  /** A problem of the whole sheet (its header, no rows): reported on the file, not on a row. */
  problem?: string;
}

/** The sheet's rows (header first) -> question drafts and row-numbered errors. Blank rows are skipped. */
export function parseQuestionSheet(rows: readonly Cell[][]): SheetParse {
  const [header = [], ...body] = rows;
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const column = HEADER_ALIASES[normaliseHeader(textOf(h))];
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) {
    return { drafts: [], errors: [], problem: `The sheet's first row must name its columns, at least ${REQUIRED_COLUMNS.join(' and ')} (missing: ${missing.join(', ')}); download the template` };
  }
  const filled = body.map((cells, i) => ({ row: i + 2, cells })).filter(({ cells }) => cells.some((c) => textOf(c) !== ''));
  if (filled.length === 0) return { drafts: [], errors: [], problem: 'The sheet has no question rows' };
  if (filled.length > MAX_TRANSFER_QUESTIONS) {
    return { drafts: [], errors: [], problem: `The sheet has more than ${MAX_TRANSFER_QUESTIONS} question rows; split it into smaller files` };
  }
  const drafts: QuestionDraft[] = [];
  const errors: RowError[] = [];
  for (const { row, cells } of filled) {
    const get = (column: string) => {
      const i = index.get(column);
      return i === undefined ? undefined : cells[i];
    };
    const draft = parseRow(row, get, (column) => index.has(column), errors);
    if (draft) drafts.push(draft);
  }
  return { drafts, errors };
}

/** Where a schema error of a sheet row is shown: the column the teacher fills. */
export function sheetColumnOf(draft: QuestionDraft, path: string, message: string): string {
  const [head, index] = path.split('.');
  if (head === 'options') {
    if (path.endsWith('.weight') || /weight/i.test(message)) return 'weights';
    if (index !== undefined) return draft.columns?.[`options.${index}`] ?? 'options';
    return /correct/i.test(message) ? 'correct' : 'options';
  }
  const columns: Record<string, string> = { correct_bool: 'correct', numeric_value: 'correct', accepted_answers: 'correct', short_answers: 'correct', text_match: 'matching', numeric_tolerance: 'tolerance' };
  return columns[head] ?? head;
}

// ---------------------------------------------------------------------------------------------
// Export and template

/** The export's header and rows: the template's columns, with more option columns when a question has more than six options. */
export function questionSheetRows(questions: readonly ExportQuestion[]): { header: string[]; rows: unknown[][] } {
  const optionCount = Math.max(TEMPLATE_OPTION_COUNT, ...questions.map((q) => (q.type === 'single' || q.type === 'multiple' ? (q.options?.length ?? 0) : 0)));
  const header = [...sheetColumns(optionCount)];
  const rows = questions.map((q) => {
    const choice = q.type === 'single' || q.type === 'multiple';
    const options = choice ? (q.options ?? []) : [];
    const short = q.type === 'short_answer' ? shortAnswersOf(q) : undefined;
    let correct: unknown = '';
    if (choice) correct = options.flatMap((o, i) => (o.correct ? [OPTION_LETTERS[i].toUpperCase()] : [])).join(',');
    else if (q.type === 'true_false') correct = q.correct_bool ? 'TRUE' : 'FALSE';
    else if (q.type === 'numeric') correct = q.numeric_value ?? '';
    else if (short) correct = joinPipes(short.answers.map((a) => a.text));
    const cells: Record<string, unknown> = {
      question: q.question,
      type: q.type,
      ...Object.fromEntries(options.map((o, i) => [optionColumn(i), o.text])),
      correct,
      tolerance: q.type === 'numeric' ? (q.numeric_tolerance ?? 0) : '',
      scoring: q.type === 'multiple' ? (q.scoring ?? 'all_or_nothing') : '',
      weights: choice ? optionWeights(q.type, q.scoring ?? 'all_or_nothing', options).join('|') : '',
      matching: short?.textMatch ?? '',
      marks: q.marks,
      time_required: q.time_required,
      difficulty: q.difficulty,
      module: q.module ?? '',
      topic: q.topic ?? '',
    };
    return header.map((column) => cells[column] ?? '');
  });
  return { header, rows };
}

/** The template's second sheet: how to fill each column, with an example row per type. */
export function templateHelpRows(): unknown[][] {
  return [
    ['How to fill the Questions sheet'],
    ['One question per row, from row 2. Keep the header row; columns may be in any order and extra columns are ignored.'],
    [`At most ${MAX_TRANSFER_QUESTIONS} questions and 2 MB per file. The subject is chosen on the import page; nothing is imported unless every row is valid.`],
    [],
    ['Column', 'What to write', 'Needed for'],
    ['question', 'The question text.', 'every row'],
    ['type', 'single, multiple, true_false, numeric, short_answer or descriptive.', 'every row'],
    ['option_a … option_f', 'The options, one per column, from option_a on without gaps (option_g … option_l are read too, up to 12). Instead, all options may go in one column named options, separated by |.', 'single, multiple'],
    ['correct', 'single: the letter of the right option (B). multiple: the letters of every right option (A,C). true_false: TRUE or FALSE. numeric: the value (3.14). short_answer: the accepted answers separated by | (write \\| for a | inside an answer). descriptive: leave empty.', 'all but descriptive'],
    ['tolerance', 'numeric: how far an answer may be from the value and still count (0.01); empty means exact.', 'numeric (optional)'],
    ['scoring', 'multiple: all_or_nothing (every right option and no wrong one), partial (the sum of the chosen options\' weights, never below 0, as Moodle marks) or legacy-partial (right chosen minus wrong chosen, over the right options); empty means all_or_nothing.', 'multiple (optional)'],
    ['weights', 'single, multiple: each option\'s weight in percent, -100 to 100, separated by | (50|50|-100|0); partial multiple choice: the positive ones add up to 100; single choice: one at least is 100. Empty: the right options share 100 (single choice: each right one 100), and with partial scoring each wrong one takes off one share.', 'single, multiple (optional)'],
    ['matching', 'short_answer: how answers are compared: moodle (as Moodle: the response is trimmed, inner spaces count, * matches any text) or legacy (the old rule: runs of inner spaces count as one, * is a plain character); case is ignored either way. Empty means legacy.', 'short_answer (optional)'],
    ['marks', 'A number of at least 1; empty uses the import page\'s default.', 'optional'],
    ['time_required', 'Minutes, at least 1; empty uses the import page\'s default.', 'optional'],
    ['difficulty', 'easy, medium or hard; empty uses the import page\'s default.', 'optional'],
    ['module', 'The module (course outcome) of the chosen subject: its id or its exact name; empty uses the import page\'s module.', 'optional'],
    ['topic', 'A topic of the row\'s module: its id or its exact name; may stay empty.', 'optional'],
    [],
    ['Examples'],
    ['question', 'type', 'option_a', 'option_b', 'option_c', 'option_d', 'correct', 'tolerance', 'scoring', 'marks', 'difficulty'],
    ['Which data structure is first in, first out?', 'single', 'Stack', 'Queue', 'Tree', 'Graph', 'B', '', '', 2, 'easy'],
    ['Which of these are linear data structures?', 'multiple', 'Array', 'Linked list', 'Binary tree', 'Heap', 'A,B', '', 'partial', 2, 'medium'],
    ['A binary search needs a sorted list.', 'true_false', '', '', '', '', 'TRUE', '', '', 1, 'easy'],
    ['How many edges does a tree with 10 nodes have?', 'numeric', '', '', '', '', 9, 0, '', 1, 'medium'],
    ['Name the traversal that visits the root between its subtrees.', 'short_answer', '', '', '', '', 'inorder | in-order', '', '', 1, 'medium'],
    ['Explain how a hash table handles collisions.', 'descriptive', '', '', '', '', '', '', '', 5, 'hard'],
  ];
}

/**
 * Why the spreadsheet cannot carry a question so that it comes back marked the same way, or null.
 * Its columns carry a list of accepted answers (each worth 100%, case ignored, compared by the rule in
 * the matching column) and one numeric value with its tolerance; matching pairs have no column. Feedback, names and tags are
 * not carried either, but they do not change a mark.
 */
export function sheetProblem(q: ExportQuestion): string | null {
  if (q.type === 'matching') return 'is a matching question, whose pairs the spreadsheet cannot carry; export it as Moodle XML or GIFT';
  if (q.type === 'short_answer') {
    if (shortAnswersOf(q).answers.some((a) => a.weight !== 100) || q.case_sensitive) {
      return "has weighted or case-sensitive short answers, which the spreadsheet's accepted answers cannot carry; export it as Moodle XML";
    }
  }
  if (q.type === 'numeric') {
    const answers = numericAnswersOf(q);
    if (answers.length !== 1 || answers[0].weight !== 100 || answers[0].value === '*') {
      return 'has several numeric answers, which the spreadsheet (one value and its tolerance) cannot carry; export it as Moodle XML';
    }
  }
  return null;
}
