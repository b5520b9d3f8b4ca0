import { describe, expect, it } from 'vitest';
import { gradeResponse, totalOf } from '../../../server/exam/grading';
import { toPaperQuestion, type QuestionRow } from '../../../server/exam/paper';
import { reviewFeedback } from '../../../server/exam/feedback';
import { clozeFraction, clozeSegments, parseCloze } from '../../../src/schemas/cloze';
import { matchesWildcard } from '../../../src/schemas/moodleText';
import { matchFraction, matchLayout } from '../../../src/schemas/matching';
import { responseProblem } from '../../../src/schemas/answers';
import { questionSchema } from '../../../src/schemas/questions';

const plain = { negativeMarking: false, penalty: 0.25 };
const negative = { negativeMarking: true, penalty: 0.25 };

function row(fields: Partial<QuestionRow>): QuestionRow {
  return {
    id: 1,
    version: 1,
    type: 'single',
    question: 'Q',
    marks: 1,
    time_required: 1,
    module_id: 10,
    topic_id: null,
    difficulty: 'easy',
    options: null,
    scoring: null,
    correct_bool: null,
    numeric_value: null,
    numeric_tolerance: null,
    accepted_answers: null,
    match_pairs: null,
    ...fields,
  } as QuestionRow;
}

// question/type/match/tests/helper.php: Dog, Frog, Toad, Cat -> Mammal, Amphibian, Insect.
const animals = [
  { id: 'p1', question: 'Dog', answer: 'Mammal' },
  { id: 'p2', question: 'Frog', answer: 'Amphibian' },
  { id: 'p3', question: 'Toad', answer: 'Amphibian' },
  { id: 'p4', question: 'Cat', answer: 'Mammal' },
  { id: 'p5', question: '', answer: 'Insect' },
];

describe('matching, as qtype_match', () => {
  const paper = toPaperQuestion(row({ type: 'matching', marks: 4, match_pairs: JSON.stringify(animals) }), true);
  const choice = (text: string) => paper.choices!.find((c) => c.text === text)!.id;
  const stem = (text: string) => paper.stems!.find((s) => s.text === text)!.id;
  const answer = (pairs: Record<string, string>) => Object.fromEntries(Object.entries(pairs).map(([s, c]) => [stem(s), choice(c)]));

  it('has one choice per answer text, shuffled, and the stems in order', () => {
    expect(paper.stems!.map((s) => s.text)).toEqual(['Dog', 'Frog', 'Toad', 'Cat']);
    expect(paper.choices!.map((c) => c.text).sort()).toEqual(['Amphibian', 'Insect', 'Mammal']);
    expect(JSON.stringify(paper)).not.toContain('"right"');
    expect(paper.key.matchRight).toEqual({ p1: 'p1', p2: 'p2', p3: 'p2', p4: 'p1' });
  });

  it('reviews each subquestion: the choice made, right or wrong, and the right choice; the general feedback beside', () => {
    const q = toPaperQuestion(row({ type: 'matching', marks: 4, match_pairs: JSON.stringify(animals), general_feedback: 'Frogs and toads are amphibians.' }), true);
    const pick = (text: string) => q.choices!.find((c) => c.text === text)!.id;
    const response = { p1: pick('Mammal'), p2: pick('Insect') };
    expect(reviewFeedback(q.key, response, [], q)).toEqual({
      answer: [],
      general: 'Frogs and toads are amphibians.',
      parts: [
        { label: 'Dog', response: 'Mammal', state: 'right', correct: 'Mammal', feedback: [] },
        { label: 'Frog', response: 'Insect', state: 'wrong', correct: 'Amphibian', feedback: [] },
        { label: 'Toad', response: '', state: 'unanswered', correct: 'Amphibian', feedback: [] },
        { label: 'Cat', response: '', state: 'unanswered', correct: 'Mammal', feedback: [] },
      ],
    });
  });

  it("gives Moodle's fractions of test_grading (1, 0.25, 0.25, 0)", () => {
    expect(gradeResponse(paper.key, answer({ Dog: 'Mammal', Frog: 'Amphibian', Toad: 'Amphibian', Cat: 'Mammal' }), plain)).toEqual({ outcome: 'correct', marks: 4 });
    expect(gradeResponse(paper.key, answer({ Dog: 'Mammal' }), plain)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(paper.key, answer({ Dog: 'Mammal', Frog: 'Insect', Toad: 'Insect', Cat: 'Amphibian' }), plain)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(paper.key, answer({ Dog: 'Amphibian', Frog: 'Insect', Toad: 'Insect', Cat: 'Amphibian' }), plain)).toEqual({ outcome: 'wrong', marks: 0 });
  });

  it('counts get_num_parts_right as Moodle (4 of 4)', () => {
    expect(matchFraction(paper.key.matchRight!, answer({ Dog: 'Mammal', Frog: 'Amphibian', Toad: 'Amphibian', Cat: 'Mammal' }))).toEqual({ fraction: 1, rightCount: 4, total: 4 });
  });

  it('treats an empty response as unanswered and applies negative marking only to a wrong one', () => {
    expect(gradeResponse(paper.key, {}, negative)).toEqual({ outcome: 'unanswered', marks: 0 });
    expect(gradeResponse(paper.key, null, negative)).toEqual({ outcome: 'unanswered', marks: 0 });
    expect(gradeResponse(paper.key, answer({ Dog: 'Insect' }), negative)).toEqual({ outcome: 'wrong', marks: -1 });
    expect(gradeResponse(paper.key, answer({ Dog: 'Mammal' }), negative)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(paper.key, 'p1', plain)).toEqual({ outcome: 'wrong', marks: 0 });
  });

  it('merges answers with the same text into one choice, named by its first pair', () => {
    expect(matchLayout(animals).choices).toEqual([
      { id: 'p1', text: 'Mammal' },
      { id: 'p2', text: 'Amphibian' },
      { id: 'p5', text: 'Insect' },
    ]);
  });

  it('accepts only stems and choices of the paper as a response', () => {
    const shape = { type: 'matching' as const, stems: paper.stems, choices: paper.choices };
    expect(responseProblem(shape, answer({ Dog: 'Mammal' }))).toBeUndefined();
    expect(responseProblem(shape, { p1: 'nope' })).toBe('Match each item with one of the answers');
    expect(responseProblem(shape, { zz: 'p1' })).toBe('Match each item with one of the answers');
    expect(responseProblem(shape, ['p1'])).toBe('Match each item with one of the answers');
    expect(responseProblem(shape, { p1: 1 })).toBe('Match each item with one of the answers');
  });
});

const base = { subject: 1, module: 2, question: 'Q', marks: 1, time_required: 1, difficulty: 'easy' };
const issues = (input: object) => {
  const r = questionSchema.safeParse({ ...base, ...input });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the question form rules of the new types', () => {
  it("asks a matching question for Moodle's two subquestions and three answers", () => {
    expect(issues({ type: 'matching', match_pairs: animals })).toEqual([]);
    expect(issues({ type: 'matching', match_pairs: animals.slice(0, 2) })).toEqual([
      'match_pairs: Write at least 2 subquestions and 3 answers (a pair without a subquestion is an extra wrong answer)',
    ]);
    expect(issues({ type: 'matching' })).toHaveLength(1);
    expect(issues({ type: 'matching', match_pairs: [{ question: 'a', answer: ' ' }, ...animals] })).toEqual(['match_pairs.0.answer: Each pair needs an answer']);
  });

  it('allows 0 marks only for a description, which must have 0', () => {
    expect(issues({ type: 'description', marks: 0 })).toEqual([]);
    expect(issues({ type: 'description', marks: 2 })).toEqual(['marks: A description has no marks: enter 0']);
    expect(issues({ type: 'single', marks: 0, options: [{ text: 'a', correct: true }, { text: 'b' }] })).toEqual(['marks: Enter valid marks']);
    expect(issues({ type: 'descriptive', marks: 0.5 })).toEqual(['marks: Enter valid marks']);
  });

  it('checks the gaps of a Cloze text', () => {
    expect(issues({ type: 'cloze', question: 'Paris is in {1:MULTICHOICE:Spain~=France}.' })).toEqual([]);
    expect(issues({ type: 'cloze', question: 'No gaps here' })).toEqual(['question: Write at least one gap, e.g. {1:SHORTANSWER:=answer}']);
    expect(issues({ type: 'cloze', question: 'One option {1:MC:=France}' })[0]).toContain('a choice gap needs at least two options');
  });
});

describe('a description', () => {
  const paper = toPaperQuestion(row({ type: 'description', marks: 0, question: 'Read this case study.' }), true);
  it('has no answer and counts nothing in the total', () => {
    expect(gradeResponse(paper.key, null, negative)).toEqual({ outcome: 'unanswered', marks: 0 });
    expect(responseProblem({ type: 'description' }, 'x')).toBe('This text has no answer');
    expect(responseProblem({ type: 'description' }, null)).toBeUndefined();
    const total = totalOf([
      { key: { marks: 0 }, graded: { outcome: 'unanswered', marks: 0 } },
      { key: { marks: 2 }, graded: { outcome: 'correct', marks: 2 } },
    ]);
    expect(total).toEqual({ score: 2, maxScore: 2, pending: false });
  });
});

// question/type/multianswer/tests/helper.php (twosubq), in the form Moodle's editing form gets it.
const OWL =
  'Complete this opening line of verse: "The {1:SHORTANSWER:Dog#Wrong, silly!~=Owl#Well done!~*#Wrong answer} ' +
  'and the {1:MULTICHOICE:Bow-wow#You seem to have a dog obsessions!~Wiggly worm#Now you are just being ridiculous!~=Pussy-cat#Well done!} went to sea".';

describe('the Cloze parser reads what Moodle reads', () => {
  it('reads the twosubq question of qtype_multianswer', () => {
    const parsed = parseCloze(OWL);
    expect(parsed.problems).toEqual([]);
    expect(parsed.text).toBe('Complete this opening line of verse: "The {#1} and the {#2} went to sea".');
    expect(parsed.gaps).toEqual([
      {
        n: 1,
        weight: 1,
        kind: 'short',
        code: 'SHORTANSWER',
        caseSensitive: false,
        answers: [
          { text: 'Dog', fraction: 0, feedback: 'Wrong, silly!' },
          { text: 'Owl', fraction: 1, feedback: 'Well done!' },
          { text: '*', fraction: 0, feedback: 'Wrong answer' },
        ],
      },
      {
        n: 2,
        weight: 1,
        kind: 'choice',
        code: 'MULTICHOICE',
        layout: 'dropdown',
        shuffle: false,
        answers: [
          { text: 'Bow-wow', fraction: 0, feedback: 'You seem to have a dog obsessions!' },
          { text: 'Wiggly worm', fraction: 0, feedback: 'Now you are just being ridiculous!' },
          { text: 'Pussy-cat', fraction: 1, feedback: 'Well done!' },
        ],
      },
    ]);
    expect(clozeSegments(parsed.text)).toEqual(['Complete this opening line of verse: "The ', 1, ' and the ', 2, ' went to sea".']);
  });

  it('reads numbers, tolerances, percentages, weights and every gap type name', () => {
    const parsed = parseCloze(
      '{2:NUMERICAL:=3.14:0.01#Pi~%50%3:0.5~*#No} {:NM:=0:0} {3:SAC:=Owl~%50%owl} {:MW:=x} {:MCVS:=a~b} {:MCH:%-50%a~=b} {:SHORTANSWER_C:=A\\}B\\#C#it\\}s}',
    );
    expect(parsed.problems).toEqual([]);
    const [num, zero, sac, mw, mcvs, mch, escaped] = parsed.gaps;
    expect(num).toMatchObject({ n: 1, weight: 2, kind: 'numeric' });
    expect(num.answers).toEqual([
      { text: '3.14', fraction: 1, feedback: 'Pi', tolerance: 0.01 },
      { text: '3', fraction: 0.5, feedback: '', tolerance: 0.5 },
      { text: '*', fraction: 0, feedback: 'No' },
    ]);
    expect(zero).toMatchObject({ weight: 1, kind: 'numeric', answers: [{ text: '0', fraction: 1, tolerance: 0 }] });
    expect(sac).toMatchObject({ weight: 3, kind: 'short', caseSensitive: true });
    expect(mw).toMatchObject({ kind: 'short', caseSensitive: false, answers: [{ text: 'x', fraction: 1 }] });
    expect(mcvs).toMatchObject({ kind: 'choice', layout: 'vertical', shuffle: true });
    expect(mch).toMatchObject({ kind: 'choice', layout: 'horizontal', shuffle: false, answers: [{ text: 'a', fraction: -0.5 }, { text: 'b', fraction: 1 }] });
    expect(escaped.answers).toEqual([{ text: 'A}B#C', fraction: 1, feedback: 'it}s' }]);
    expect(parsed.text).toBe('{#1} {#2} {#3} {#4} {#5} {#6} {#7}');
  });

  it('reports what Moodle would refuse or leave as text', () => {
    expect(parseCloze('{1:MULTIRESPONSE:=a}').problems[0]).toContain('a choice gap needs at least two options');
    expect(parseCloze('{1:MR:a~%0%b}').problems[0]).toContain('mark at least one right answer');
    expect(parseCloze('{1:SA:Owl}').problems[0]).toContain('one of the answers must be worth 100%');
    expect(parseCloze('{1:NM:=abc}').problems[0]).toContain('each answer must be a number');
    expect(parseCloze('{1:FOO:=a}').problems[0]).toContain('looks like a gap but is not one Moodle would read');
    expect(parseCloze('{0:SA:=a}').problems).toEqual(['At least one gap must have a weight above 0']);
    expect(parseCloze('{1:SA:=a').problems[0]).toContain('looks like a gap');
  });

  it("matches short answers with Moodle's wildcard rules", () => {
    expect(matchesWildcard('  Owl ', 'owl', false)).toBe(true);
    expect(matchesWildcard('Owl', 'owl', true)).toBe(false);
    expect(matchesWildcard('anything', '*', false)).toBe(true);
    expect(matchesWildcard('colour', 'colo*r', false)).toBe(true);
    expect(matchesWildcard('a*b', 'a\\*b', true)).toBe(true);
    expect(matchesWildcard('axb', 'a\\*b', true)).toBe(false);
    expect(matchesWildcard('a.b', 'a.b', true)).toBe(true);
    expect(matchesWildcard('axb', 'a.b', true)).toBe(false);
  });
});

describe('Cloze marking, as qtype_multianswer', () => {
  const paper = toPaperQuestion(row({ type: 'cloze', marks: 2, question: OWL }), false);
  it('sends the student the text without the answers', () => {
    expect(paper.question).toBe('Complete this opening line of verse: "The {#1} and the {#2} went to sea".');
    expect(paper.gaps).toEqual([
      { n: 1, kind: 'short', size: 6 },
      { n: 2, kind: 'choice', layout: 'dropdown', options: [{ id: '0', text: 'Bow-wow' }, { id: '1', text: 'Wiggly worm' }, { id: '2', text: 'Pussy-cat' }] },
    ]);
  });

  it("gives Moodle's fractions of test_grading (1, 0.5, 0.5, 0)", () => {
    expect(gradeResponse(paper.key, { 1: 'Owl', 2: '2' }, plain)).toEqual({ outcome: 'correct', marks: 2 });
    expect(gradeResponse(paper.key, { 1: 'Owl' }, plain)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(paper.key, { 1: 'Goat', 2: '2' }, plain)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(paper.key, { 1: 'Dog' }, plain)).toEqual({ outcome: 'wrong', marks: 0 });
    expect(gradeResponse(paper.key, { 1: '', 2: '' }, plain)).toEqual({ outcome: 'unanswered', marks: 0 });
  });

  it('weights each gap by its gap weight (test_compute_final_grade: sub 2 weighs 2)', () => {
    const gaps = parseCloze(OWL.replace('{1:MULTICHOICE', '{2:MULTICHOICE')).gaps;
    expect(clozeFraction(gaps, { 1: 'Owl' })).toBeCloseTo(1 / 3, 10);
    expect(clozeFraction(gaps, { 2: '2' })).toBeCloseTo(2 / 3, 10);
  });

  it('fourmc: two of four gaps right is half', () => {
    const text = ['{1:MULTICHOICE:=California#OK~Arizona#Wrong}', '{1:MULTICHOICE:%0%California#Wrong~=Arizona#OK}'];
    const gaps = parseCloze(`SF: ${text[0]} Tucson: ${text[1]} LA: ${text[0]} Phoenix: ${text[1]}`).gaps;
    expect(clozeFraction(gaps, { 1: '1', 2: '1', 3: '1', 4: '1' })).toBe(0.5);
  });

  it('numericalzero: 0 is right, and tolerances, * and decimal commas work', () => {
    const zero = parseCloze('Enter zero: {1:NUMERICAL:=0:0}.').gaps;
    expect(clozeFraction(zero, { 1: '0' })).toBe(1);
    expect(clozeFraction(zero, { 1: '0.0' })).toBe(1);
    expect(clozeFraction(zero, { 1: '1' })).toBe(0);
    const pi = parseCloze('{1:NUMERICAL:=3.14:0.01~%50%3:0.2~*#no}').gaps;
    expect(clozeFraction(pi, { 1: '3.145' })).toBe(1);
    expect(clozeFraction(pi, { 1: '3,15' })).toBe(1);
    expect(clozeFraction(pi, { 1: '2.9' })).toBe(0.5);
    expect(clozeFraction(pi, { 1: '7' })).toBe(0);
    expect(clozeFraction(pi, { 1: 'pi' })).toBe(0);
  });

  it('takes the first matching short answer (Moodle order), case as the gap type says', () => {
    const sa = parseCloze('{1:SA:%50%o*~=owl}').gaps;
    expect(clozeFraction(sa, { 1: 'owl' })).toBe(0.5);
    const sac = parseCloze('{1:SAC:=Owl~%50%owl}').gaps;
    expect(clozeFraction(sac, { 1: 'owl' })).toBe(0.5);
    expect(clozeFraction(sac, { 1: 'OWL' })).toBe(0);
  });

  // question/type/multianswer/tests/helper.php (multiple) and walkthrough_test.php (test_deferred_feedback_multiple).
  const FRUITS =
    'Please select the fruits {1:MULTIRESPONSE:=Apple#Good~%-50%Burger~%-50%Hot dog#Not a fruit~%-50%Pizza~=Orange#Correct~=Banana}' +
    ' and vegetables {1:MULTIRESPONSE:=Raddish#Good~%-50%Chocolate~%-50%Biscuit#Not a vegetable~%-50%Cheese~=Carrot#Correct}';

  it('reads multiple-response gaps as Moodle: the right answers share 100%, written weights kept (helper "multiple")', () => {
    const parsed = parseCloze(FRUITS);
    expect(parsed.problems).toEqual([]);
    const [fruits, vegetables] = parsed.gaps;
    expect(fruits).toMatchObject({ kind: 'multiresponse', code: 'MULTIRESPONSE', layout: 'vertical', shuffle: false });
    expect(fruits.answers.map((a) => [a.text, a.fraction, a.feedback])).toEqual([
      ['Apple', 1 / 3, 'Good'],
      ['Burger', -0.5, ''],
      ['Hot dog', -0.5, 'Not a fruit'],
      ['Pizza', -0.5, ''],
      ['Orange', 1 / 3, 'Correct'],
      ['Banana', 1 / 3, ''],
    ]);
    expect(vegetables.answers.map((a) => a.fraction)).toEqual([0.5, -0.5, -0.5, -0.5, 0.5]);
    // Without any written percentage, each wrong answer cancels one right answer.
    expect(parseCloze('{1:MR:=a~=b~c~d}').gaps[0].answers.map((a) => a.fraction)).toEqual([0.5, 0.5, -0.5, -0.5]);
    // %0% is not a written percentage for Moodle (PHP reads "0" as false).
    expect(parseCloze('{1:MR:=a~=b~%0%c}').gaps[0].answers.map((a) => a.fraction)).toEqual([0.5, 0.5, -0.5]);
    expect(parseCloze('{1:MR:%50%a~%50%b~%0%c~%-25%d}').gaps[0].answers.map((a) => a.fraction)).toEqual([0.5, 0.5, 0, -0.25]);
    expect(parseCloze('{1:MRH:=a~b} {1:MRS:=a~b} {1:MULTIRESPONSE_HS:=a~b}').gaps.map((g) => [g.layout, g.shuffle])).toEqual([
      ['horizontal', false],
      ['vertical', true],
      ['horizontal', true],
    ]);
  });

  it('marks multiple-response gaps as qtype_multichoice_multi: the chosen fractions added, within 0..1 (walkthrough: 1.5 of 2)', () => {
    const gaps = parseCloze(FRUITS).gaps;
    // Apple, Orange, Banana (all the fruits) and Carrot (one of two vegetables).
    expect(clozeFraction(gaps, { 1: '0,4,5', 2: '4' })).toBeCloseTo(0.75, 10);
    const q = toPaperQuestion(row({ type: 'cloze', marks: 2, question: FRUITS }), false);
    expect(gradeResponse(q.key, { 1: '0,4,5', 2: '4' }, plain)).toEqual({ outcome: 'partial', marks: 1.5 });
    expect(gradeResponse(q.key, { 1: '0,4,5', 2: '0,4' }, plain)).toEqual({ outcome: 'correct', marks: 2 });
    // Apple and Burger: 1/3 - 1/2 is below 0, so 0; every option chosen: 1 - 1.5, so 0.
    expect(clozeFraction(gaps, { 1: '0,1' })).toBe(0);
    expect(clozeFraction(gaps, { 1: '0,1,2,3,4,5' })).toBe(0);
    expect(gradeResponse(q.key, { 1: '0,1' }, negative)).toEqual({ outcome: 'wrong', marks: -0.5 });
    expect(q.gaps![0]).toEqual({ n: 1, kind: 'multiresponse', layout: 'vertical', options: ['Apple', 'Burger', 'Hot dog', 'Pizza', 'Orange', 'Banana'].map((text, i) => ({ id: String(i), text })) });
    // A shuffled gap is shuffled when the quiz shuffles options (same options, any order).
    const shuffled = toPaperQuestion(row({ type: 'cloze', marks: 1, question: '{1:MRS:=a~=b~c~d~e~f~g~h}' }), true);
    expect(shuffled.gaps![0].options!.map((o) => o.id).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('accepts a multiple-response answer of distinct options of its gap only', () => {
    const q = toPaperQuestion(row({ type: 'cloze', marks: 2, question: FRUITS }), false);
    const shape = { type: 'cloze' as const, gaps: q.gaps };
    expect(responseProblem(shape, { 1: '0,4,5' })).toBeUndefined();
    expect(responseProblem(shape, { 1: '0,9' })).toBe('Choose among the options of gap 1');
    expect(responseProblem(shape, { 1: '0,0' })).toBe('Choose among the options of gap 1');
    expect(responseProblem(shape, { 2: 'Carrot' })).toBe('Choose among the options of gap 2');
  });

  it("reviews each gap as Moodle's review does: the answer's feedback, right or wrong, and the gap's marks", () => {
    const q = toPaperQuestion(row({ type: 'cloze', marks: 2, question: OWL, general_feedback: 'From Lear.' }), false);
    const review = reviewFeedback(q.key, { 1: 'Dog', 2: '2' }, [], q);
    expect(review).toEqual({
      answer: [],
      general: 'From Lear.',
      parts: [
        { label: 'Gap 1', response: 'Dog', state: 'wrong', correct: 'Owl', feedback: ['Wrong, silly!'], mark: 0, max: 1 },
        { label: 'Gap 2', response: 'Pussy-cat', state: 'right', correct: 'Pussy-cat', feedback: ['Well done!'], mark: 1, max: 1 },
      ],
    });
    // A gap left empty, and a multiple-response gap: each chosen option's feedback, the gap's marks scaled to the question's.
    const fruits = toPaperQuestion(row({ type: 'cloze', marks: 4, question: FRUITS }), false);
    expect(reviewFeedback(fruits.key, { 1: '0,2,4' }, [], fruits)?.parts).toEqual([
      { label: 'Gap 1', response: 'Apple, Hot dog, Orange', state: 'partial', correct: 'Apple, Orange, Banana', feedback: ['Good', 'Not a fruit', 'Correct'], mark: 0.33, max: 2 },
      { label: 'Gap 2', response: '', state: 'unanswered', correct: 'Raddish, Carrot', feedback: [], mark: 0, max: 2 },
    ]);
  });

  it('accepts only the gaps and options of the paper as a response', () => {
    const shape = { type: 'cloze' as const, gaps: paper.gaps };
    expect(responseProblem(shape, { 1: 'Owl', 2: '2' })).toBeUndefined();
    expect(responseProblem(shape, { 2: '7' })).toBe('Choose one of the options of gap 2');
    expect(responseProblem(shape, { 3: 'x' })).toBe('Fill in the gaps of this question only');
    expect(responseProblem(shape, { 1: 'x'.repeat(501) })).toBe('Enter at most 500 characters in gap 1');
    expect(responseProblem(shape, 'Owl')).toBe('Fill in the gaps');
  });
});

describe('the exam page and the editor for the new types', async () => {
  const { setPart, partOf, isAnswered, describeResponse } = await import('../../../src/student/exam/responses');
  const { newQuestionDraft, newPair, questionInputOf, withType, answerErrorsOf } = await import('../../../src/resources/questions/questionDraft');

  it('keeps one entry per stem or gap, and nothing filled in clears the answer', () => {
    let r = setPart(null, 'p1', 'p2');
    expect(r).toEqual({ p1: 'p2' });
    r = setPart(r, '2', ' 3 ');
    expect(partOf(r, '2')).toBe(' 3 ');
    expect(isAnswered(r)).toBe(true);
    r = setPart(setPart(r, 'p1', ''), '2', '  ');
    expect(r).toBeNull();
    expect(isAnswered({})).toBe(false);
  });

  it('describes a matching and a Cloze answer in words', () => {
    const m = { type: 'matching' as const, stems: [{ id: 's', text: 'Dog' }, { id: 't', text: 'Cat' }], choices: [{ id: 'c', text: 'Mammal' }] };
    expect(describeResponse(m, { s: 'c' })).toBe('Dog -> Mammal; Cat -> not answered');
    const c = { type: 'cloze' as const, gaps: [{ n: 1, kind: 'short' as const }, { n: 2, kind: 'choice' as const, options: [{ id: '0', text: 'Cat' }] }] };
    expect(describeResponse(c, { 1: 'Owl', 2: '0' })).toBe('Gap 1: Owl; Gap 2: Cat');
    const mr = { type: 'cloze' as const, gaps: [{ n: 1, kind: 'multiresponse' as const, options: [{ id: '0', text: 'Apple' }, { id: '1', text: 'Pizza' }, { id: '2', text: 'Pear' }] }] };
    expect(describeResponse(mr, { 1: '0,2' })).toBe('Gap 1: Apple, Pear');
  });

  it('sends the pairs of a matching draft (empty rows left out) and gives a description 0 marks', () => {
    const draft = { ...newQuestionDraft({ type: 'matching' }), match_pairs: [newPair('Dog', 'Mammal'), newPair('', ''), newPair('', 'Insect')] };
    expect(questionInputOf(draft).match_pairs).toEqual([
      { question: 'Dog', answer: 'Mammal' },
      { question: '', answer: 'Insect' },
    ]);
    expect(answerErrorsOf(draft).match_pairs).toContain('Write at least 2 subquestions and 3 answers');
    const description = withType(newQuestionDraft(), 'description');
    expect(description.marks).toBe('0');
    expect(withType(description, 'single').marks).toBe('1');
  });
});

describe('papers drawn from one question row', () => {
  const options = JSON.stringify(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((text, i) => ({ id: `o${i}`, text, correct: i === 2 })));
  const single = row({ type: 'single', options });
  const matching = row({ id: 2, type: 'matching', marks: 4, match_pairs: JSON.stringify(animals) });
  const cloze = row({ id: 3, type: 'cloze', question: 'Paris is in {1:MULTICHOICE_S:Spain~=France~Italy~Chile~Peru~Japan~Kenya~Laos}.' });

  it('share the parsed key (frozen) and still shuffle each paper on its own', () => {
    const papers = Array.from({ length: 12 }, () => [toPaperQuestion(single, true), toPaperQuestion(matching, true), toPaperQuestion(cloze, true)]);
    const [first] = papers;
    for (const paper of papers) for (const [i, q] of paper.entries()) expect(q.key).toBe(first[i].key);
    expect(Object.isFrozen(first[0].key) && Object.isFrozen(first[0].key.correctOptions)).toBe(true);
    expect(() => first[0].key.correctOptions!.push('o1')).toThrow(TypeError);
    // 8 options, 12 papers: the same order every time would be chance of 1 in 40,320^11.
    expect(new Set(papers.map((p) => p[0].options!.map((o) => o.id).join())).size).toBeGreaterThan(1);
    expect(new Set(papers.map((p) => p[2].gaps![0].options!.map((o) => o.id).join())).size).toBeGreaterThan(1);
    expect(first[1].stems!.map((s) => s.text)).toEqual(['Dog', 'Frog', 'Toad', 'Cat']);
    expect(first[2].question).toBe('Paris is in {#1}.');
  });

  it('are the same as without a shuffle, option for option, when the quiz does not shuffle', () => {
    const a = toPaperQuestion(single, false);
    const b = toPaperQuestion(single, false);
    expect(a.options!.map((o) => o.text).join('')).toBe('ABCDEFGH');
    expect(b).toEqual(a);
    expect(b.options).not.toBe(a.options);
  });
});
