import { describe, expect, it } from 'vitest';
import { addAllMatching } from '../../../../src/resources/quizzes/form/QuestionPickerDialog';

describe('addAllMatching', () => {
  it('adds the matching questions not in the paper yet, at its end', () => {
    expect(addAllMatching([5, 2], [1, 2, 3], 3)).toEqual({ selected: [5, 2, 1, 3], added: 2, message: '2 questions added to the paper.' });
  });

  it('says so when every match is in the paper already', () => {
    expect(addAllMatching([1, 2], [1, 2], 2)).toMatchObject({ selected: [1, 2], added: 0, message: 'Every matching question is in the paper already.' });
  });

  it('adds nothing past the cap of 500 fixed questions, and says why', () => {
    const paper = Array.from({ length: 480 }, (_, i) => i + 1);
    const matching = Array.from({ length: 30 }, (_, i) => 1000 + i);
    expect(addAllMatching(paper, matching, 30)).toEqual({
      selected: paper,
      added: 0,
      message: '30 matching questions are not in the paper yet; with the 480 already in it that makes 510, and a quiz has at most 500 fixed questions: narrow the filters.',
    });
  });

  it('counts matches beyond the first page toward the cap', () => {
    const matching = Array.from({ length: 500 }, (_, i) => i + 1);
    expect(addAllMatching([], matching, 800).added).toBe(0);
  });
});
