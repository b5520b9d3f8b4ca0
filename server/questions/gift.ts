import { parse as parseGiftBlock, SyntaxError as GiftSyntaxError, type GIFTQuestion, type NumericalFormat, type TextFormat } from 'gift-pegjs';
import { MAX_TRANSFER_QUESTIONS, TooManyQuestions, type ExportQuestion, type ParseResult, type QuestionDraft, type RowError } from './types';
import { htmlToText, oneLine, splitLines } from './text';
import { Refusal, toDraft, type MoodleQuestion } from './moodle';
import { numericAnswersOf, OPTION_WEIGHTS, optionWeights, shortAnswersOf } from '../../src/schemas/questions';

/**
 * Moodle's GIFT format, read with the gift-pegjs parser (every GIFT construct: titles, format
 * markers, escapes, weights, feedback, numeric ranges) and mapped to the portal's questions by
 * moodle.ts, the same mapping as Moodle XML's:
 *
 *     // a comment line
 *     ::Optional title::Question text {=right ~wrong ~%50%half}  single choice (= is 100%, ~ 0% or its weight)
 *     Question {~%50%a ~%50%b ~%-100%c}                          multiple choice (sum of weights)
 *     Question {T}  {F}  {TRUE}  {FALSE}                         true / false
 *     Question {#3.14:0.01}  {#3.13..3.15}                       numeric (value:tolerance, min..max)
 *     Question {=answer =other}                                  short answer
 *     Question {}                                                essay -> descriptive
 *     Grant is {=entombed ~buried} in Grant's tomb.              missing word: the text keeps a blank (_____)
 *
 * As Moodle does, the file is cut into questions at blank lines and comment lines are dropped;
 * each question is parsed on its own, so a syntax error refuses that question only, named by its
 * line and column. [html] text becomes plain text keeping its lines (and <pre> its indentation).
 * `$CATEGORY:` sets the category of the questions after it. Matching questions and descriptions
 * are refused with their line.
 */

interface Block {
  /** The block's lines without comment lines, and the file line of each. */
  text: string;
  lineOf: number[];
}

/** The block's lines that start an answer (an unescaped ~ or = after the opening brace), in order. */
function answerLines(block: Block): number[] {
  const out: number[] = [];
  let open = false;
  block.text.split('\n').forEach((line, i) => {
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (ch === '\\') c++;
      else if (ch === '{') open = true;
      else if (ch === '}') open = false;
      else if (open && (ch === '~' || ch === '=') && line[c + 1] !== '>' && line[c - 1] !== '-') out.push(block.lineOf[i]);
    }
  });
  return out;
}

const HELD_SPACE = '\u0002';
const heldSpaces = (s: string) => s.replace(/\u0002/g, ' ');

const readText = (t: TextFormat | null | undefined): string => {
  if (!t) return '';
  t = { ...t, text: heldSpaces(t.text) };
  return t.format === 'html' ? htmlToText(t.text) : t.text.replace(/\r\n|\r/g, '\n').trim();
};
const feedbackOf = (t: TextFormat | null | undefined) => {
  const text = readText(t);
  return text ? text : undefined;
};

/** A numeric answer's value and tolerance as Moodle reads them (min..max becomes the middle and half the width). */
function numericOf(n: NumericalFormat, line: number): { value: number; tolerance: number } {
  const tidy = (x: number) => Number(x.toPrecision(12));
  switch (n.type) {
    case 'simple':
      return { value: n.number!, tolerance: 0 };
    case 'range':
      if (n.range! < 0) throw new Refusal(line, 'numeric_tolerance', 'Tolerance cannot be negative');
      return { value: n.number!, tolerance: n.range! };
    case 'high-low': {
      const [lo, hi] = [n.numberLow!, n.numberHigh!];
      if (hi < lo) throw new Refusal(line, 'answer', `The range ${lo}..${hi} runs backwards; write {#min..max} with min <= max`);
      return { value: tidy((lo + hi) / 2), tolerance: tidy((hi - lo) / 2) };
    }
  }
}

/** One parsed GIFT question as Moodle's question, or a Refusal. */
function fromGift(g: Exclude<GIFTQuestion, { type: 'Category' }>, line: number, block: Block, category: string | undefined): MoodleQuestion {
  const base = {
    line,
    ...(g.title ? { name: heldSpaces(g.title).trim() } : {}),
    ...(category ? { category } : {}),
    ...(g.tags?.length ? { tags: g.tags } : {}),
    text: readText(g.stem),
    ...('globalFeedback' in g && g.globalFeedback ? { generalFeedback: readText(g.globalFeedback) } : {}),
  };
  const lines = answerLines(block);
  switch (g.type) {
    case 'Description':
      return { ...base, kind: 'description' };
    case 'Matching':
      return {
        ...base,
        kind: 'matching',
        pairs: g.matchPairs.map((p) => ({ question: readText(p.subquestion), answer: heldSpaces(p.subanswer).trim() })),
      };
    case 'Essay':
      return { ...base, kind: 'essay' };
    case 'TF': {
      // GIFT's first feedback is for a wrong answer, the second for a right one.
      const wrong = feedbackOf(g.trueFeedback);
      const right = feedbackOf(g.falseFeedback);
      return { ...base, kind: 'truefalse', correct: g.isTrue, trueFeedback: g.isTrue ? right : wrong, falseFeedback: g.isTrue ? wrong : right };
    }
    case 'MC': {
      const answers = g.choices.map((c, i) => ({
        text: readText(c.text),
        fraction: c.weight ?? (c.isCorrect ? 100 : 0),
        feedback: feedbackOf(c.feedback),
        line: lines.length === g.choices.length ? lines[i] : line,
      }));
      // As Moodle reads GIFT: an answer written with = makes single choice, otherwise multiple choice.
      return { ...base, kind: 'choice', single: g.choices.some((c) => c.isCorrect), answers };
    }
    case 'Short': {
      // {true} or {f} in lower case: gift-pegjs reads a short answer, Moodle (and the portal) true/false.
      const tf = /\{\s*(t|true|f|false)\s*(#[^}]*)?\}/i.exec(block.text);
      if (g.choices.length === 1 && tf && tf[1].toLowerCase() === readText(g.choices[0].text).toLowerCase()) {
        return { ...base, kind: 'truefalse', correct: tf[1].toLowerCase().startsWith('t'), trueFeedback: feedbackOf(g.choices[0].feedback) };
      }
      return {
        ...base,
        kind: 'short',
        caseSensitive: false,
        answers: g.choices.map((c, i) => ({
          text: readText(c.text),
          fraction: c.weight ?? 100,
          feedback: feedbackOf(c.feedback),
          line: lines.length === g.choices.length ? lines[i] : line,
        })),
      };
    }
    case 'Numerical': {
      const choices = Array.isArray(g.choices) ? g.choices : [{ isCorrect: true, weight: null, text: g.choices, feedback: null }];
      return {
        ...base,
        kind: 'numeric',
        answers: choices.map((c, i) => ({
          ...numericOf(c.text, line),
          fraction: c.weight ?? (c.isCorrect ? 100 : 0),
          feedback: feedbackOf(c.feedback),
          line: lines.length === choices.length ? lines[i] : line,
        })),
      };
    }
  }
}

/** A change made to a line before parsing: output columns from `from` on sit `delta` characters right of where they were written. */
interface Shift {
  from: number;
  delta: number;
}

/** What the preparation found that Moodle reads differently from gift-pegjs, refused with its place. */
interface Problem {
  lineIndex: number;
  column: number;
  field: string;
  message: string;
}

/** A number as Moodle's GIFT reads it (PHP's is_numeric): digits with an optional fraction and exponent, or a leading point. */
const NUMBER_AT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/;

/**
 * Prepares a block for gift-pegjs, changing only what it reads differently from Moodle:
 *
 * - Moodle reads a ':' in a question's text, an answer or a feedback as the character itself (only
 *   the title's '::' and a numeric answer's value:tolerance use it); gift-pegjs wants it escaped.
 * - In a numeric answer block Moodle reads any PHP number: `1.5e3`, `.5`. gift-pegjs reads neither,
 *   so they are written as plain decimals (the same value).
 * - In a numeric answer block Moodle takes everything after the first `~` as the feedback of any
 *   other answer (a `*` answer at 0%); gift-pegjs reads that `~` only after a space and in the
 *   `{#=answer ...}` form, so the space and the `=` of a lone first answer are added.
 *   Anything but `~#feedback` after the `~` (`~%50%3:1`, a second `~`) Moodle would drop without a
 *   word, so it is refused with its place.
 *
 * `shifts` say where the text moved, to give columns as written.
 */
function prepareBlock(block: Block): { text: string; shifts: Shift[][]; problems: Problem[] } {
  const lines = block.text.split('\n');
  const shifts: Shift[][] = lines.map(() => []);
  // Output columns of white space inside an answer block: a run there that touches the grammar
  // (an unescaped {, =, ~, #, }, ->) separates, it is never text.
  const braceSpaces: Set<number>[] = lines.map(() => new Set());
  const problems: Problem[] = [];
  let inBrace = false;
  let numeric = false;
  let pendingNumeric = false;
  // Numeric blocks: inside an answer's feedback (after its #), and whether the ~ of "any other answer" was seen.
  let numericFeedback = false;
  let otherSeen = false;
  let firstAnswer = false;
  let title = 0; // '::' seen of the leading title (0, 1 or 2)
  let started = false;
  const out = lines.map((line, li) => {
    if (/^\s*\$CATEGORY:/.test(line)) return line;
    let result = '';
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (ch === '\\') {
        result += ch + (line[c + 1] ?? '');
        c++;
        started = true;
        continue;
      }
      if (!started && /\s/.test(ch)) {
        result += ch;
        continue;
      }
      if (!started && ch === ':' && line[c + 1] === ':') {
        title = 1;
        started = true;
        result += '::';
        c++;
        continue;
      }
      started = true;
      if (title === 1 && ch === ':' && line[c + 1] === ':') {
        title = 2;
        result += '::';
        c++;
        continue;
      }
      if (pendingNumeric && !/\s/.test(ch)) {
        // {####feedback} is an essay's general feedback, not a numeric block.
        numeric = ch === '#' && !line.startsWith('###', c + 1);
        pendingNumeric = false;
        numericFeedback = false;
        otherSeen = false;
        if (numeric) {
          result += ch;
          firstAnswer = true;
          continue;
        }
      }
      if (firstAnswer && !/\s/.test(ch)) {
        firstAnswer = false;
        // Moodle reads {#3:2#right ~#wrong} like {#=3:2#right ~#wrong}; gift-pegjs reads feedback only in the second.
        if (ch !== '=' && ch !== '}') {
          shifts[li].push({ from: result.length + 1, delta: 1 });
          result += '=';
        }
      }
      if (ch === '{' && title !== 1) {
        inBrace = true;
        pendingNumeric = true;
      } else if (ch === '}') {
        inBrace = false;
        numeric = false;
        pendingNumeric = false;
      }
      if (inBrace && /\s/.test(ch)) braceSpaces[li].add(result.length);
      if (inBrace && numeric && !numericFeedback && /\s/.test(ch)) {
        // Moodle trims each part of a numeric answer (around =, %, : and ..); gift-pegjs reads no space
        // there, so white space is dropped, and kept only before =, ~, # and }. A space inside a number
        // ("1 2", "- 5") Moodle refuses: so is it here, rather than read as another number.
        const rest = line.slice(c).trimStart();
        if (rest === '' || '=~#}'.includes(rest[0])) {
          result += ch;
          continue;
        }
        if (!/\s/.test(line[c - 1]) && /[-+.0-9]$/.test(result) && !result.endsWith('..') && /^[.0-9]/.test(rest) && !rest.startsWith('..')) {
          problems.push({
            lineIndex: li,
            column: c + 1,
            field: 'answer',
            message: `Moodle reads no number with a space inside it; remove the space, or write value:tolerance or min..max (line ${block.lineOf[li]}, column ${c + 1})`,
          });
        }
        shifts[li].push({ from: result.length, delta: -1 });
        continue;
      }
      if (inBrace && numeric) {
        if (ch === '#') numericFeedback = true;
        else if (ch === '=' && !otherSeen) numericFeedback = false;
        else if (ch === '~') {
          const after = line.slice(c + 1).trimStart();
          if (otherSeen || !after.startsWith('#')) {
            problems.push({
              lineIndex: li,
              column: c + 1,
              field: 'answer',
              message: otherSeen
                ? `Moodle reads only one ~#feedback in a numeric question, for any other answer (line ${block.lineOf[li]}, column ${c + 1})`
                : `In a numeric question Moodle reads ~ as the start of the feedback for any other answer (~#feedback) and would drop "~${after.split(/[~}]/)[0]}"; write a partly right answer as =%50%value:tolerance (line ${block.lineOf[li]}, column ${c + 1})`,
            });
          }
          otherSeen = true;
          numericFeedback = false;
          // gift-pegjs reads ~#feedback only after a space.
          if (result !== '' && !/\s$/.test(result)) {
            shifts[li].push({ from: result.length + 1, delta: 1 });
            result += ' ';
          }
        } else if (!numericFeedback && !otherSeen && /[-.0-9]/.test(ch) && !/[0-9]/.test(line[c - 1] ?? '') && !(line[c - 1] === '.' && line[c - 2] !== '.')) {
          const token = NUMBER_AT.exec(line.slice(c))?.[0];
          if (token && /^,[0-9]/.test(line.slice(c + token.length))) {
            problems.push({
              lineIndex: li,
              column: c + 1,
              field: 'answer',
              message: `Moodle reads a number in GIFT with a decimal point only: write ${token}.${/^,([0-9]+)/.exec(line.slice(c + token.length))![1]} instead of the comma (line ${block.lineOf[li]}, column ${c + 1})`,
            });
          }
          if (token && (/[eE]/.test(token) || /^-?\./.test(token))) {
            const plain = formatNumber(Number(token));
            result += plain;
            shifts[li].push({ from: result.length, delta: plain.length - token.length });
            c += token.length - 1;
            continue;
          }
        }
      }
      if (ch === ':' && title !== 1 && !(inBrace && numeric)) {
        shifts[li].push({ from: result.length + 1, delta: 1 });
        result += '\\:';
        continue;
      }
      result += ch;
    }
    return result;
  });
  // gift-pegjs makes runs of spaces one; Moodle keeps them (program code keeps its indentation
  // after a \n). Spaces between two characters of a text are held as U+0002 through the parse (same
  // length, so columns stay) and given back by readText; a run that separates the grammar stays spaces.
  const touchesGrammar = (line: string, at: number, end: number) =>
    (/[{=~#]/.test(line[at - 1]) && line[at - 2] !== '\\') || (line[at - 1] === '>' && line[at - 2] === '-') || /^(?:[=~#}]|->)/.test(line.slice(end));
  const hold = (line: string, li: number) =>
    line.replace(/(?<=\S) {2,}(?=\S)/g, (run, at: number) => (braceSpaces[li].has(at) && touchesGrammar(line, at, at + run.length) ? run : HELD_SPACE.repeat(run.length)));
  return { text: out.map(hold).join('\n'), shifts, problems };
}

export function parseGift(input: string): ParseResult {
  const drafts: QuestionDraft[] = [];
  const errors: RowError[] = [];
  let count = 0;
  let category: string | undefined;
  const blocks: Block[] = [];
  let current: Block = { text: '', lineOf: [] };
  const flush = () => {
    if (current.lineOf.length) blocks.push(current);
    current = { text: '', lineOf: [] };
  };
  splitLines(input.replace(/\u0002/g, '')).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed === '') flush();
    else if (/^\$CATEGORY:/.test(trimmed)) {
      // A category line is a block of its own, even without a blank line after it.
      flush();
      current = { text: raw, lineOf: [i + 1] };
      flush();
    } else if (!trimmed.startsWith('//')) {
      current.text += (current.lineOf.length ? '\n' : '') + raw;
      current.lineOf.push(i + 1);
    }
  });
  flush();

  for (const block of blocks) {
    const first = block.lineOf[0];
    let parsed: GIFTQuestion[];
    const escaped = prepareBlock(block);
    if (escaped.problems.length) {
      if (++count > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
      for (const p of escaped.problems) errors.push({ row: block.lineOf[p.lineIndex], field: p.field, message: p.message });
      continue;
    }
    try {
      parsed = parseGiftBlock(`${escaped.text}\n`);
    } catch (err) {
      if (!(err instanceof GiftSyntaxError) && !(err as Error)?.name?.includes('SyntaxError')) throw err;
      const loc = (err as GiftSyntaxError).location?.start;
      const index = loc ? Math.min(loc.line, block.lineOf.length) - 1 : 0;
      const line = block.lineOf[index];
      // The column as written: less the backslashes added before it on its line.
      const past = loc !== undefined && loc.line > block.lineOf.length;
      const column = !loc
        ? 1
        : past
          ? block.text.split('\n')[index].length + 1
          : loc.column - (escaped.shifts[index] ?? []).filter((s) => s.from <= loc.column - 1).reduce((sum, s) => sum + s.delta, 0);
      if (++count > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
      errors.push({ row: line, field: 'syntax', message: `${(err as Error).message.replace(/\.$/, '')} (line ${line}, column ${column})` });
      continue;
    }
    for (const g of parsed) {
      if (g.type === 'Category') {
        category = heldSpaces(g.title).trim();
        continue;
      }
      if (++count > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
      try {
        drafts.push(toDraft(fromGift(g, first, block, category)));
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        errors.push({ row: err.line, field: err.field, message: err.message });
      }
    }
  }
  return { drafts, errors };
}

// ---------------------------------------------------------------------------------------------
// Export

/** Text with GIFT's control characters escaped and line breaks written as \n. */
export const escapeGift = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/[~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');

/**
 * A piece of text as GIFT writes it. Text that could be read as markup (a leading '[' that looks
 * like a format marker, '<' or '&' that Moodle would read as HTML, a leading '%' that looks like a
 * weight) gets the [plain] marker, so both the portal and Moodle read it back as written.
 */
const giftText = (s: string) => `${/^[[%]/.test(s) || /[<&]/.test(s) ? '[plain]' : ''}${escapeGift(s)}`;

/** A number as plain decimal digits (6.02e+23 is written out, so any GIFT reader takes it, gift-pegjs included). */
export function formatNumber(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', exp] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`.replace(/\.?0+$/, '');
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Moodle's allowed fractions in percent: Moodle refuses any other weight in an imported file. */
const isMoodleFraction = (w: number) => OPTION_WEIGHTS.some((f) => Math.abs(f - w) < 1e-6);

/** An option's weight as stored, or as the question gave it before weights (see optionWeights). */
const weightsOf = (q: ExportQuestion) => optionWeights(q.type, q.scoring, q.options ?? []);

/**
 * Why a question cannot be written so that Moodle marks it as the portal does, or null (GIFT and
 * Moodle XML alike; `gift` adds what only GIFT cannot say). Moodle's multichoice marks the sum of
 * the chosen answers' weights: an all-or-nothing multiple choice question has no such weights
 * (every subset of its right answers would earn part of the marks), and a weight outside Moodle's
 * list of fractions is refused by Moodle's import, for options and for short and numeric answers.
 */
export function moodleProblem(q: ExportQuestion, format: 'gift' | 'xml'): string | null {
  const name = format === 'gift' ? 'GIFT' : 'Moodle XML';
  if (format === 'gift' && q.type === 'cloze') return 'has embedded answers (Cloze), which GIFT cannot carry; export it as Moodle XML';
  if (format === 'gift' && q.type === 'matching' && (q.match_pairs ?? []).some((p) => `${p.question ?? ''}${p.answer}`.includes('->'))) {
    return 'has a pair with "->" in its text, which GIFT reads as the pair\'s arrow; export it as Moodle XML';
  }
  if (format === 'gift' && q.type === 'description' && q.general_feedback?.trim()) return 'is a description with general feedback, which GIFT cannot carry; export it as Moodle XML';
  if (q.type === 'single' || q.type === 'multiple') {
    if (q.type === 'multiple' && (q.scoring ?? 'all_or_nothing') === 'all_or_nothing') {
      return `is marked all or nothing, which Moodle multiple choice (${name}) cannot express; change it to partial credit or export it as Excel`;
    }
    const odd = weightsOf(q).find((w) => !isMoodleFraction(w));
    if (odd !== undefined) return `has an option weight of ${odd}%, which is not one of Moodle's grade fractions; export it as Excel`;
  }
  if (q.type === 'short_answer') {
    const { answers, textMatch } = shortAnswersOf(q);
    const odd = answers.find((a) => !isMoodleFraction(a.weight));
    if (odd) return `has an answer weight of ${odd.weight}%, which is not one of Moodle's grade fractions; export it as Excel`;
    if (format === 'gift' && q.case_sensitive) return 'has case-sensitive answers, which GIFT cannot say; export it as Moodle XML';
    // Moodle compares inner spaces as written; the old rule counts a run of them as one ("no  one" is right).
    if (textMatch === 'legacy') {
      return `is marked by the old answer matching rule (runs of inner spaces ignored), which Moodle (${name}) does not have; change its answer matching to "As Moodle" or export it as Excel`;
    }
  }
  if (q.type === 'numeric') {
    const answers = numericAnswersOf(q);
    const odd = answers.find((a) => !isMoodleFraction(a.weight));
    if (odd) return `has an answer weight of ${odd.weight}%, which is not one of Moodle's grade fractions; export it as Excel`;
    // GIFT says "any other number" only as a last ~#feedback, which Moodle reads as * at 0% with that feedback.
    const last = answers.length - 1;
    if (format === 'gift' && answers.some((a, i) => a.value === '*' && !(i === last && a.weight === 0 && a.feedback?.trim()))) {
      return 'has an answer for any other number (*) that is not the last, at 0% and with feedback, which is all GIFT can carry; export it as Moodle XML';
    }
  }
  return null;
}

export const giftProblem = (q: ExportQuestion) => moodleProblem(q, 'gift');

const giftFeedback = (f: string | null | undefined) => (f && f.trim() ? `#${giftText(f)}` : '');
const giftWeight = (w: number) => `%${formatNumber(w)}%`;

function answerBlock(q: ExportQuestion): string {
  const options = q.options ?? [];
  const general = q.general_feedback && q.general_feedback.trim() ? `\t####${giftText(q.general_feedback)}\n` : '';
  switch (q.type) {
    case 'single':
    case 'multiple': {
      // Single choice keeps = for its 100% answers (Moodle reads = as single choice);
      // multiple choice writes every weight with ~ (no = anywhere, or Moodle would read it as single choice).
      const weights = weightsOf(q);
      const marker = (w: number) => (q.type === 'single' && w === 100 ? '=' : w === 0 ? '~' : `~${giftWeight(w)}`);
      return `{\n${options.map((o, i) => `\t${marker(weights[i])}${giftText(o.text)}${giftFeedback(o.feedback)}\n`).join('')}${general}}`;
    }
    case 'true_false': {
      // GIFT's first feedback is shown for a wrong response, the second for a right one.
      const [wrong, right] = q.correct_bool ? [q.false_feedback, q.true_feedback] : [q.true_feedback, q.false_feedback];
      const feedback = (wrong && wrong.trim()) || (right && right.trim()) ? `#${giftText(wrong ?? '')}#${giftText(right ?? '')}` : '';
      return `{${q.correct_bool ? 'TRUE' : 'FALSE'}${feedback}${general ? `\n${general}` : ''}}`;
    }
    case 'numeric': {
      const answers = numericAnswersOf(q);
      if (answers.length === 1 && answers[0].weight === 100 && !answers[0].feedback && !general) {
        return `{#${formatNumber(answers[0].value as number)}:${formatNumber(answers[0].tolerance ?? 0)}}`;
      }
      const lines = answers.map((a) =>
        a.value === '*'
          ? `\t~${giftFeedback(a.feedback)}\n`
          : `\t=${a.weight === 100 ? '' : giftWeight(a.weight)}${formatNumber(a.value as number)}:${formatNumber(a.tolerance ?? 0)}${giftFeedback(a.feedback)}\n`,
      );
      return `{#\n${lines.join('')}${general}}`;
    }
    case 'short_answer':
      return `{\n${shortAnswersOf(q).answers.map((a) => `\t=${a.weight === 100 ? '' : giftWeight(a.weight)}${giftText(a.text)}${giftFeedback(a.feedback)}\n`).join('')}${general}}`;
    case 'descriptive':
      return general ? `{\n${general}}` : '{}';
    case 'matching':
      return `{\n${(q.match_pairs ?? []).map((p) => `\t=${p.question ? giftText(p.question) : ''} -> ${escapeGift(p.answer)}\n`).join('')}${general}}`;
    case 'description':
    case 'cloze':
      // A description is text without an answer block; Cloze is refused by giftProblem.
      return '';
  }
}

/**
 * Questions of every type in GIFT. Each gets a comment with its id and its title (its Moodle name,
 * or one made from its text); a `$CATEGORY:` line starts each run of questions of one Moodle
 * category. Choice questions are written with their options' weights, short and numeric answers
 * with theirs, and every feedback, so Moodle marks them as the portal does; a question giftProblem
 * refuses is an error (the export route names them all before writing anything).
 */
export function writeGift(questions: readonly ExportQuestion[]): string {
  let category: string | null = null;
  return questions
    .map((q) => {
      const problem = giftProblem(q);
      if (problem) throw new Error(`Question ${q.id} ${problem}`);
      let head = '';
      if (q.category && q.category !== category) {
        category = q.category;
        head = `$CATEGORY: ${oneLine(category)}\n\n`;
      }
      const title = escapeGift(oneLine(q.name || q.question).slice(0, q.name ? 255 : 60).trim() || `Question ${q.id}`);
      return `${head}// question: ${q.id}  type: ${q.type}\n::${title}::${giftText(q.question)}${answerBlock(q)}\n`;
    })
    .join('\n');
}
