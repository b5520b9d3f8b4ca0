import { describe, expect, it } from 'vitest';
import { newRule } from '../../../../src/resources/quizzes/form/quizDraft';
import { rangeOfDraw, ruleFilterOf, ruleStatsOf } from '../../../../src/resources/quizzes/form/usePaperStats';

describe('paper totals', () => {
  it('gives the least and the most a draw of n questions can add up to', () => {
    expect(rangeOfDraw([5, 1, 3, 2], 2)).toEqual({ min: 3, max: 8 });
    expect(rangeOfDraw([5, 1], 4)).toEqual({ min: 6, max: 6 });
  });

  it("counts a rule's matches without the fixed questions, and what it can draw", () => {
    const pool = { total: 4, items: [1, 2, 3, 4].map((id) => ({ id, marks: id, time: 1 })) };
    const stats = ruleStatsOf({ ...newRule(), count: '5' }, pool, new Set([4]));
    expect(stats).toMatchObject({ loading: false, matches: 3, requested: 5, drawn: 3, marks: { min: 6, max: 6 }, time: { min: 3, max: 3 } });
  });

  it("filters a rule's pool by the quiz's subjects and the rule's filters", () => {
    expect(ruleFilterOf([1, 2], { ...newRule(), module: 3, difficulty: 'hard' })).toEqual({ subject: [1, 2], module: 3, difficulty: 'hard' });
  });
});
