// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { difficultyLabel, inDifficultyOrder, questionTypeLabel } from '../../../src/ui/questionLabels';
import { countAxis, LINE_SERIES, percentAxis } from '../../../src/ui/charts';

describe('the labels charts and tables share', () => {
  it('writes difficulties and types as the question schema does, and leaves an unknown value as it is', () => {
    expect(['easy', 'medium', 'hard'].map(difficultyLabel)).toEqual(['Easy', 'Medium', 'Hard']);
    expect(questionTypeLabel('true_false')).toBe('True / false');
    expect(questionTypeLabel('descriptive')).toBe('Descriptive');
    expect(difficultyLabel('unknown')).toBe('unknown');
  });

  it('orders rows by difficulty, easy first, whatever order they came in', () => {
    const rows = [{ name: 'hard' }, { name: 'other' }, { name: 'easy' }, { name: 'medium' }];
    expect(inDifficultyOrder(rows).map((r) => r.name)).toEqual(['easy', 'medium', 'hard', 'other']);
    expect(rows[0].name).toBe('hard');
  });

  it('counts have whole ticks from 0, percentages run 0 to 100, lines show their markers', () => {
    expect(countAxis('Attempts')).toMatchObject({ min: 0, tickMinStep: 1, label: 'Attempts' });
    expect(percentAxis()).toMatchObject({ min: 0, max: 100 });
    expect(LINE_SERIES.showMark).toBe(true);
  });
});
