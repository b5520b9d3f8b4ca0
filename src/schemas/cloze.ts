/**
 * Embedded answers (Moodle's Cloze, qtype_multianswer): the question text holds its gaps, each
 * written as Moodle writes them, e.g. `{1:SHORTANSWER:=Owl#Well done~*#Wrong}`,
 * `{2:NUMERICAL:=3.14:0.01}` or `{1:MULTICHOICE:Dog~=Cat}`.
 *
 * The parser follows Moodle's own regular expressions (question/type/multianswer/questiontype.php),
 * so a text reads into the same gaps, answers, fractions and feedback as in Moodle. Marking follows
 * qtype_multianswer: each gap is marked on its own, and the question's fraction is the mean of the
 * gaps' fractions weighted by their gap weights (the number before the first colon, 1 when empty).
 * An empty gap counts as 0.
 *
 * A multiple-response gap (MULTIRESPONSE / MR, MRH, MRS, MRHS) is Moodle's multichoice with
 * several answers: its positive fractions are scaled to add up to 1 and, when no answer of the gap
 * has a written percentage, each answer that is not right takes off one right answer's share
 * (qtype_multianswer_extract_question); its mark is the sum of the chosen answers' fractions,
 * kept within 0..1 (qtype_multichoice_multi_question::grade_response).
 *
 * This file is used by the server (validation, papers, marking) and by the browser (the editor's
 * preview and checks), so it has no dependencies.
 */
import { matchesWildcard } from './moodleText';

export type ClozeKind = 'short' | 'numeric' | 'choice' | 'multiresponse';
export type ClozeLayout = 'dropdown' | 'vertical' | 'horizontal';

export interface ClozeAnswer {
  /** The answer: text (short answer, may hold `*` wildcards), an option (choice), or a number or `*` (numeric). */
  text: string;
  /** -1..1, as Moodle's fraction. */
  fraction: number;
  feedback: string;
  /** Numeric gaps: the accepted error (absolute). */
  tolerance?: number;
}

export interface ClozeGap {
  /** 1-based position of the gap in the text. */
  n: number;
  /** The gap's weight (Moodle's default mark of the subquestion). */
  weight: number;
  kind: ClozeKind;
  /** The type as written (SA, SHORTANSWER_C, MCV, ...). */
  code: string;
  /** Short answer: case matters (SHORTANSWER_C / SAC / MWC). */
  caseSensitive?: boolean;
  /** Choice and multiple-response gaps: how the options are shown, and whether they are shuffled on each paper. */
  layout?: ClozeLayout;
  shuffle?: boolean;
  answers: ClozeAnswer[];
}

export interface ParsedCloze {
  /** The text with each gap replaced by `{#n}` (Moodle's placeholder). */
  text: string;
  gaps: ClozeGap[];
  /** What makes the text unusable as a Cloze question; empty when it is fine. */
  problems: string[];
}

// Moodle's ANSWER_ALTERNATIVE_* and ANSWER_REGEX, the same expressions.
const FRACTION = String.raw`=|%(-?[0-9]+(?:[.,][0-9]*)?)%`;
const ANSWER = String.raw`.+?(?<!\\|&|&amp;)(?=[~#}]|$)`;
const FEEDBACK = String.raw`.*?(?<!\\)(?=[~}]|$)`;
const ALTERNATIVE = `(${FRACTION})?(${ANSWER})(#(${FEEDBACK}))?`;
const TYPES =
  'NUMERICAL|NM|MULTICHOICE|MC|MULTICHOICE_V|MCV|MULTICHOICE_H|MCH|SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC|' +
  'MULTICHOICE_S|MCS|MULTICHOICE_VS|MCVS|MULTICHOICE_HS|MCHS|MULTIRESPONSE|MR|MULTIRESPONSE_H|MRH|MULTIRESPONSE_S|MRS|MULTIRESPONSE_HS|MRHS';
const GAP = new RegExp(String.raw`\{([0-9]*):(${TYPES}):(${ALTERNATIVE}(~${ALTERNATIVE})*)\}`, 's');
const ALTERNATIVE_ONE = new RegExp(`~?${ALTERNATIVE}`, 's');
const NUMBER = String.raw`-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)`;
const NUMERIC_ANSWER = new RegExp(`^(${NUMBER})(:${NUMBER})?$`, 's');
/** Something that looks like the start of a gap: used to report gaps Moodle would leave as plain text. */
const GAP_START = /\{[0-9]*:[A-Z_]+:/g;

interface TypeInfo {
  kind: ClozeKind;
  caseSensitive?: boolean;
  layout?: ClozeLayout;
  shuffle?: boolean;
}
const TYPE_INFO: Record<string, TypeInfo> = {};
const define = (codes: string[], info: TypeInfo) => codes.forEach((c) => (TYPE_INFO[c] = info));
define(['NUMERICAL', 'NM'], { kind: 'numeric' });
define(['SHORTANSWER', 'SA', 'MW'], { kind: 'short', caseSensitive: false });
define(['SHORTANSWER_C', 'SAC', 'MWC'], { kind: 'short', caseSensitive: true });
define(['MULTICHOICE', 'MC'], { kind: 'choice', layout: 'dropdown', shuffle: false });
define(['MULTICHOICE_S', 'MCS'], { kind: 'choice', layout: 'dropdown', shuffle: true });
define(['MULTICHOICE_V', 'MCV'], { kind: 'choice', layout: 'vertical', shuffle: false });
define(['MULTICHOICE_VS', 'MCVS'], { kind: 'choice', layout: 'vertical', shuffle: true });
define(['MULTICHOICE_H', 'MCH'], { kind: 'choice', layout: 'horizontal', shuffle: false });
define(['MULTICHOICE_HS', 'MCHS'], { kind: 'choice', layout: 'horizontal', shuffle: true });
define(['MULTIRESPONSE', 'MR'], { kind: 'multiresponse', layout: 'vertical', shuffle: false });
define(['MULTIRESPONSE_H', 'MRH'], { kind: 'multiresponse', layout: 'horizontal', shuffle: false });
define(['MULTIRESPONSE_S', 'MRS'], { kind: 'multiresponse', layout: 'vertical', shuffle: true });
define(['MULTIRESPONSE_HS', 'MRHS'], { kind: 'multiresponse', layout: 'horizontal', shuffle: true });

/** Gaps whose student picks options (their response is option positions), as opposed to typing text. */
export const hasOptions = (gap: Pick<ClozeGap, 'kind'>) => gap.kind === 'choice' || gap.kind === 'multiresponse';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Moodle decodes HTML entities in answers and feedback (the HTML editor quotes them). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
const unescape = (s: string) => decodeEntities(s).replace(/\\}/g, '}').replace(/\\#/g, '#');

/** A number as Moodle's Cloze writes it: a decimal point or comma. */
const toNumber = (s: string) => Number(s.replace(',', '.'));

/** Reads the gaps of a Cloze text, as Moodle's qtype_multianswer_extract_question does, and checks them as its form does. */
export function parseCloze(source: string): ParsedCloze {
  const gaps: ClozeGap[] = [];
  const problems: string[] = [];
  let text = source;
  for (let n = 1; ; n++) {
    const m = GAP.exec(text);
    if (!m) break;
    const code = m[2];
    const info = TYPE_INFO[code];
    const weight = m[1] === '' ? 1 : Number(m[1]);
    const answers: ClozeAnswer[] = [];
    let remaining = m[3];
    // Moodle counts a written percentage other than %0% as "specific" (PHP's truthiness of the text).
    let specific = false;
    for (;;) {
      const alt = ALTERNATIVE_ONE.exec(remaining);
      if (!alt) break;
      const fraction = alt[1] === '=' ? 1 : alt[2] !== undefined && alt[2] !== '' ? toNumber(alt[2]) / 100 : 0;
      if (alt[1] !== '=' && alt[2] !== undefined && alt[2] !== '' && alt[2] !== '0') specific = true;
      const feedback = alt[5] !== undefined ? unescape(alt[5]) : '';
      const raw = alt[3];
      const numeric = info.kind === 'numeric' ? NUMERIC_ANSWER.exec(raw) : null;
      if (numeric) {
        answers.push({ text: numeric[1].replace(',', '.'), fraction, feedback, tolerance: numeric[6] !== undefined ? Math.abs(toNumber(numeric[6])) : 0 });
      } else {
        answers.push({ text: unescape(raw), fraction, feedback });
      }
      const at = remaining.indexOf(alt[0]);
      remaining = remaining.slice(at + alt[0].length);
    }
    const where = `Gap ${n} (${m[0].length > 40 ? `${m[0].slice(0, 37)}...` : m[0]})`;
    const outOfRange = answers.some((a) => a.fraction < -1 || a.fraction > 1);
    // A multiple-response gap: its positive fractions must add up to 1, not reach 1 each.
    const positive = info.kind === 'multiresponse' ? answers.reduce((sum, a) => sum + (a.fraction > 0 ? a.fraction : 0), 0) : 0;
    if (positive > 0) {
      for (const a of answers) {
        if (a.fraction > 0) a.fraction /= positive;
        else if (!specific) a.fraction = -1 / positive;
      }
    }
    const gap: ClozeGap = { n, weight, kind: info.kind, code, answers };
    if (info.caseSensitive !== undefined) gap.caseSensitive = info.caseSensitive;
    if (info.layout) {
      gap.layout = info.layout;
      gap.shuffle = info.shuffle;
    }
    gaps.push(gap);
    const filled = answers.filter((a) => a.text.trim() !== '');
    if (hasOptions(gap) && filled.length < 2) problems.push(`${where}: a choice gap needs at least two options`);
    else if (filled.length === 0) problems.push(`${where}: add at least one answer`);
    if (gap.kind === 'multiresponse') {
      if (!filled.some((a) => a.fraction > 0)) problems.push(`${where}: mark at least one right answer (with = or a positive %weight%)`);
    } else if (!filled.some((a) => a.fraction === 1)) problems.push(`${where}: one of the answers must be worth 100% (mark it with =)`);
    if (gap.kind === 'numeric' && filled.some((a) => a.tolerance === undefined && a.text.trim() !== '*')) {
      problems.push(`${where}: each answer must be a number (with an optional :tolerance) or *`);
    }
    if (outOfRange) problems.push(`${where}: answer weights must be between -100% and 100%`);
    text = text.slice(0, m.index) + `{#${n}}` + text.slice(m.index + m[0].length);
  }
  for (const left of text.matchAll(GAP_START)) {
    problems.push(`"${left[0]}..." looks like a gap but is not one Moodle would read: check the type and close it with }`);
  }
  if (gaps.length === 0 && problems.length === 0) problems.push('Write at least one gap, e.g. {1:SHORTANSWER:=answer}');
  if (gaps.length > 0 && gaps.reduce((s, g) => s + g.weight, 0) <= 0) problems.push('At least one gap must have a weight above 0');
  return { text, gaps, problems };
}

/** The parts of a text with `{#n}` placeholders: strings, and the numbers of the gaps between them. */
export function clozeSegments(text: string): (string | number)[] {
  const out: (string | number)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{#([0-9]+)\}/g)) {
    out.push(text.slice(last, m.index));
    out.push(Number(m[1]));
    last = m.index! + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/** A numeric gap's response as a number: a decimal point, or one decimal comma; null when it is not a number. */
export function clozeNumber(response: string): number | null {
  let value = response.trim().replace(/\s+/g, '');
  if (value === '') return null;
  if (!value.includes('.') && (value.match(/,/g) ?? []).length === 1) value = value.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A multiple-response gap's response: the chosen options' positions, written "0,2,5". */
export const chosenOptions = (response: string): number[] =>
  response.trim() === '' ? [] : response.split(',').map((p) => (/^[0-9]+$/.test(p.trim()) ? Number(p.trim()) : -1));

/** The answer a gap's response matches (Moodle's get_matching_answer: the first that matches), or undefined; a multiple-response gap has none. */
export function matchingAnswer(gap: ClozeGap, response: string): ClozeAnswer | undefined {
  if (gap.kind === 'multiresponse') return undefined;
  if (gap.kind === 'choice') {
    const index = /^[0-9]+$/.test(response) ? Number(response) : -1;
    return gap.answers[index];
  }
  if (gap.kind === 'short') return gap.answers.find((a) => matchesWildcard(response, a.text, gap.caseSensitive === true));
  const value = clozeNumber(response);
  if (value === null) return undefined;
  return gap.answers.find((a) => {
    if (a.text.trim() === '*') return true;
    if (a.tolerance === undefined) return false;
    const target = Number(a.text);
    // Moodle widens the interval by a rounding step, so an exact answer is never refused for a float error.
    return Math.abs(value - target) <= a.tolerance + 1e-12 * Math.max(1, Math.abs(target));
  });
}

/** The answers a response chose or matched: the chosen options of a multiple-response gap, else the one matching answer. */
export function answersOf(gap: ClozeGap, response: unknown): ClozeAnswer[] {
  if (typeof response !== 'string' || response.trim() === '') return [];
  if (gap.kind === 'multiresponse') return [...new Set(chosenOptions(response))].flatMap((i) => (gap.answers[i] ? [gap.answers[i]] : []));
  const match = matchingAnswer(gap, response);
  return match ? [match] : [];
}

/** A gap's fraction for one response; null when it is empty (not answered). A multiple-response gap: the chosen fractions' sum within 0..1. */
export function gapFraction(gap: ClozeGap, response: unknown): number | null {
  if (typeof response !== 'string' || response.trim() === '') return null;
  if (gap.kind === 'multiresponse') return Math.min(Math.max(0, answersOf(gap, response).reduce((sum, a) => sum + a.fraction, 0)), 1);
  return matchingAnswer(gap, response)?.fraction ?? 0;
}

/** qtype_multianswer's grade: the weighted mean of the gaps' fractions (an empty gap gives 0). */
export function clozeFraction(gaps: readonly ClozeGap[], response: Record<string, unknown>): number {
  let sum = 0;
  let max = 0;
  for (const gap of gaps) {
    max += gap.weight;
    const f = gapFraction(gap, Object.hasOwn(response, String(gap.n)) ? response[String(gap.n)] : undefined);
    if (f !== null) sum += f * gap.weight;
  }
  return max > 0 ? sum / max : 0;
}

/** What the student's browser gets of a gap: never its answers, only the options of a choice gap. */
export interface ClozeGapView {
  n: number;
  kind: ClozeKind;
  layout?: ClozeLayout;
  /** Choice and multiple-response gaps: the options in this paper's order; the id is the option's position in the text. */
  options?: { id: string; text: string }[];
  /** Text gaps: a width that fits the longest answer, as Moodle sizes its boxes. */
  size?: number;
}

export function gapView(gap: ClozeGap, order?: readonly number[]): ClozeGapView {
  if (hasOptions(gap)) {
    const indices = order ?? gap.answers.map((_, i) => i);
    return { n: gap.n, kind: gap.kind, layout: gap.layout, options: indices.map((i) => ({ id: String(i), text: gap.answers[i].text })) };
  }
  const longest = Math.max(...gap.answers.map((a) => a.text.length), 1);
  return { n: gap.n, kind: gap.kind, size: Math.min(Math.max(longest + 2, 6), 40) };
}

/** A gap's right answer in words (the review): the first answer worth 100%; a multiple-response gap's right options. */
export function gapRightAnswer(gap: ClozeGap): string {
  if (gap.kind === 'multiresponse') return gap.answers.filter((a) => a.fraction > 0).map((a) => a.text).join(', ');
  const best = gap.answers.find((a) => a.fraction === 1) ?? gap.answers[0];
  if (!best) return '';
  if (gap.kind === 'numeric' && best.tolerance) return `${best.text} ± ${best.tolerance}`;
  return best.text;
}
