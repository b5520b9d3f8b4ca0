import { MAX_TRANSFER_QUESTIONS, TooManyQuestions, type ExportQuestion, type ParseResult, type QuestionDraft, type RowError } from './types';
import { htmlToText, oneLine, splitLines } from './text';
import { OPTION_WEIGHTS, optionWeights } from '../../src/schemas/questions';

/**
 * Moodle's GIFT format, for the question types the portal has.
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
 * Questions are separated by blank lines; a line starting with // is a comment; `\~ \= \# \{ \}
 * \: \\` are the characters themselves and `\n` a line break. A question text may start with a
 * format marker ([html], [markdown], [moodle], [plain]); the marker is dropped and [html] text
 * is turned into plain text. Answer feedback (`#...`) and general feedback (`####...`) are not
 * kept: the portal has no place for them. Matching questions, descriptions (text without an
 * answer block) and partial credit on numeric and short answers are refused with the line number.
 */

interface Ch {
  c: string;
  /** Written with a backslash: never a GIFT control character. */
  esc: boolean;
  line: number;
}

interface Line {
  no: number;
  text: string;
}

class GiftError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const ESCAPABLE = '~=#{}:\\';
const FORMAT_MARKER = /^\[(html|markdown|moodle|plain)\]/i;
const WEIGHT = /^%(-?\d+(?:\.\d+)?)%/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function toChars(lines: Line[]): Ch[] {
  const out: Ch[] = [];
  lines.forEach((line, li) => {
    if (li > 0) out.push({ c: '\n', esc: false, line: lines[li - 1].no });
    const t = line.text;
    for (let i = 0; i < t.length; i++) {
      const c = t[i];
      const next = t[i + 1];
      if (c === '\\' && next !== undefined && (ESCAPABLE.includes(next) || next === 'n')) {
        out.push({ c: next === 'n' ? '\n' : next, esc: true, line: line.no });
        i++;
      } else out.push({ c, esc: false, line: line.no });
    }
  });
  return out;
}

const text = (chs: readonly Ch[]) => chs.map((ch) => ch.c).join('');

/** Index of the first unescaped occurrence of `s` in chs[from, to), or -1. */
function find(chs: readonly Ch[], s: string, from = 0, to = chs.length): number {
  outer: for (let i = from; i + s.length <= to; i++) {
    for (let j = 0; j < s.length; j++) {
      const ch = chs[i + j];
      if (ch.esc || ch.c !== s[j]) continue outer;
    }
    return i;
  }
  return -1;
}

function lastFind(chs: readonly Ch[], s: string): number {
  for (let i = chs.length - s.length; i >= 0; i--) if (find(chs, s, i, i + s.length) === i) return i;
  return -1;
}

function trimChs(chs: readonly Ch[]): Ch[] {
  let a = 0;
  let b = chs.length;
  while (a < b && /\s/.test(chs[a].c) && !chs[a].esc) a++;
  while (b > a && /\s/.test(chs[b - 1].c) && !chs[b - 1].esc) b--;
  return chs.slice(a, b);
}

/** Splits at every unescaped marker character, keeping which marker started each part. */
function splitAt(chs: readonly Ch[], markers: string): { lead: Ch[]; parts: { marker: string; line: number; body: Ch[] }[] } {
  const parts: { marker: string; line: number; body: Ch[] }[] = [];
  let lead: Ch[] = [];
  let current: Ch[] = lead;
  for (const ch of chs) {
    if (!ch.esc && markers.includes(ch.c)) {
      current = [];
      parts.push({ marker: ch.c, line: ch.line, body: current });
    } else current.push(ch);
  }
  return { lead, parts };
}

/** Drops feedback (from the first unescaped '#'). */
const withoutFeedback = (chs: readonly Ch[]) => {
  const at = find(chs, '#');
  return at < 0 ? [...chs] : chs.slice(0, at);
};

/** A piece of text: an optional format marker is dropped, and HTML becomes plain text. */
function plainText(raw: string, inherited: string): { text: string; format: string } {
  const value = raw.trim();
  const marker = FORMAT_MARKER.exec(value);
  const format = marker ? marker[1].toLowerCase() : inherited;
  const rest = marker ? value.slice(marker[0].length) : value;
  return { text: format === 'html' ? htmlToText(rest) : rest.trim(), format };
}

/** An answer's weight (`%50%`) and the rest of its text; no weight is undefined. */
function weighted(body: Ch[]): { weight?: number; rest: Ch[] } {
  const trimmed = trimChs(body);
  const m = WEIGHT.exec(text(trimmed));
  if (!m || trimmed.slice(0, m[0].length).some((ch) => ch.esc)) return { rest: trimmed };
  return { weight: Number(m[1]), rest: trimmed.slice(m[0].length) };
}

function roundTo(n: number, digits: number): number {
  return digits <= 15 ? Number(n.toFixed(digits)) : n;
}
const decimalsOf = (s: string) => (/e/i.test(s) ? 99 : (s.split('.')[1] ?? '').length);

function parseNumber(raw: string, line: number): number {
  const s = raw.trim();
  if (!NUMBER.test(s)) {
    throw new GiftError(line, 'answer', `"${s}" is not a number; write {#value:tolerance}, {#min..max} or {#value}`);
  }
  return Number(s);
}

function numericAnswer(raw: string, line: number): { value: number; tolerance: number } {
  const s = raw.trim();
  if (s === '') throw new GiftError(line, 'answer', 'The numeric answer is empty; write {#value:tolerance}, {#min..max} or {#value}');
  const range = s.indexOf('..');
  if (range > 0) {
    const [lo, hi] = [s.slice(0, range), s.slice(range + 2)];
    const min = parseNumber(lo, line);
    const max = parseNumber(hi, line);
    if (max < min) throw new GiftError(line, 'answer', `The range ${s} runs backwards; write {#min..max} with min <= max`);
    const digits = Math.max(decimalsOf(lo.trim()), decimalsOf(hi.trim())) + 1;
    return { value: roundTo((min + max) / 2, digits), tolerance: roundTo((max - min) / 2, digits) };
  }
  const colon = s.indexOf(':');
  if (colon > 0) return { value: parseNumber(s.slice(0, colon), line), tolerance: parseNumber(s.slice(colon + 1), line) };
  return { value: parseNumber(s, line), tolerance: 0 };
}

type Answer = Pick<QuestionDraft, 'fields' | 'lines'>;

function parseAnswer(answer: Ch[], openLine: number, format: string): Answer {
  const content = trimChs(answer);
  const lines: Record<string, number> = { answer: openLine, options: openLine };
  if (content.length === 0) return { fields: { type: 'descriptive' }, lines };

  const first = content[0];
  if (first.c === '#' && !first.esc) {
    let body = content.slice(1);
    const wrongFeedback = find(body, '~');
    if (wrongFeedback >= 0) body = body.slice(0, wrongFeedback);
    let value: string;
    if (find(body, '=') >= 0) {
      const { lead, parts } = splitAt(body, '=');
      if (text(lead).trim()) throw new GiftError(openLine, 'answer', 'Text before the first "=" of a numeric answer');
      const full = parts.filter((p) => {
        const { weight } = weighted(p.body);
        if (weight !== undefined && weight !== 100) {
          throw new GiftError(p.line, 'answer', `Partial credit (${weight}%) on a numeric answer is not supported; keep one answer with its tolerance`);
        }
        return true;
      });
      if (full.length !== 1) throw new GiftError(openLine, 'answer', 'Only one numeric answer is supported; write {#value:tolerance} or {#min..max}');
      value = text(withoutFeedback(weighted(full[0].body).rest));
    } else value = text(withoutFeedback(body));
    const { value: numeric_value, tolerance } = numericAnswer(value, openLine);
    return { fields: { type: 'numeric', numeric_value, numeric_tolerance: tolerance }, lines };
  }

  if (find(content, '~') >= 0) {
    const { lead, parts } = splitAt(content, '~=');
    if (text(lead).trim()) {
      throw new GiftError(openLine, 'answer', `Text before the first answer ("${oneLine(text(lead)).slice(0, 40)}"); each answer starts with = or ~`);
    }
    const single = parts.some((p) => p.marker === '=');
    const options = parts.map((p, i) => {
      lines[`options.${i}`] = p.line;
      const { weight, rest } = weighted(p.body);
      const optionText = plainText(text(withoutFeedback(rest)), format).text;
      if (weight !== undefined && (weight > 100 || weight < -100)) {
        throw new GiftError(p.line, 'options', `Answer weights run from -100% to 100% (found ${weight}%)`);
      }
      if (p.marker === '=' && weight !== undefined && weight !== 100) {
        throw new GiftError(p.line, 'options', `An answer marked with = is worth 100% (found ${weight}%); write ~%${weight}% for a partly right answer`);
      }
      // Moodle: = is 100%, ~ without a weight is 0%.
      return { text: optionText, weight: p.marker === '=' ? 100 : (weight ?? 0) };
    });
    lines.options = parts[0]?.line ?? openLine;
    const stated = options.map(({ text: t, weight }) => ({ text: t, correct: weight > 0, weight }));
    // As Moodle reads GIFT: an answer with = makes single choice, otherwise multiple choice marked by the sum of weights.
    if (single) return { fields: { type: 'single', options: stated }, lines };
    return { fields: { type: 'multiple', scoring: 'partial', options: stated }, lines };
  }

  if (find(content, '->') >= 0 && find(content, '=') >= 0) {
    throw new GiftError(openLine, 'type', 'Matching questions (=item -> match) are not supported');
  }

  const tf = text(withoutFeedback(content)).trim().toUpperCase();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(tf)) return { fields: { type: 'true_false', correct_bool: tf.startsWith('T') }, lines };

  // Short answer: `=answer` entries (a leading answer without '=' counts too, as in Moodle).
  const { lead, parts } = splitAt(content, '=');
  const entries = [...(text(lead).trim() ? [{ marker: '', line: openLine, body: lead }] : []), ...parts];
  const accepted = entries.map((p, i) => {
    lines[`accepted_answers.${i}`] = p.line;
    const { weight, rest } = weighted(p.body);
    if (weight !== undefined && weight !== 100) {
      throw new GiftError(p.line, 'answer', `Partial credit (${weight}%) on a short answer is not supported; list only fully right answers`);
    }
    return plainText(text(withoutFeedback(rest)), format).text;
  });
  return { fields: { type: 'short_answer', accepted_answers: accepted }, lines };
}

/** One question block (its lines without comments), or undefined for a block that only switches category. */
function parseBlock(block: Line[]): QuestionDraft | undefined {
  // Moodle writes `$CATEGORY: ...` as a block of its own; the portal has no categories, so the line is skipped.
  const lines = /^\s*\$CATEGORY:/.test(block[0].text) ? block.slice(1) : block;
  if (lines.length === 0) return undefined;
  const chs = toChars(lines);
  let pos = 0;
  while (pos < chs.length && /\s/.test(chs[pos].c) && !chs[pos].esc) pos++;
  if (find(chs, '::', pos, pos + 2) === pos) {
    const end = find(chs, '::', pos + 2);
    if (end < 0) throw new GiftError(chs[pos].line, 'question', 'The title opened with "::" is not closed with "::"');
    pos = end + 2;
  }
  const open = find(chs, '{', pos);
  const close = find(chs, '}', pos);
  if (open < 0 && close < 0) {
    throw new GiftError(lines[0].no, 'answer', 'No answer block {…}: text without a question (a description) cannot be imported');
  }
  if (close >= 0 && (open < 0 || close < open)) {
    throw new GiftError(chs[close].line, 'answer', '"}" without an opening "{"; write \\} for a brace in the text');
  }
  if (close < 0) throw new GiftError(chs[open].line, 'answer', 'The answer block opened with "{" is not closed with "}"');
  const nested = find(chs, '{', open + 1, close);
  if (nested >= 0) {
    throw new GiftError(chs[open].line, 'answer', `The answer block opened with "{" is not closed before the next "{" (line ${chs[nested].line}); write \\{ for a brace in the text`);
  }
  const again = [find(chs, '{', close + 1), find(chs, '}', close + 1)].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? -1;
  if (again >= 0) {
    throw new GiftError(chs[again].line, 'answer', `A question has one answer block {…}; write \\${chs[again].c} for a brace in the text`);
  }

  const before = chs.slice(pos, open);
  const after = chs.slice(close + 1);
  const questionStart = trimChs(before)[0]?.line ?? chs[open].line;
  const rawQuestion = text(after).trim() ? `${text(before)}_____${text(after)}` : text(before);
  const { text: question, format } = plainText(rawQuestion, 'moodle');

  let answer = chs.slice(open + 1, close);
  const general = lastFind(answer, '####');
  if (general >= 0) answer = answer.slice(0, general);
  const parsed = parseAnswer(answer, chs[open].line, format);
  return { row: questionStart, fields: { question, ...parsed.fields }, lines: { question: questionStart, ...parsed.lines } };
}

export function parseGift(input: string): ParseResult {
  const drafts: QuestionDraft[] = [];
  const errors: RowError[] = [];
  let block: Line[] = [];
  let count = 0;
  const flush = () => {
    if (!block.length) return;
    const lines = block;
    block = [];
    try {
      const draft = parseBlock(lines);
      if (!draft) return;
      if (++count > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
      drafts.push(draft);
    } catch (err) {
      if (!(err instanceof GiftError)) throw err;
      if (++count > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
      errors.push({ row: err.line, field: err.field, message: err.message });
    }
  };
  splitLines(input).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed === '') flush();
    else if (!trimmed.startsWith('//')) block.push({ no: i + 1, text: raw });
  });
  flush();
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

const formatNumber = (n: number) => String(n);

/** Moodle's allowed fractions in percent: Moodle refuses any other weight in an imported file. */
const isMoodleFraction = (w: number) => OPTION_WEIGHTS.some((f) => Math.abs(f - w) < 1e-6);

/** An option's weight as stored, or as the question gave it before weights (see optionWeights). */
const weightsOf = (q: ExportQuestion) => optionWeights(q.type, q.scoring, q.options ?? []);

/**
 * Why a question cannot be written in GIFT so that Moodle marks it as the portal does, or null.
 * Moodle's multichoice marks the sum of the chosen answers' weights: an all-or-nothing multiple
 * choice question has no such weights (every subset of its right answers would earn part of the
 * marks), and a weight outside Moodle's list of fractions is refused by Moodle's import.
 */
export function giftProblem(q: ExportQuestion): string | null {
  if (q.type !== 'single' && q.type !== 'multiple') return null;
  if (q.type === 'multiple' && (q.scoring ?? 'all_or_nothing') === 'all_or_nothing') {
    return 'is marked all or nothing, which Moodle multiple choice (GIFT) cannot express; change it to partial credit or export it as Excel';
  }
  const odd = weightsOf(q).find((w) => !isMoodleFraction(w));
  if (odd !== undefined) return `has an option weight of ${odd}%, which is not one of Moodle's grade fractions; export it as Excel`;
  return null;
}

function answerBlock(q: ExportQuestion): string {
  const options = q.options ?? [];
  switch (q.type) {
    case 'single':
    case 'multiple': {
      // Single choice keeps = for its 100% answers (Moodle reads = as single choice);
      // multiple choice writes every weight with ~ (no = anywhere, or Moodle would read it as single choice).
      const weights = weightsOf(q);
      const marker = (w: number) => (q.type === 'single' && w === 100 ? '=' : w === 0 ? '~' : `~%${formatNumber(w)}%`);
      return `{\n${options.map((o, i) => `\t${marker(weights[i])}${giftText(o.text)}\n`).join('')}}`;
    }
    case 'true_false':
      return q.correct_bool ? '{TRUE}' : '{FALSE}';
    case 'numeric':
      return `{#${formatNumber(q.numeric_value ?? 0)}:${formatNumber(q.numeric_tolerance ?? 0)}}`;
    case 'short_answer':
      return `{\n${(q.accepted_answers ?? []).map((a) => `\t=${giftText(a)}\n`).join('')}}`;
    case 'descriptive':
      return '{}';
  }
}

/**
 * Questions of every type in GIFT. Each gets a comment with its id and a title made from its
 * text (Moodle names questions by their title). Choice questions are written with their options'
 * weights, which Moodle marks as the portal does; a question giftProblem refuses is an error
 * (the export route names them all before writing anything).
 */
export function writeGift(questions: readonly ExportQuestion[]): string {
  return questions
    .map((q) => {
      const problem = giftProblem(q);
      if (problem) throw new Error(`Question ${q.id} ${problem}`);
      const title = escapeGift(oneLine(q.question).slice(0, 60).trim() || `Question ${q.id}`);
      return `// question: ${q.id}  type: ${q.type}\n::${title}::${giftText(q.question)}${answerBlock(q)}\n`;
    })
    .join('\n');
}
