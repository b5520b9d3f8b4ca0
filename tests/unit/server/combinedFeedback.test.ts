import { describe, expect, it } from 'vitest';
import { combinedFeedback, reviewFeedback } from '../../../server/exam/feedback';
import type { AnswerKey } from '../../../server/exam/grading';

/** Moodle's combined feedback: correct for full marks, partially correct for some, incorrect for none. */
const key: AnswerKey = {
  type: 'multiple',
  marks: 4,
  correctOptions: ['a', 'b'],
  optionCount: 3,
  scoring: 'partial',
  feedback: { correct: 'All right.', partiallyCorrect: 'Partly right.', incorrect: 'Not right.', general: 'About it.' },
};

describe('combined feedback', () => {
  it.each([
    [4, 'All right.'],
    [2, 'Partly right.'],
    [0.01, 'Partly right.'],
    [0, 'Not right.'],
    [-1, 'Not right.'],
    [null, undefined],
    [undefined, undefined],
  ])('%s of 4 marks: %s', (gained, expected) => {
    expect(combinedFeedback(key, gained, 4)).toBe(expected);
  });

  it('is shown with the answer and general feedback, and left out when the question has none for that case', () => {
    expect(reviewFeedback(key, ['a'], ['a', 'b', 'c'], { marks: 4 }, 2)).toEqual({ answer: [], general: 'About it.', combined: 'Partly right.' });
    const noIncorrect: AnswerKey = { ...key, feedback: { correct: 'All right.' } };
    expect(reviewFeedback(noIncorrect, ['c'], ['a', 'b', 'c'], { marks: 4 }, 0)).toBeUndefined();
  });
});
