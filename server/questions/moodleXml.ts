import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MAX_TRANSFER_QUESTIONS, TooManyQuestions, type ExportQuestion, type ParseResult, type QuestionDraft, type RowError } from './types';
import { moodleText, oneLine } from './text';
import { Refusal, toDraft, type CombinedFeedback, type MoodleAnswer, type MoodleNumericAnswer, type MoodleQuestion } from './moodle';
import { numericAnswersOf, optionWeights, shortAnswersOf } from '../../src/schemas/questions';
import { formatNumber } from './gift';
import { embedImagesInXml, FileRefusal, QuestionImages, type StoredImage } from './moodleFiles';

/**
 * Moodle XML, the format Moodle's question bank exports: a <quiz> of <question type="...">
 * elements. Read: multichoice (single and multiple, answer fractions and feedback; shuffling and
 * numbering are quiz settings here and are ignored), truefalse, shortanswer, numerical, essay
 * (-> descriptive) and category pseudo-questions (their path is kept with the questions after
 * them), with each question's name, general feedback, default mark and tags. Texts in html are
 * turned into text keeping their lines (<pre> its indentation); moodle_auto_format, plain_text and
 * markdown are text already. Embedded files become the question's images (moodleFiles.ts): an
 * <img> of @@PLUGINFILE@@/name becomes Markdown; a file that is not a PNG, JPEG, GIF or WebP image
 * of at most 1 MB is refused. Any other type is refused with the question's line, index and name.
 */

type Node = Record<string, unknown>;

const ARRAYS = new Set(['question', 'answer', 'tag', 'file', 'unit', 'subquestion']);
/** Moodle XML's element for each of the portal's types. */
const XML_TYPES = {
  single: 'multichoice',
  multiple: 'multichoice',
  true_false: 'truefalse',
  numeric: 'numerical',
  short_answer: 'shortanswer',
  descriptive: 'essay',
  matching: 'matching',
  description: 'description',
  cloze: 'cloze',
} as const;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (&#39;) too; each reference is decoded once (&amp;#39; stays &#39;).
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of an element: a plain string, or its #text when it has attributes or children. */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isNode(v)) return textOf(v['#text']);
  return '';
}

/** A Moodle text field (<x format="..."><text>...</text><file/></x>) as plain text, its embedded images collected in `images`. */
function readField(v: unknown, images: QuestionImages, part: string): { text: string } {
  if (!isNode(v)) return { text: images.text(textOf(v), 'html', undefined, part) };
  return { text: images.text(textOf(v.text), (v['@_format'] as string | undefined) ?? 'html', v.file, part) };
}

/** The text of a field the portal does not keep (only whether it has any is read; its files are not). */
const textField = (v: unknown) => (isNode(v) ? moodleText(textOf(v.text), (v['@_format'] as string | undefined) ?? 'html') : moodleText(textOf(v), 'html'));

const flag = (v: unknown) => ['1', 'true'].includes(textOf(v).trim().toLowerCase());

/** The line of each <question> start tag, in order (CDATA and comments are skipped). */
function questionLines(xml: string): number[] {
  const masked = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
  const lines: number[] = [];
  const re = /<question[\s>/]/g;
  let line = 1;
  let last = 0;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    for (let i = last; i < m.index; i++) if (masked.charCodeAt(i) === 10) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
}

const TYPE_NAMES: Record<string, string> = {
  multianswer: 'Embedded answers (Cloze)',
  ddwtos: 'Drag and drop into text',
  ddimageortext: 'Drag and drop onto image',
  ddmarker: 'Drag and drop markers',
  gapselect: 'Select missing words',
  calculated: 'Calculated',
  calculatedsimple: 'Simple calculated',
  calculatedmulti: 'Calculated multichoice',
  randomsamatch: 'Random short-answer matching',
  ordering: 'Ordering',
  random: 'Random',
};

function fromXml(q: Node, line: number, index: number, category: string | undefined, images: QuestionImages): MoodleQuestion {
  const type = String(q['@_type'] ?? '');
  const name = oneLine(textOf(isNode(q.name) ? q.name.text : q.name));
  const where = (field: string, message: string) => new Refusal(line, field, `Question ${index}${name ? ` "${name}"` : ''}: ${message}`);
  const known = ['multichoice', 'truefalse', 'shortanswer', 'numerical', 'essay', 'matching', 'description', 'cloze'];
  if (!known.includes(type)) {
    const what = TYPE_NAMES[type] ? `${TYPE_NAMES[type]} questions (${type})` : `Questions of type "${type}"`;
    throw where('type', `${what} cannot be imported: the portal has no such question type yet`);
  }
  // A part the portal keeps collects its images; without one (a text the portal leaves out) only its text is read.
  const field = (v: unknown, part?: string) => {
    if (part === undefined) return { text: textField(v) };
    try {
      return readField(v, images, part);
    } catch (err) {
      if (err instanceof FileRefusal) throw where(err.field, err.message);
      throw err;
    }
  };
  const qt = field(q.questiontext, 'question');
  const general = field(q.generalfeedback, 'general_feedback');
  const grade = textOf(q.defaultgrade).trim();
  const tags = (isNode(q.tags) && Array.isArray(q.tags.tag) ? q.tags.tag : []).map((t) => oneLine(textOf(isNode(t) ? t.text : t))).filter(Boolean);
  const notes: string[] = [];
  // Combined feedback: kept for the types that have it (choice, matching, Cloze), as the review shows it.
  const combined = Object.fromEntries(
    COMBINED_TAGS.filter(([tag]) => q[tag] !== undefined).flatMap(([tag, key]) => {
      const text = field(q[tag], key).text;
      return text ? [[key, text]] : [];
    }),
  ) as CombinedFeedback;
  if (type === 'essay' && (field(q.graderinfo).text || field(q.responsetemplate).text)) notes.push("the grader's information and the response template are not kept");
  if (q.hint !== undefined) notes.push('hints are not kept');
  const base = {
    line,
    ...(notes.length ? { notes } : {}),
    ...(name ? { name } : {}),
    ...(category ? { category } : {}),
    ...(tags.length ? { tags } : {}),
    text: qt.text,
    ...(general.text ? { generalFeedback: general.text } : {}),
    ...(Object.keys(combined).length ? { combinedFeedback: combined } : {}),
    ...(grade !== '' ? { marks: Number(grade) } : {}),
  };
  const answers = (Array.isArray(q.answer) ? q.answer : []).filter(isNode);
  const answerOf = (a: Node): MoodleAnswer => {
    const text = field(a, 'answer');
    const feedback = field(a.feedback, 'answer');
    const fraction = Number(textOf(a['@_fraction']) || '0');
    if (!Number.isFinite(fraction)) throw where('answer', `the answer fraction "${textOf(a['@_fraction'])}" is not a number`);
    return { text: text.text, fraction, ...(feedback.text ? { feedback: feedback.text } : {}), line };
  };

  switch (type) {
    case 'essay':
      return { ...base, kind: 'essay' };
    case 'description':
      return { ...base, kind: 'description' };
    case 'cloze':
      return { ...base, kind: 'cloze' };
    case 'matching': {
      const subs = (Array.isArray(q.subquestion) ? q.subquestion : []).filter(isNode);
      const pairs = subs.map((sq) => {
        const question = field(sq, 'match_pairs');
        const answer = Array.isArray(sq.answer) ? sq.answer[0] : sq.answer;
        return { question: question.text, answer: oneLine(textOf(isNode(answer) ? answer.text : answer)) };
      });
      return { ...base, kind: 'matching', pairs };
    }
    case 'multichoice':
      return { ...base, kind: 'choice', single: flag(q.single), answers: answers.map(answerOf) };
    case 'truefalse': {
      const list = answers.map(answerOf);
      const truth = list.find((a) => a.text.trim().toLowerCase() === 'true');
      const lie = list.find((a) => a.text.trim().toLowerCase() === 'false');
      if (!truth || !lie) throw where('answer', 'a true/false question needs a "true" and a "false" answer');
      return { ...base, kind: 'truefalse', correct: truth.fraction === 100, trueFeedback: truth.feedback, falseFeedback: lie.feedback };
    }
    case 'shortanswer':
      return { ...base, kind: 'short', caseSensitive: flag(q.usecase), answers: answers.map(answerOf) };
    case 'numerical': {
      const units = isNode(q.units) && Array.isArray(q.units.unit) ? q.units.unit : [];
      if (units.length) throw where('answer', 'numeric answers with units cannot be imported yet');
      const list: MoodleNumericAnswer[] = answers.map((a) => {
        const { text, fraction, feedback } = answerOf(a);
        const raw = text.trim();
        const tolerance = Number(textOf(a.tolerance).trim() || '0');
        if (raw === '*') return { tolerance: 0, fraction, feedback, line };
        const value = Number(raw);
        if (raw === '' || !Number.isFinite(value)) throw where('answer', `"${raw}" is not a number`);
        if (!Number.isFinite(tolerance)) throw where('answer', `the tolerance "${textOf(a.tolerance)}" is not a number`);
        return { value, tolerance: Math.abs(tolerance), fraction, feedback, line };
      });
      return { ...base, kind: 'numeric', answers: list };
    }
  }
  throw where('type', `Questions of type "${type}" cannot be imported`);
}

export function parseMoodleXml(input: string): ParseResult & { problem?: string } {
  const xml = input.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { drafts: [], errors: [], problem: 'The file declares a DOCTYPE or entities, which Moodle XML never has; export it from Moodle again' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    return { drafts: [], errors: [{ row: line, field: 'file', message: `The file is not well-formed XML: ${msg} (line ${line}, column ${col})` }] };
  }
  const doc = parser.parse(xml) as Node;
  const quiz = doc.quiz;
  if (!isNode(quiz)) return { drafts: [], errors: [], problem: 'The file is not Moodle XML: it has no <quiz> element' };
  const questions = (Array.isArray(quiz.question) ? quiz.question : []).filter(isNode);
  const lines = questionLines(xml);
  const drafts: QuestionDraft[] = [];
  const errors: RowError[] = [];
  let category: string | undefined;
  let index = 0;
  questions.forEach((q, i) => {
    const line = lines[i] ?? 1;
    if (q['@_type'] === 'category') {
      category = oneLine(textOf(isNode(q.category) ? q.category.text : q.category)) || undefined;
      return;
    }
    index++;
    if (index > MAX_TRANSFER_QUESTIONS) throw new TooManyQuestions();
    try {
      const images = new QuestionImages();
      const draft = toDraft(fromXml(q, line, index, category, images));
      if (images.list.length) draft.images = images.list;
      drafts.push(draft);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      errors.push({ row: err.line, field: err.field, message: err.message });
    }
  });
  return { drafts, errors };
}

// ---------------------------------------------------------------------------------------------
// Export

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Plain text as Moodle stores it in FORMAT_PLAIN: shown exactly as written (no markup). */
const plain = (s: string) => `<text>${escapeXml(s)}</text>`;
const empty = (tag: string) => `    <${tag} format="html">\n      <text></text>\n    </${tag}>\n`;
/** A number as Moodle writes its fractions and marks (seven decimals). */
const decimal = (n: number) => n.toFixed(7);
/** A fraction in percent as Moodle writes it: its exact value, without trailing zeros. */
const fraction = (w: number) => String(Number(w.toFixed(5)));

const feedbackXml = (tag: string, text: string | null | undefined, indent = '    ') =>
  `${indent}<${tag} format="plain_text">\n${indent}  ${plain(text ?? '')}\n${indent}</${tag}>\n`;

/** Moodle's combined feedback elements and the question's fields that keep them. */
const COMBINED_TAGS = [
  ['correctfeedback', 'correct_feedback'],
  ['partiallycorrectfeedback', 'partially_correct_feedback'],
  ['incorrectfeedback', 'incorrect_feedback'],
] as const;
const combinedXml = (q: ExportQuestion) => COMBINED_TAGS.map(([tag, key]) => feedbackXml(tag, q[key])).join('');

function answer(frac: number, text: string, format: string, feedback?: string | null, extra = ''): string {
  return `    <answer fraction="${fraction(frac)}" format="${format}">\n      ${plain(text)}\n${feedbackXml('feedback', feedback, '      ')}${extra}    </answer>\n`;
}

function questionXml(q: ExportQuestion): string {
  const type = XML_TYPES[q.type];
  const penalty = q.type === 'true_false' ? 1 : q.type === 'descriptive' || q.type === 'description' ? 0 : 1 / 3;
  const name = q.name?.trim() || oneLine(q.question).slice(0, 60).trim() || `Question ${q.id}`;
  let out = `<!-- question: ${q.id}  -->\n  <question type="${type}">\n    <name>\n      ${plain(name)}\n    </name>\n`;
  out += `    <questiontext format="plain_text">\n      ${plain(q.question)}\n    </questiontext>\n`;
  out += feedbackXml('generalfeedback', q.general_feedback);
  out += `    <defaultgrade>${decimal(q.marks)}</defaultgrade>\n    <penalty>${decimal(penalty)}</penalty>\n    <hidden>0</hidden>\n    <idnumber></idnumber>\n`;
  switch (q.type) {
    case 'single':
    case 'multiple': {
      const weights = optionWeights(q.type, q.scoring, q.options ?? []);
      out += `    <single>${q.type === 'single'}</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n    <showstandardinstruction>0</showstandardinstruction>\n`;
      out += combinedXml(q);
      out += (q.options ?? []).map((o, i) => answer(weights[i], o.text, 'plain_text', o.feedback)).join('');
      break;
    }
    case 'true_false':
      out += answer(q.correct_bool ? 100 : 0, 'true', 'moodle_auto_format', q.true_feedback) + answer(q.correct_bool ? 0 : 100, 'false', 'moodle_auto_format', q.false_feedback);
      break;
    case 'short_answer':
      out += `    <usecase>${q.case_sensitive ? 1 : 0}</usecase>\n`;
      out += shortAnswersOf(q).answers.map((a) => answer(a.weight, a.text, 'moodle_auto_format', a.feedback)).join('');
      break;
    case 'numeric':
      out += numericAnswersOf(q)
        .map((a) => answer(a.weight, a.value === '*' ? '*' : formatNumber(a.value), 'moodle_auto_format', a.feedback, `      <tolerance>${formatNumber(a.value === '*' ? 0 : (a.tolerance ?? 0))}</tolerance>\n`))
        .join('');
      out += `    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>\n`;
      break;
    case 'matching':
      out += `    <shuffleanswers>true</shuffleanswers>\n`;
      out += combinedXml(q);
      out += (q.match_pairs ?? [])
        .map((p) => `    <subquestion format="plain_text">\n      ${plain(p.question ?? '')}\n      <answer>\n        ${plain(p.answer)}\n      </answer>\n    </subquestion>\n`)
        .join('');
      break;
    case 'cloze':
      // A Cloze question's gaps are in its text, in Moodle's syntax.
      out += combinedXml(q);
      break;
    case 'description':
      break;
    case 'descriptive':
      out += `    <responseformat>editor</responseformat>\n    <responserequired>1</responserequired>\n    <responsefieldlines>15</responsefieldlines>\n    <attachments>0</attachments>\n    <attachmentsrequired>0</attachmentsrequired>\n`;
      out += empty('graderinfo') + empty('responsetemplate');
      break;
  }
  if (q.tags?.length) out += `    <tags>\n${q.tags.map((t) => `      <tag>${plain(t)}</tag>\n`).join('')}    </tags>\n`;
  return `${out}  </question>\n`;
}

const categoryXml = (path: string) => `<!-- question: 0  -->\n  <question type="category">\n    <category>\n      ${plain(path)}\n    </category>\n  </question>\n`;

/**
 * Questions in Moodle XML, as Moodle's own export writes them: each question's name, text, general
 * feedback, default mark and tags, choice options with their weights as Moodle fractions and their
 * feedback, true/false feedback, short answers with their weights, feedback and case setting,
 * numeric answers with their tolerances, weights and feedback, and a category pseudo-question
 * before each run of questions of one Moodle category. Texts are written as plain text (Moodle
 * shows them exactly as written); a text with images as Markdown, its images embedded as files. Questions moodleProblem refuses are refused by the export route
 * before this runs.
 */
export function writeMoodleXml(questions: readonly ExportQuestion[], images: ReadonlyMap<number, StoredImage> = new Map()): string {
  let category: string | null = null;
  const parts = questions.map((q) => {
    let head = '';
    if (q.category && q.category !== category) {
      category = q.category;
      head = `${categoryXml(category)}\n`;
    }
    return head + embedImagesInXml(questionXml(q), images);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${parts.join('\n')}</quiz>\n`;
}
