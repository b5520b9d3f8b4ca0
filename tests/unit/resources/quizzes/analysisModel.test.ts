import { describe, expect, it } from 'vitest';
import { figure, reviewReasons, sortRows } from '../../../../src/resources/quizzes/analysis/analysisModel';
import { markError } from '../../../../src/resources/quizzes/analysis/QuestionGradingDialog';

describe('the analysis page', () => {
  it("flags what Moodle's documentation asks to review", () => {
    expect(reviewReasons({ facility: 50, discriminationIndex: 40 })).toEqual([]);
    expect(reviewReasons({ facility: 19.9, discriminationIndex: 40 })).toEqual(['facility under 20 %']);
    expect(reviewReasons({ facility: 20, discriminationIndex: 20 })).toEqual([]);
    expect(reviewReasons({ facility: 90.1, discriminationIndex: 19 })).toEqual(['facility over 90 %', 'discrimination index under 20']);
    // An undefined figure flags nothing.
    expect(reviewReasons({ facility: null, discriminationIndex: null })).toEqual([]);
  });

  it('sorts by a figure with undefined figures last in either order', () => {
    const rows = [{ v: 2 }, { v: null }, { v: -1 }, { v: 10 }];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.v)).toEqual([-1, 2, 10, null]);
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.v)).toEqual([10, 2, -1, null]);
    expect(sortRows([{ v: 'b' }, { v: 'a' }], (r) => r.v, 'asc').map((r) => r.v)).toEqual(['a', 'b']);
  });

  it('shows figures with two decimals and a dash when undefined', () => {
    expect(figure(33.33333, ' %')).toBe('33.33 %');
    expect(figure(null)).toBe('—');
    expect(figure(0)).toBe('0');
  });

  it('checks the marks typed when grading', () => {
    expect(markError('', 0, 5)).toBe('Enter the marks');
    expect(markError('abc', 0, 5)).toBe('Enter the marks');
    expect(markError('-1', 0, 5)).toBe('Marks cannot be negative');
    expect(markError('-1', -0.5, 2)).toBe('At least -0.5');
    expect(markError('5.5', 0, 5)).toBe('At most 5');
    expect(markError('2.5', 0, 5)).toBeUndefined();
  });
});
