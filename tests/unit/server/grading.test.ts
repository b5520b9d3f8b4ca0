// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gradeResponse, totalOf, type AnswerKey } from '../../../server/exam/grading';

const plain = { negativeMarking: false, penalty: 0.25 };
const negative = { negativeMarking: true, penalty: 0.25 };

describe('grading', () => {
  const single: AnswerKey = { type: 'single', marks: 4, correctOptions: ['b'], optionCount: 4 };
  it.each([
    ['right', 'b', plain, { outcome: 'correct', marks: 4 }],
    ['wrong', 'a', plain, { outcome: 'wrong', marks: 0 }],
    ['wrong with negative marking', 'a', negative, { outcome: 'wrong', marks: -1 }],
    ['empty with negative marking', null, negative, { outcome: 'unanswered', marks: 0 }],
    ['a list instead of an id', ['b'], plain, { outcome: 'wrong', marks: 0 }],
  ])('single choice: %s', (_what, response, marking, expected) => {
    expect(gradeResponse(single, response, marking)).toEqual(expected);
  });

  const allOrNothing: AnswerKey = { type: 'multiple', marks: 6, correctOptions: ['a', 'c', 'd'], optionCount: 5, scoring: 'all_or_nothing' };
  const partial: AnswerKey = { ...allOrNothing, scoring: 'partial' };
  it.each([
    ['all-or-nothing, exact set', allOrNothing, ['d', 'a', 'c'], plain, { outcome: 'correct', marks: 6 }],
    ['all-or-nothing, one missing', allOrNothing, ['a', 'c'], plain, { outcome: 'wrong', marks: 0 }],
    ['all-or-nothing, one missing, negative', allOrNothing, ['a', 'c'], negative, { outcome: 'wrong', marks: -1.5 }],
    ['partial, two of three', partial, ['a', 'c'], plain, { outcome: 'partial', marks: 4 }],
    ['partial, two right one wrong', partial, ['a', 'c', 'b'], plain, { outcome: 'partial', marks: 2 }],
    ['partial, one right one wrong earns nothing', partial, ['a', 'b'], plain, { outcome: 'wrong', marks: 0 }],
    ['partial, only wrong, negative', partial, ['b', 'e'], negative, { outcome: 'wrong', marks: -1.5 }],
    ['partial, everything right', partial, ['a', 'c', 'd'], negative, { outcome: 'correct', marks: 6 }],
    ['empty', partial, [], negative, { outcome: 'unanswered', marks: 0 }],
  ])('multiple choice: %s', (_what, key, response, marking, expected) => {
    expect(gradeResponse(key, response, marking)).toEqual(expected);
  });

  it.each([
    [true, { outcome: 'correct', marks: 1 }],
    [false, { outcome: 'wrong', marks: -0.25 }],
    ['true', { outcome: 'wrong', marks: -0.25 }],
    [undefined, { outcome: 'unanswered', marks: 0 }],
  ])('true/false %s', (response, expected) => {
    expect(gradeResponse({ type: 'true_false', marks: 1, correctBool: true }, response, negative)).toEqual(expected);
  });

  const numeric: AnswerKey = { type: 'numeric', marks: 2, numericValue: 3.14, numericTolerance: 0.01 };
  it.each([
    [3.14, 'correct'],
    [3.15, 'correct'],
    [3.13, 'correct'],
    [3.16, 'wrong'],
    ['3.141', 'correct'],
    ['pi', 'wrong'],
  ])('numeric %s within the tolerance is %s', (response, outcome) => {
    expect(gradeResponse(numeric, response, plain).outcome).toBe(outcome);
  });

  it('numeric without tolerance needs the exact value, even after float rounding', () => {
    expect(gradeResponse({ type: 'numeric', marks: 1, numericValue: 0.3 }, 0.1 + 0.2, plain).outcome).toBe('correct');
    expect(gradeResponse({ type: 'numeric', marks: 1, numericValue: 0.3 }, 0.31, plain).outcome).toBe('wrong');
  });

  it.each([
    ['Binary  Search Tree ', 'correct'],
    ['binary search tree', 'correct'],
    ['BST', 'correct'],
    ['binary tree', 'wrong'],
    ['   ', 'unanswered'],
  ])('short answer %j is %s (case and spaces ignored)', (response, outcome) => {
    expect(gradeResponse({ type: 'short_answer', marks: 3, acceptedAnswers: ['Binary search tree', 'bst'] }, response, plain).outcome).toBe(outcome);
  });

  it('leaves descriptive answers to the teacher', () => {
    expect(gradeResponse({ type: 'descriptive', marks: 10 }, 'An essay', negative)).toEqual({ outcome: 'pending', marks: null });
    expect(gradeResponse({ type: 'descriptive', marks: 10 }, '', negative)).toEqual({ outcome: 'unanswered', marks: 0 });
  });

  it('totals an attempt, with negative marks and pending answers', () => {
    const total = totalOf([
      { key: { marks: 4 }, graded: { outcome: 'correct', marks: 4 } },
      { key: { marks: 6 }, graded: { outcome: 'wrong', marks: -1.5 } },
      { key: { marks: 10 }, graded: { outcome: 'pending', marks: null } },
    ]);
    expect(total).toEqual({ score: 2.5, maxScore: 20, pending: true });
  });
});
