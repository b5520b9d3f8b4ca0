import { MAX_TRANSFER_QUESTIONS, TooManyQuestions, type ExportQuestion, type ParseResult, type QuestionDraft, type RowError } from './types';
import { oneLine, splitLines } from './text';
import { optionWeights } from '../../src/schemas/questions';

/**
 * Moodle's Aiken format: single-choice questions only, one after the other.
 *
 *     What is the capital of France?
 *     A. Berlin
 *     B) Paris
 *     ANSWER: B
 *
 * - The question text is the first line of a question (further lines before the first option
 *   continue it);
 * - options follow, one a line: a capital letter, '.' or ')', a space or none (as Moodle accepts
 *   "A)text"), the text; letters run A, B, C, ... in order;
 * - `ANSWER: X` names the correct option and ends the question. Blank lines between
 *   questions are customary and ignored.
 *
 * Errors carry the line number (the first line is 1).
 */

/** As Moodle reads Aiken: a capital letter, '.' or ')', an optional space, the text ("A)text" is an option too). */
const OPTION_LINE = /^([A-Z])[.)][ \t]*(.*)$/;
const ANSWER_LINE = /^ANSWER\s*:(.*)$/i;

const letterAt = (i: number) => String.fromCharCode(65 + i);

interface Pending {
  start: number;
  text: string[];
  options: { text: string; line: number }[];
  /** A problem already reported: the question is read to its end but not kept. */
  broken: boolean;
}

export function parseAiken(input: string): ParseResult {
  const drafts: QuestionDraft[] = [];
  const errors: RowError[] = [];
  const lines = splitLines(input);
  let current: Pending | undefined;
  let started = 0;

  const begin = (line: number, text: string) => {
    if (++started > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
    current = { start: line, text: [text], options: [], broken: false };
  };
  const missingAnswer = (q: Pending) => {
    const after = q.options[q.options.length - 1].line + 1;
    errors.push({ row: after, field: 'answer', message: `The question on line ${q.start} has no "ANSWER:" line after its options` });
  };

  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '') return;
    if (!current) {
      begin(lineNo, line);
      return;
    }
    const q: Pending = current;
    const option = OPTION_LINE.exec(line);
    if (option) {
      const expected = letterAt(q.options.length);
      if (option[1] !== expected && !q.broken) {
        errors.push({ row: lineNo, field: 'options', message: `Expected option ${expected} here, found ${option[1]} (options run A, B, C, … in order)` });
        q.broken = true;
      }
      q.options.push({ text: (option[2] ?? '').trim(), line: lineNo });
      return;
    }
    const answer = ANSWER_LINE.exec(line);
    if (answer) {
      current = undefined;
      if (q.options.length === 0) {
        errors.push({ row: lineNo, field: 'options', message: 'The question has no options before its ANSWER line (options look like "A. text")' });
        return;
      }
      if (q.broken) return;
      const last = letterAt(q.options.length - 1);
      const named = answer[1].trim().toUpperCase();
      const index = /^[A-Z]$/.test(named) ? named.charCodeAt(0) - 65 : -1;
      if (index < 0 || index >= q.options.length) {
        errors.push({ row: lineNo, field: 'answer', message: `ANSWER must name one of the options ${last === 'A' ? 'A' : `A-${last}`}` });
        return;
      }
      const lineOf: Record<string, number> = { question: q.start, answer: lineNo, options: q.options[0].line };
      q.options.forEach((o, i) => (lineOf[`options.${i}`] = o.line));
      drafts.push({
        row: q.start,
        lines: lineOf,
        fields: {
          type: 'single',
          question: q.text.join('\n'),
          options: q.options.map((o, i) => ({ text: o.text, correct: i === index, weight: i === index ? 100 : 0 })),
        },
      });
      return;
    }
    if (q.options.length === 0) {
      q.text.push(line);
      return;
    }
    // Text after the options: the ANSWER line was forgotten, and this line starts the next question.
    if (!q.broken) missingAnswer(q);
    begin(lineNo, line);
  });

  if (current) {
    const q: Pending = current;
    if (q.options.length > 0) {
      if (!q.broken) missingAnswer(q);
    } else {
      errors.push({ row: q.start, field: 'options', message: 'The question has no options and no "ANSWER:" line' });
    }
  }
  return { drafts, errors };
}

/** Why Aiken cannot carry a question's marking (one right answer, the others worth nothing), or null. */
export function aikenProblem(q: ExportQuestion): string | null {
  if (q.type !== 'single' || !q.options?.length) return null;
  const weights = optionWeights(q.type, null, q.options);
  return weights.filter((w) => w === 100).length === 1 && weights.every((w) => w === 100 || w === 0)
    ? null
    : 'has partly right, negative or several right options, which Aiken (one right answer) cannot carry; export it as GIFT or Excel';
}

/**
 * Single-choice questions in Aiken. The format keeps one line per item, so line breaks inside a
 * question or an option become spaces.
 */
export function writeAiken(questions: readonly ExportQuestion[]): string {
  const blocks = questions.map((q) => {
    if (q.type !== 'single' || !q.options?.length) throw new Error(`Aiken carries single-choice questions only (question ${q.id})`);
    const correct = optionWeights(q.type, null, q.options).indexOf(100);
    return [oneLine(q.question), ...q.options.map((o, i) => `${letterAt(i)}. ${oneLine(o.text)}`), `ANSWER: ${letterAt(Math.max(0, correct))}`].join('\n');
  });
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}
