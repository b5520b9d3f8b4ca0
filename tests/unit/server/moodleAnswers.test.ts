import { describe, expect, it } from 'vitest';
import { gradeResponse, withinTolerance, type AnswerKey } from '../../../server/exam/grading';
import { matchesWildcard } from '../../../src/schemas/moodleText';
import { reviewFeedback } from '../../../server/exam/feedback';

const plain = { negativeMarking: false, penalty: 0.25 };
const negative = { negativeMarking: true, penalty: 0.25 };

describe("short answers match as Moodle's qtype_shortanswer compare_string_with_wildcard (its own test cases)", () => {
  // Moodle's arguments are (response, answer, ignorecase); ours are (response, answer, caseSensitive).
  const cases: [response: string, answer: string, ignoreCase: boolean, matches: boolean][] = [
    ['Frog', 'Frog', false, true],
    ['Frog', 'frog', false, false],
    ['   Frog   ', 'Frog', false, true],
    ['Frogs', 'Frog', false, false],
    ['Frog', 'frog', true, true],
    ['   FROG   ', 'Frog', true, true],
    ['Frogs', 'Frog', true, false],
    ['Frog', 'F*og', false, true],
    ['Fog', 'F*og', false, true],
    ['   Fat dog   ', 'F*og', false, true],
    ['Frogs', 'F*og', false, false],
    ['Fg', 'F*og', false, false],
    ['frog', 'F*og', false, false],
    ['   fat dog   ', 'F*og', false, false],
    ['Frog', 'F*og', true, true],
    ['Fog', 'F*og', true, true],
    ['   Fat dog   ', 'F*og', true, true],
    ['Frogs', 'F*og', true, false],
    ['Fg', 'F*og', true, false],
    ['frog', 'F*og', true, true],
    ['   fat dog   ', 'F*og', true, true],
    ['   *   ', '\\*', false, true],
    ['*', '\\*', false, true],
    ['Frog*toad', 'Frog\\*toad', false, true],
    ['a', '[a-z]', false, false],
    ['[a-z]', '[a-z]', false, true],
    ['\\{}/', '\\{}/', true, true],
    ['ITÁLIE', 'Itálie', true, true],
    ['départ', 'DÉPART', true, true],
    ['départ', 'DÉPART', false, false],
    ['d\u00e9part', 'de\u0301part', false, true],
    ['d\u00e9part', 'DE\u0301PART', true, true],
    ['0', '0', false, true],
    ['0', '0*', false, true],
    ['0', '*0', false, true],
    ['0', '*0*', false, true],
    ['<em></em>', '***********************************<em>***********************************</em>', false, true],
  ];
  it.each(cases)('%j against %j (ignore case %s) -> %s', (response, answer, ignoreCase, matches) => {
    expect(matchesWildcard(response, answer, !ignoreCase)).toBe(matches);
  });
});

/** Moodle's test question 'shortanswer': frog 100%, toad 80%, * 0%, each with feedback. */
const frogKey: AnswerKey = {
  type: 'short_answer',
  marks: 1,
  textMatch: 'moodle',
  caseSensitive: false,
  shortAnswers: [
    { text: 'frog', fraction: 1, feedback: 'Frog is a very good answer.' },
    { text: 'toad', fraction: 0.8, feedback: 'Toad is an OK good answer.' },
    { text: '*', fraction: 0, feedback: 'That is a bad answer.' },
  ],
  feedback: { general: 'The answer is frog.' },
};

describe('short answers are marked by the first answer in order that matches (qtype_shortanswer test_grading)', () => {
  it('gives frog 1, toad 0.8 and anything else 0, with the matching answer\'s feedback', () => {
    expect(gradeResponse(frogKey, 'x', plain)).toEqual({ outcome: 'wrong', marks: 0 });
    expect(gradeResponse(frogKey, 'frog', plain)).toEqual({ outcome: 'correct', marks: 1 });
    expect(gradeResponse(frogKey, 'toad', plain)).toEqual({ outcome: 'partial', marks: 0.8 });
    expect(gradeResponse({ ...frogKey, marks: 5 }, '  TOAD ', plain)).toEqual({ outcome: 'partial', marks: 4 });
    expect(reviewFeedback(frogKey, 'toad')).toEqual({ answer: ['Toad is an OK good answer.'], general: 'The answer is frog.' });
    expect(reviewFeedback(frogKey, 'cat')).toEqual({ answer: ['That is a bad answer.'], general: 'The answer is frog.' });
  });

  it('takes the first match, not the best: a catch-all first hides every later answer', () => {
    const key: AnswerKey = { ...frogKey, shortAnswers: [{ text: 'f*', fraction: 0.5 }, { text: 'frog', fraction: 1 }] };
    expect(gradeResponse(key, 'frog', plain)).toEqual({ outcome: 'partial', marks: 0.5 });
  });

  it('marks case when the question is case sensitive', () => {
    const key: AnswerKey = { ...frogKey, caseSensitive: true };
    expect(gradeResponse(key, 'Frog', plain)).toEqual({ outcome: 'wrong', marks: 0 });
    expect(gradeResponse(key, 'frog', plain)).toEqual({ outcome: 'correct', marks: 1 });
  });

  it('applies negative marking only to a response worth nothing (matched at 0% or not at all), never to an empty one', () => {
    expect(gradeResponse({ ...frogKey, marks: 2 }, 'cat', negative)).toEqual({ outcome: 'wrong', marks: -0.5 });
    expect(gradeResponse({ ...frogKey, marks: 2 }, 'toad', negative)).toEqual({ outcome: 'partial', marks: 1.6 });
    expect(gradeResponse({ ...frogKey, marks: 2 }, '   ', negative)).toEqual({ outcome: 'unanswered', marks: 0 });
  });

  it('keeps the old rule for migrated questions: case and runs of spaces ignored, * a plain character', () => {
    const key: AnswerKey = { ...frogKey, textMatch: 'legacy', shortAnswers: [{ text: 'FIFO  queue', fraction: 1 }, { text: 'a*', fraction: 1 }] };
    expect(gradeResponse(key, ' fifo queue ', plain).outcome).toBe('correct');
    expect(gradeResponse(key, 'fifo\tqueue', plain).outcome).toBe('correct');
    expect(gradeResponse(key, 'a*', plain).outcome).toBe('correct');
    expect(gradeResponse(key, 'ab', plain).outcome).toBe('wrong');
    // The same answers under Moodle's rule: inner spaces count and * is a wildcard.
    expect(gradeResponse({ ...key, textMatch: 'moodle' }, 'fifo queue', plain).outcome).toBe('wrong');
    expect(gradeResponse({ ...key, textMatch: 'moodle' }, 'ab', plain).outcome).toBe('correct');
  });

  it('grades a paper frozen before weighted answers by its accepted answers, as before', () => {
    const old: AnswerKey = { type: 'short_answer', marks: 2, acceptedAnswers: ['queue', 'a queue'] };
    expect(gradeResponse(old, '  A   Queue ', plain)).toEqual({ outcome: 'correct', marks: 2 });
    expect(gradeResponse(old, 'stack', negative)).toEqual({ outcome: 'wrong', marks: -0.5 });
  });
});

/** Moodle's test question 'pi' (qtype_numerical helper): 3.14 right, near misses with their own feedback, * for the rest. */
const piKey: AnswerKey = {
  type: 'numeric',
  marks: 1,
  numericAnswers: [
    { value: 3.14, tolerance: 0, fraction: 1, feedback: 'Very good.' },
    { value: 3.142, tolerance: 0.005, fraction: 0, feedback: 'Too accurate.' },
    { value: 3.1, tolerance: 0.05, fraction: 0, feedback: 'Not accurate enough.' },
    { value: 3, tolerance: 0.5, fraction: 0, feedback: 'Not accurate enough.' },
    { value: '*', tolerance: 0, fraction: 0, feedback: 'Completely wrong.' },
  ],
  feedback: { general: 'Generalfeedback: 3.14 is the right answer.' },
};

describe("numeric answers are marked as Moodle's qtype_numerical", () => {
  it('within_tolerance, nominal (answer_test): 7 ± 1', () => {
    expect([5.99, 6, 7, 8, 8.01].map((x) => withinTolerance(x, 7, 1))).toEqual([false, true, true, true, false]);
  });

  it('within_tolerance with a zero answer or tolerance (answer_test test_within_tolerance_nominal_zero)', () => {
    expect([0.9999999e-20, 1e-20, 1.0000001e-20].map((x) => withinTolerance(x, 1e-20, 0))).toEqual([false, true, false]);
    expect([-2e-24, -1e-24, 0, 1e-24, 2e-24].map((x) => withinTolerance(x, 0, 1e-24))).toEqual([false, true, true, true, false]);
    expect([-1e-20, -1e-35, 0, 1e-35, 1e-20].map((x) => withinTolerance(x, 0, 1e-24))).toEqual([false, true, true, true, false]);
    expect([1.0002e-20, 1.0001e-20, 1e-20].map((x) => withinTolerance(x, 1e-20, 1e-24))).toEqual([false, true, true]);
    expect([1234, 1234.000001, 0].map((x) => withinTolerance(x, 1234, 0))).toEqual([true, false, false]);
  });

  it('grades the pi question: the first answer whose range holds the response gives the marks and the feedback', () => {
    expect(gradeResponse(piKey, '3.14', plain)).toEqual({ outcome: 'correct', marks: 1 });
    expect(gradeResponse(piKey, 1.0, plain)).toEqual({ outcome: 'wrong', marks: 0 });
    expect(reviewFeedback(piKey, 3.14)?.answer).toEqual(['Very good.']);
    expect(reviewFeedback(piKey, 3.1416)?.answer).toEqual(['Too accurate.']);
    expect(reviewFeedback(piKey, 3.12)?.answer).toEqual(['Not accurate enough.']);
    expect(reviewFeedback(piKey, 1)).toEqual({ answer: ['Completely wrong.'], general: 'Generalfeedback: 3.14 is the right answer.' });
  });

  it("grades the 'unit' question's numbers: 1.25 exactly 100%, within 0.05 of it 50%", () => {
    const key: AnswerKey = {
      type: 'numeric',
      marks: 2,
      numericAnswers: [
        { value: 1.25, tolerance: 0, fraction: 1 },
        { value: 1.25, tolerance: 0.05, fraction: 0.5 },
        { value: '*', tolerance: 0, fraction: 0 },
      ],
    };
    expect(gradeResponse(key, 1.25, plain)).toEqual({ outcome: 'correct', marks: 2 });
    expect(gradeResponse(key, 1.24, plain)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(key, 1.3, plain)).toEqual({ outcome: 'partial', marks: 1 });
    expect(gradeResponse(key, 1.31, negative)).toEqual({ outcome: 'wrong', marks: -0.5 });
  });

  it('gives a migrated question (one answer at 100%) the marks its old value and tolerance gave', () => {
    const cases: [value: number, tolerance: number, responses: number[]][] = [
      [10, 0, [10, 9, 11, 10.0000001, 9.9999999]],
      [2.5, 0.1, [2.4, 2.6, 2.5, 2.61, 2.39, 0.1 + 0.2]],
      [0.3, 0, [0.1 + 0.2, 0.3, 0.30000001]],
      [-4, 0.25, [-4.25, -3.75, -4.26, -3.74]],
      [1048576, 0, [1048576, 1048575]],
    ];
    for (const [value, tolerance, responses] of cases) {
      const old: AnswerKey = { type: 'numeric', marks: 3, numericValue: value, numericTolerance: tolerance };
      const migrated: AnswerKey = { type: 'numeric', marks: 3, numericAnswers: [{ value, tolerance, fraction: 1 }] };
      for (const r of responses) {
        for (const marking of [plain, negative]) expect(gradeResponse(migrated, r, marking), `${value}±${tolerance}: ${r}`).toEqual(gradeResponse(old, r, marking));
      }
    }
  });
});

describe('review feedback', () => {
  it('shows each chosen option\'s feedback in the order shown, and True/False feedback', () => {
    const key: AnswerKey = { type: 'multiple', marks: 1, scoring: 'partial', feedback: { options: { a: 'A is right.', c: 'C is wrong.' } } };
    expect(reviewFeedback(key, ['c', 'a'], ['a', 'b', 'c'])).toEqual({ answer: ['A is right.', 'C is wrong.'] });
    expect(reviewFeedback(key, ['b'], ['a', 'b', 'c'])).toBeUndefined();
    const tf: AnswerKey = { type: 'true_false', marks: 1, correctBool: true, feedback: { true: 'Yes.', false: 'No: it is stable.' } };
    expect(reviewFeedback(tf, false)).toEqual({ answer: ['No: it is stable.'] });
  });
});
