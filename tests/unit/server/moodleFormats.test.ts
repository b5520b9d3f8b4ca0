import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAiken } from '../../../server/questions/aiken';
import { giftProblem, moodleProblem, parseGift, writeGift } from '../../../server/questions/gift';
import { parseMoodleXml, writeMoodleXml } from '../../../server/questions/moodleXml';
import { parseQuestionSheet, questionSheetRows, readQuestionSheet, sheetProblem } from '../../../server/questions/sheet';
import { htmlToText } from '../../../server/questions/text';
import type { ExportQuestion, ParseResult } from '../../../server/questions/types';
import { validateDrafts, type ImportDefaults } from '../../../server/questions/validate';
import { writeWorkbook } from '../../../server/upload/workbook';

/**
 * Moodle's own format fixtures (tests/fixtures/moodle-formats, see its README), read as Moodle's
 * tests read them: the types, weights (fractions) and names Moodle's import gives, and a refusal with
 * its line for what the portal cannot hold.
 */
const dir = path.resolve(__dirname, '../../fixtures/moodle-formats');
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const defaults: ImportDefaults = { subject: 1, module: 10, marks: 1, time_required: 1, difficulty: 'medium' };
const check = (parsed: ParseResult) => validateDrafts(parsed.drafts, defaults, 'text', parsed.errors);
const weights = (q: { options?: { text: string; weight?: number }[] | null }) => (q.options ?? []).map((o) => [o.text, o.weight]);

describe("Moodle's GIFT fixtures", () => {
  it('questions.gift.txt: the essay, the single choice, the weighted multiple choice and the true/false questions as Moodle reads them', () => {
    const result = check(parseGift(read('questions.gift.txt')));
    const byName = Object.fromEntries(result.valid.map((v) => [v.name, v]));
    expect(byName.Q8.question).toMatchObject({ type: 'descriptive', question: 'How are you?' });
    // Moodle: =yellow is 1, ~red and ~blue 0 ([plain] is a format marker, not text).
    expect(byName.Q2.question.type).toBe('single');
    expect(weights(byName.Q2.question)).toEqual([['yellow', 100], ['red', 0], ['blue', 0]]);
    // Moodle: single = 0, fractions 0.5, -1, 0.5, -1.
    expect(byName.colours.question).toMatchObject({ type: 'multiple', scoring: 'partial' });
    expect(weights(byName.colours.question)).toEqual([['yellow', 50], ['red', -100], ['off-beige', 50], ['blue', -100]]);
    expect(byName.colours.question.options!.map((o: { feedback?: string | null }) => o.feedback)).toEqual(['right; good!', 'wrong', 'right; good!', 'wrong']);
    expect(byName.Q2.question.options!.map((o: { feedback?: string | null }) => o.feedback)).toEqual(['right; good!', "wrong, it's yellow", "wrong, it's yellow"]);
    // Moodle: truefalse, correctanswer 0, feedback for the wrong (true) and the right (false) response, general feedback.
    expect(byName.Q1.question).toMatchObject({
      type: 'true_false',
      correct_bool: false,
      true_feedback: '42 is the Ultimate Answer.',
      false_feedback: 'You gave the right answer.',
      general_feedback: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
    });
    expect(byName.Q1.notes).toBeUndefined();
    // Moodle: shortanswer, answers Frog 1, Cat 0.5, * 0, each with its feedback.
    expect(byName.Shortanswer.question).toMatchObject({
      type: 'short_answer',
      text_match: 'moodle',
      case_sensitive: false,
      short_answers: [
        { text: 'Frog', weight: 100, feedback: 'Good!' },
        { text: 'Cat', weight: 50, feedback: 'What is it with Moodlers and cats?' },
        { text: '*', weight: 0, feedback: 'Completely wrong' },
      ],
    });
    expect(result.valid.filter((v) => v.name === '2-08 TSL').map((v) => v.question.correct_bool)).toEqual([true, true]);
    // What the portal cannot hold yet is refused on its line, with the reason.
    // Moodle: match, 4 subquestions and an extra answer (Chat).
    expect(byName['Moodle activities'].question).toMatchObject({
      type: 'matching',
      question: 'Match the activity to the description.',
      match_pairs: [
        { question: 'An activity supporting asynchronous discussions.', answer: 'Forum' },
        { question: 'A teacher asks a question and specifies a choice of multiple responses.', answer: 'Choice' },
        { question: 'A bank of record entries which participants can add to.', answer: 'Database' },
        { question: 'A collection of web pages that anyone can add to or edit.', answer: 'Wiki' },
        { question: '', answer: 'Chat' },
      ],
    });
    // Moodle: numerical, 3 with an error of 2 at 100%, and * at 0% with the feedback after ~#; the text
    // after the block stays in the question (gift-pegjs alone cannot read this ~#feedback).
    expect(byName.Q5.question).toMatchObject({
      type: 'numeric',
      question: 'What is a number from 1 to 5? _____ ";',
      numeric_answers: [
        { value: 3, tolerance: 2, weight: 100 },
        { value: '*', tolerance: 0, weight: 0, feedback: 'Completely wrong' },
      ],
    });
    expect(result.errors).toEqual([]);
  });

  it('questions_in_category.gift.txt: the category is kept with each question, escaped HTML is read as text', () => {
    const result = check(parseGift(read('questions_in_category.gift.txt')));
    expect(result.errors).toEqual([]);
    expect(result.valid.map((v) => [v.name, v.category, v.question.type])).toEqual([
      ['Moodle activities', '$course$/Default for New Features', 'matching'],
      ['Greeting', '$course$/Default for New Features', 'single'],
      ['Moodle user', '$course$/Default for New Features', 'short_answer'],
      ['Moodle acronym', '$course$/Default for New Features', 'true_false'],
    ]);
    expect(result.valid[1].question.question).toBe('Listen to this greeting:\n\nWhat language is being spoken?');
    expect(weights(result.valid[1].question)).toEqual([['English', 0], ['French', 100], ['German', 0], ['Spanish', 0]]);
    expect(result.valid[2].question.short_answers).toEqual([{ text: 'Moodler', weight: 100 }]);
    expect(result.valid[3].question).toMatchObject({ question: 'Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.', correct_bool: true });
  });
});

describe("Moodle's Aiken fixtures", () => {
  it('questions.aiken.txt: two single-choice questions, the text kept as written', () => {
    const result = check(parseAiken(read('questions.aiken.txt')));
    expect(result.errors).toEqual([]);
    expect(result.valid.map((v) => [v.question.question, weights(v.question)])).toEqual([
      ['The Moodle project was started by:', [['Petr Skoda', 0], ['Martin Dougiamas', 100], ['Eloy Lafuente', 0], ['Tim Hunt', 0]]],
      ['Moodle\'s abilities include handling user input that includes <html class="cool"> & images:', [['True', 100], ['False', 0]]],
    ]);
  });

  it('aiken_errors.txt: the two good questions are read ("A)text" without a space too, as Moodle does), the others refused on their line', () => {
    const result = check(parseAiken(read('aiken_errors.txt')));
    expect(result.valid.map((v) => [v.question.question, weights(v.question)])).toEqual([
      ['A good question', [['Correct', 100], ['Incorrect', 0]]],
      ['A second good question', [['Incorrect (No space)', 0], ['Correct (No space)', 100]]],
    ]);
    expect(result.errors.map((e) => e.row)).toEqual([2, 7, 17]);
  });
});

describe("Moodle's XML fixtures", () => {
  it('nested_categories_with_questions.xml: every question with its name and its category path', () => {
    const result = check(parseMoodleXml(read('nested_categories_with_questions.xml')));
    expect(result.errors).toEqual([]);
    expect(result.valid.map((v) => [v.row, v.name, v.category, v.question.type, v.question.question])).toEqual([
      [15, 'Iota Question', '$course$/Iota', 'true_false', 'Testing Iota Question'],
      [55, 'Kappa Essay Question', '$course$/Iota/Kappa', 'descriptive', 'Testing Kappa Essay Question'],
      [83, 'Kappa Question', '$course$/Iota/Kappa', 'true_false', 'Testing Kappa Question'],
      [123, 'Lambda Question', '$course$/Iota/Kappa/Lambda', 'true_false', 'Testing Lambda Question'],
      [163, 'Mu Question', '$course$/Iota/Mu', 'true_false', 'Testing Mu Question'],
    ]);
    expect(result.valid.every((v) => v.question.correct_bool !== false)).toBe(true);
  });

  it('multichoice.xml: an embedded file that is not an image (its payload shortened to a few bytes) is refused with its line, index, name, file and rule', () => {
    const result = check(parseMoodleXml(read('multichoice.xml')));
    expect(result.valid).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 12,
        field: 'question',
        message: 'Question 1 "Greeting": the embedded file "bonjour.mp3" cannot be imported: Only PNG, JPEG, GIF and WebP images are accepted (checked by the file content)',
      },
    ]);
  });

  it('every-type.xml: weights, marks, tags, text formats (html lines, <pre> indentation, plain text kept as written) and an unsupported type', () => {
    const result = check(parseMoodleXml(read('every-type.xml')));
    const byName = Object.fromEntries(result.valid.map((v) => [v.name, v]));
    expect(byName.Colours.question).toMatchObject({ type: 'multiple', scoring: 'partial', marks: 2, question: "What's between orange and green in the spectrum?" });
    expect(weights(byName.Colours.question)).toEqual([['yellow', 50], ['red', -100], ['off-beige', 50], ['blue & green', -100]]);
    expect(byName.Colours).toMatchObject({ category: '$course$/top/Data structures/Trees', tags: ['colours', 'physics'] });
    // Combined feedback is kept (it was only noted as left out before).
    expect(byName.Colours.notes).toBeUndefined();
    expect(byName.Colours.question).toMatchObject({
      correct_feedback: 'Your answer is correct.',
      partially_correct_feedback: 'Your answer is partially correct.',
      incorrect_feedback: 'Your answer is incorrect.',
    });
    expect(byName.Colours.question).toMatchObject({ name: 'Colours', category: '$course$/top/Data structures/Trees', tags: ['colours', 'physics'], general_feedback: 'Think of a rainbow.' });
    expect(byName.Colours.question.options!.map((o: { feedback?: string | null }) => o.feedback)).toEqual(['right; good!', 'wrong', 'right; good!', 'wrong']);
    expect(byName['Indented code'].question.question).toBe('What does this print?\nfor i in range(2):\n    print(i < 1)');
    expect(weights(byName['Indented code'].question)).toEqual([['True\nFalse', 100], ['False', 0]]);
    expect(byName.Capital.question).toMatchObject({ type: 'short_answer', case_sensitive: false, short_answers: [{ text: 'Paris', weight: 100, feedback: 'Yes.' }, { text: 'Paname', weight: 100, feedback: 'Yes, in slang.' }] });
    expect(byName.Pi.question).toMatchObject({ type: 'numeric', numeric_answers: [{ value: 3.14, tolerance: 0.01, weight: 100, feedback: 'Well done.' }], question: 'What is *pi* to two decimals?' });
    expect(byName.Sky.question).toMatchObject({ type: 'true_false', correct_bool: false, question: 'The sky is green & <b>bold</b>.', true_feedback: 'No.', false_feedback: 'Right.' });
    expect(byName.Essay.question).toMatchObject({ type: 'descriptive', marks: 5, question: 'Describe a queue.\nGive an example.' });
    expect(result.errors).toEqual([
      { row: 211, field: 'type', message: 'Question 7 "Drag words": Drag and drop into text questions (ddwtos) cannot be imported: the portal has no such question type yet' },
    ]);
  });

  it('Cloze: every gap type Moodle reads is imported (multiple response too); a gap Moodle would refuse or leave as text is refused with the line and the reason', () => {
    const cloze = (name: string, text: string) =>
      `<question type="cloze">\n<name><text>${name}</text></name>\n<questiontext format="html"><text><![CDATA[<p>${text}</p>]]></text></questiontext>\n</question>`;
    const xml = `<?xml version="1.0"?>\n<quiz>\n${cloze('Birds', 'Birds: {2:MRH:=Owl#A bird~Cat~=Hen}, {1:MRS:=a~b}, {1:MCS:=a~b}, {1:MW:=x} and {1:NM:=1.5e3:10}')}\n${cloze('Bad', 'Bad: {1:MULTIRESPONSE:Owl~Cat} and {1:FOO:=x}')}\n</quiz>`;
    const result = check(parseMoodleXml(xml));
    expect(result.valid.map((v) => [v.name, v.question.marks])).toEqual([['Birds', 6]]);
    expect(result.errors).toEqual([
      {
        row: 7,
        field: 'question',
        message:
          'Gap 1 ({1:MULTIRESPONSE:Owl~Cat}): mark at least one right answer (with = or a positive %weight%); "{1:FOO:..." looks like a gap but is not one Moodle would read: check the type and close it with }',
      },
    ]);
  });

  it('new-types.xml: matching (pairs and an extra wrong answer), description (no marks) and Cloze (gaps kept in the text, marks = the gaps)', () => {
    const result = check(parseMoodleXml(read('new-types.xml')));
    expect(result.errors).toEqual([]);
    const [matching, description, cloze] = result.valid;
    expect(matching.question).toMatchObject({
      type: 'matching',
      marks: 4,
      question: 'Match the activity to the description.',
      match_pairs: [
        { question: 'An activity supporting asynchronous discussions.', answer: 'Forum' },
        { question: 'A teacher asks a question and specifies a choice of multiple responses.', answer: 'Choice' },
        { question: 'A bank of record entries which participants can add to.', answer: 'Database' },
        { question: '', answer: 'Chat' },
      ],
    });
    expect(matching.notes).toBeUndefined();
    expect(matching.question).toMatchObject({ correct_feedback: 'Your answer is correct.', partially_correct_feedback: 'Your answer is partially correct.', incorrect_feedback: 'Your answer is incorrect.' });
    expect(description.question).toMatchObject({ type: 'description', marks: 0, name: 'Case study', question: 'Read the case study.\nA shop sells 3 kinds of tea.' });
    expect(cloze.question).toMatchObject({ type: 'cloze', marks: 3, name: 'Owl and pussy-cat' });
    expect(cloze.question.question).toMatch(/^The \{1:SHORTANSWER:=Owl#Well done~\*#Wrong answer\} and the \{1:MULTICHOICE:/);
  });

  it('multianswer.xml: a Cloze question whose embedded "images" are not images (payloads shortened) is refused with its line and the reason', () => {
    const result = check(parseMoodleXml(read('multianswer.xml')));
    expect(result.valid).toEqual([]);
    expect(result.errors).toEqual([{ row: 12, field: 'question', message: expect.stringMatching(/^Question 1 "cloze with images": the embedded file "arizona_2.png" cannot be imported: Only PNG/) }]);
  });

  it.each([
    ['a file that is not XML', '<quiz><question type="truefalse"></quiz>', /not well-formed XML: .*\(line 1, column \d+\)/],
    ['a numeric answer with units', '<quiz><question type="numerical"><questiontext><text>Q</text></questiontext><answer fraction="100"><text>3</text><tolerance>0</tolerance></answer><units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit></units></question></quiz>', /units/],
    ['a calculated question', '<quiz>\n<question type="calculated"><name><text>M</text></name></question></quiz>', /^Question 1 "M": Calculated questions \(calculated\) cannot be imported/],
    ['a Cloze question', '<quiz><question type="multianswer"></question></quiz>', /Embedded answers \(Cloze\)/],
  ])('refuses %s with a reason', (_what, xml, message) => {
    const parsed = parseMoodleXml(xml);
    expect(parsed.drafts).toEqual([]);
    expect(parsed.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(message) })]);
  });

  it('decodes character references once (&#39; is an apostrophe, &amp;#39; the text &#39;)', () => {
    const xml = '<quiz><question type="truefalse"><questiontext format="plain_text"><text>It&#39;s &#x41; &quot;q&quot; &amp;amp; &amp;#39;</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>';
    expect(parseMoodleXml(xml).drafts[0].fields.question).toBe('It\'s A "q" &amp; &#39;');
  });

  it('refuses a DOCTYPE (no entity expansion) and a file without <quiz>', () => {
    expect(parseMoodleXml('<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaa">]><quiz>&a;</quiz>').problem).toMatch(/DOCTYPE/);
    expect(parseMoodleXml('<other/>').problem).toMatch(/no <quiz> element/);
  });

  it("keeps short answers as Moodle marks them: case setting, * wildcards and \\* for the character, a * answer worth 0% with its feedback", () => {
    const xml = '<quiz><question type="shortanswer"><questiontext format="plain_text"><text>Q</text></questiontext><usecase>1</usecase><answer fraction="100"><text>2\\*3</text></answer><answer fraction="50"><text>Par*</text></answer><answer fraction="0"><text>*</text><feedback><text>No</text></feedback></answer></question></quiz>';
    const [draft] = parseMoodleXml(xml).drafts;
    expect(draft.fields).toMatchObject({
      case_sensitive: true,
      text_match: 'moodle',
      short_answers: [{ text: '2\\*3', weight: 100 }, { text: 'Par*', weight: 50 }, { text: '*', weight: 0, feedback: 'No' }],
    });
  });

  it('keeps several numeric answers with tolerances, weights and feedback, and * for any other number', () => {
    const xml = '<quiz><question type="numerical"><questiontext><text>Q</text></questiontext><answer fraction="100"><text>3.14</text><tolerance>0.01</tolerance><feedback><text>Yes</text></feedback></answer><answer fraction="50"><text>3</text><tolerance>0.5</tolerance></answer><answer fraction="0"><text>*</text><feedback><text>No</text></feedback></answer></question></quiz>';
    const result = check(parseMoodleXml(xml));
    expect(result.errors).toEqual([]);
    expect(result.valid[0].question.numeric_answers).toEqual([
      { value: 3.14, tolerance: 0.01, weight: 100, feedback: 'Yes' },
      { value: 3, tolerance: 0.5, weight: 50 },
      { value: '*', tolerance: 0, weight: 0, feedback: 'No' },
    ]);
  });
});

describe('Moodle XML export', () => {
  const base = { marks: 2, time_required: 1, difficulty: 'easy' as const };
  const bank: ExportQuestion[] = [
    { id: 1, ...base, type: 'single', question: 'A <b>tag</b> & an &amp; stay\n  as written', options: [{ text: 'x < y', correct: true, weight: 100 }, { text: 'half', correct: true, weight: 50 }, { text: 'no', correct: false, weight: 0 }] },
    { id: 2, ...base, type: 'multiple', scoring: 'partial', question: 'Pick', options: [{ text: 'a', correct: true, weight: 33.33333 }, { text: 'b', correct: true, weight: 66.66667 }, { text: 'c', correct: false, weight: -100 }] },
    { id: 3, ...base, type: 'true_false', question: 'T?', correct_bool: false },
    { id: 4, ...base, type: 'numeric', question: 'N?', numeric_value: 6.02e23, numeric_tolerance: 0.5 },
    { id: 5, ...base, type: 'short_answer', question: 'S?', text_match: 'moodle', short_answers: [{ text: 'a\\*b', weight: 100 }, { text: 'C:\\temp', weight: 100 }] },
    { id: 6, ...base, type: 'descriptive', question: 'Explain.' },
  ];

  it('writes what Moodle reads, and reads it back as the same questions (weights exactly, marks, text as written)', () => {
    const xml = writeMoodleXml(bank);
    expect(xml).toContain('<answer fraction="33.33333" format="plain_text">');
    expect(xml).toContain('<answer fraction="-100" format="plain_text">');
    expect(xml).toContain('<text>a\\*b</text>');
    expect(xml).toContain('<defaultgrade>2.0000000</defaultgrade>');
    const result = check(parseMoodleXml(xml));
    expect(result.errors).toEqual([]);
    const back = result.valid.map((v) => v.question);
    expect(back[0]).toMatchObject({ type: 'single', marks: 2, question: 'A <b>tag</b> & an &amp; stay\n  as written' });
    expect(weights(back[0])).toEqual([['x < y', 100], ['half', 50], ['no', 0]]);
    expect(back[1]).toMatchObject({ type: 'multiple', scoring: 'partial' });
    expect(weights(back[1])).toEqual([['a', 33.33333], ['b', 66.66667], ['c', -100]]);
    expect(back[2]).toMatchObject({ type: 'true_false', correct_bool: false });
    expect(back[3]).toMatchObject({ type: 'numeric', numeric_answers: [{ value: 6.02e23, tolerance: 0.5, weight: 100 }] });
    // An escaped * is a plain character in Moodle's rule, and stays escaped.
    expect(back[4]).toMatchObject({ type: 'short_answer', text_match: 'moodle', short_answers: [{ text: 'a\\*b', weight: 100 }, { text: 'C:\\temp', weight: 100 }] });
    expect(back[5]).toMatchObject({ type: 'descriptive', question: 'Explain.' });
  });
});

describe('text', () => {
  it('HTML keeps its line structure, and <pre> its indentation and blank lines', () => {
    expect(htmlToText('<p>Code:</p><pre>if x:\n    y()\n\n\n  z</pre><p>a   b</p>')).toBe('Code:\nif x:\n    y()\n\n\n  z\na b');
  });

  it('the spreadsheet export refuses what its old columns would mark differently', () => {
    const base = { id: 1, question: 'Q', marks: 1, time_required: 1, difficulty: 'easy' as const };
    expect(sheetProblem({ ...base, type: 'short_answer', accepted_answers: ['a*b'] })).toBeNull();
    expect(sheetProblem({ ...base, type: 'short_answer', short_answers: [{ text: 'a', weight: 100 }, { text: 'b', weight: 50 }] })).toMatch(/weighted/);
    // The matching column carries Moodle's rule, wildcard included.
    expect(sheetProblem({ ...base, type: 'short_answer', text_match: 'moodle', short_answers: [{ text: 'Par*', weight: 100 }] })).toBeNull();
    expect(sheetProblem({ ...base, type: 'short_answer', text_match: 'moodle', case_sensitive: true, short_answers: [{ text: 'Par', weight: 100 }] })).toMatch(/case-sensitive/);
    expect(sheetProblem({ ...base, type: 'numeric', numeric_answers: [{ value: 1, tolerance: 0, weight: 100 }, { value: 2, tolerance: 0, weight: 50 }] })).toMatch(/several numeric/);
    expect(sheetProblem({ ...base, type: 'numeric', numeric_value: 1, numeric_tolerance: 0 })).toBeNull();
    expect(sheetProblem({ ...base, type: 'matching', match_pairs: [] })).toMatch(/pairs/);
  });

  it('the spreadsheet round trip keeps literal text such as &amp; and _x000D_ as it is', () => {
    const q: ExportQuestion = { id: 1, type: 'short_answer', question: 'Write &amp; or &lt;b&gt; or &#39; <b>x</b> & "q"', marks: 1, time_required: 1, difficulty: 'easy', accepted_answers: ['&amp;', 'a_x000D_b'], module: 'M', topic: null };
    const { header, rows } = questionSheetRows([q]);
    const back = parseQuestionSheet(readQuestionSheet(writeWorkbook('Questions', header, rows)));
    expect(back.drafts[0].fields).toMatchObject({ question: q.question, accepted_answers: q.accepted_answers });
  });
});

describe('GIFT and Moodle XML keep every feedback, name, category and tag through export and import', () => {
  const base = { marks: 1, time_required: 1, difficulty: 'easy' as const, category: '$course$/top/Trees', name: 'Named: one', general_feedback: 'General {x}' };
  const bank: ExportQuestion[] = [
    { id: 1, ...base, type: 'single', question: 'S', options: [{ text: 'a', correct: true, weight: 100, feedback: 'yes #1' }, { text: 'b', correct: false, weight: 0, feedback: 'no' }] },
    { id: 2, ...base, type: 'multiple', scoring: 'partial', question: 'M', options: [{ text: 'a', correct: true, weight: 50 }, { text: 'b', correct: true, weight: 50, feedback: 'half' }, { text: 'c', correct: false, weight: -100 }] },
    { id: 3, ...base, type: 'true_false', question: 'T', correct_bool: true, true_feedback: 'right', false_feedback: 'wrong' },
    { id: 4, ...base, category: '$course$/top/Other', type: 'short_answer', question: 'A', text_match: 'moodle', case_sensitive: false, short_answers: [{ text: 'Frog', weight: 100, feedback: 'Good!' }, { text: 'Ca*', weight: 50 }, { text: '*', weight: 0, feedback: 'No' }] },
    { id: 5, ...base, type: 'numeric', question: 'N', numeric_answers: [{ value: 3.14, tolerance: 0.01, weight: 100, feedback: 'exact' }, { value: 3, tolerance: 1, weight: 50 }] },
    { id: 6, ...base, type: 'descriptive', question: 'D', tags: ['t1'] },
    { id: 7, ...base, type: 'matching', question: 'Match', match_pairs: [{ question: 'q1', answer: 'a1' }, { question: 'q2', answer: 'a2' }, { question: '', answer: 'extra' }] },
    { id: 8, ...base, general_feedback: null, type: 'description', marks: 0, question: 'A passage {with braces}.' },
  ];
  const strip = (q: Record<string, unknown>) => {
    const { subject: _s, module: _m, topic: _t, marks: _k, time_required: _r, difficulty: _d, ...rest } = q;
    return rest;
  };
  const expected = bank.map(({ id: _id, marks: _k, time_required: _r, difficulty: _d, general_feedback, ...q }) => ({ ...q, ...(general_feedback ? { general_feedback } : {}) }));

  it('Moodle XML', () => {
    const result = check(parseMoodleXml(writeMoodleXml(bank)));
    expect(result.errors).toEqual([]);
    expect(result.valid.map((v) => strip(v.question as Record<string, unknown>))).toEqual(expected.map((q) => expect.objectContaining(q)));
  });

  it('GIFT (tags are Moodle XML only)', () => {
    const result = check(parseGift(writeGift(bank)));
    expect(result.errors).toEqual([]);
    expect(result.valid.map((v) => strip(v.question as Record<string, unknown>))).toEqual(expected.map(({ tags: _t, ...q }) => expect.objectContaining(q)));
  });

  it('Moodle XML carries Cloze questions as they are; GIFT refuses them', () => {
    const cloze: ExportQuestion = { id: 9, marks: 3, time_required: 1, difficulty: 'easy', type: 'cloze', name: 'Owl', question: 'The {1:SHORTANSWER:=Owl#Well done} and {2:NUMERICAL:=2:0.5}.' };
    expect(giftProblem(cloze)).toMatch(/Cloze/);
    const back = check(parseMoodleXml(writeMoodleXml([cloze])));
    expect(back.errors).toEqual([]);
    expect(back.valid[0].question).toMatchObject({ type: 'cloze', marks: 3, name: 'Owl', question: cloze.question });
  });

  it('GIFT refuses what it cannot say (case-sensitive answers, a * numeric answer other than a last ~#feedback); Moodle XML carries them', () => {
    const cs: ExportQuestion = { ...bank[3], case_sensitive: true };
    const star: ExportQuestion = { ...bank[4], numeric_answers: [{ value: '*', tolerance: 0, weight: 0, feedback: 'no' }, { value: 1, tolerance: 0, weight: 100 }] };
    expect(giftProblem(cs)).toMatch(/case-sensitive/);
    expect(giftProblem(star)).toMatch(/\(\*\)/);
    expect(giftProblem({ ...star, numeric_answers: [{ value: 1, tolerance: 0, weight: 100 }, { value: '*', tolerance: 0, weight: 0 }] })).toMatch(/\(\*\)/);
    // The last answer * at 0% with feedback is GIFT's ~#feedback, read back the same.
    const last: ExportQuestion = { ...bank[4], general_feedback: null, numeric_answers: [{ value: 1, tolerance: 0, weight: 100 }, { value: '*', tolerance: 0, weight: 0, feedback: 'no' }] };
    expect(giftProblem(last)).toBeNull();
    expect(check(parseGift(writeGift([last]))).valid[0].question.numeric_answers).toEqual(last.numeric_answers);
    expect(moodleProblem(cs, 'xml')).toBeNull();
    const back = check(parseMoodleXml(writeMoodleXml([cs, star])));
    expect(back.valid.map((v) => [v.question.case_sensitive, v.question.numeric_answers])).toEqual([[true, undefined], [undefined, star.numeric_answers]]);
  });
});
