import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { disagreement, measuredFlags, measuredLevel, measuredSummary, misfits, scalePosition, type MeasuredFields } from '../../../../src/schemas/measured';
import { MeasuredScale } from '../../../../src/resources/questions/list/MeasuredDifficulty';
import type { QuestionRecord } from '../../../../src/resources/questions/questionDraft';

const cal = (difficulty: number, se: number, responses: number, outfit = 1): MeasuredFields => ({
  measured_difficulty: difficulty,
  measured_se: se,
  measured_responses: responses,
  measured_status: 'calibrated',
  measured_outfit: outfit,
  measured_infit: outfit,
});
const none: MeasuredFields = { measured_difficulty: null, measured_se: null, measured_responses: null, measured_status: null, measured_outfit: null, measured_infit: null };

describe('measured difficulty in the bank', () => {
  it('puts a difficulty at a level by the documented cut-offs', () => {
    expect(measuredLevel(-0.51)).toBe('easy');
    expect(measuredLevel(-0.5)).toBe('medium');
    expect(measuredLevel(0.5)).toBe('medium');
    expect(measuredLevel(0.51)).toBe('hard');
  });

  it('flags disagreement only beyond two standard errors of the declared band', () => {
    expect(disagreement('hard', cal(-1.2, 0.2, 212))).toBe('easy');
    // 0.3 is medium, but within 2 SE (0.4) of the hard band.
    expect(disagreement('hard', cal(0.3, 0.2, 90))).toBeNull();
    expect(disagreement('hard', cal(0.3, 0.05, 90))).toBe('medium');
    expect(disagreement('easy', cal(1.5, 0.3, 90))).toBe('hard');
    expect(disagreement('medium', cal(0.2, 0.1, 90))).toBeNull();
    expect(disagreement('medium', { ...none, measured_status: 'too-few' })).toBeNull();
  });

  it('words the flags exactly as the issue does', () => {
    expect(measuredFlags({ ...cal(-1.2, 0.2, 212), difficulty: 'hard' })).toEqual([{ kind: 'disagreement', message: 'declared Hard, answered like Easy by 212 students' }]);
    expect(measuredFlags({ ...cal(0, 0.2, 80, 1.6), difficulty: 'medium' })).toEqual([
      { kind: 'misfit', message: 'answers to this question do not follow ability: check its key and wording' },
    ]);
    expect(misfits(cal(0, 0.2, 80, 0.4))).toBe(true);
    expect(misfits(cal(0, 0.2, 80, 1.5))).toBe(false);
    expect(measuredFlags({ ...none, difficulty: 'easy' })).toEqual([]);
  });

  it('says each status in words, the figure when calibrated', () => {
    expect(measuredSummary(cal(0.84, 0.21, 212))).toBe('0.84 logits ± 0.21, 212 responses');
    expect(measuredSummary(cal(-0.84, 0.21, 1))).toBe('−0.84 logits ± 0.21, 1 response');
    expect(measuredSummary(none)).toBe('Not calibrated');
    expect(measuredSummary({ ...none, measured_status: 'too-few', measured_responses: 12 })).toBe('Too few answers (12)');
    expect(measuredSummary({ ...none, measured_status: 'all-correct', measured_responses: 40 })).toBe('Everyone right');
    expect(measuredSummary({ ...none, measured_status: 'all-wrong', measured_responses: 40 })).toBe('Everyone wrong');
  });

  it('places the marker on a clamped scale', () => {
    expect(scalePosition(0)).toBe(0.5);
    expect(scalePosition(-9)).toBe(0);
    expect(scalePosition(3)).toBe(1);
  });

  it('draws the scale with its figure in the accessible name, or the status words', () => {
    const record = { id: 1, difficulty: 'hard', ...cal(0.84, 0.21, 212) } as unknown as QuestionRecord;
    const { unmount } = render(<MeasuredScale record={record} />);
    expect(screen.getByRole('img', { name: 'Measured Hard: 0.84 logits ± 0.21, 212 responses' })).toBeTruthy();
    unmount();
    render(<MeasuredScale record={{ id: 2, difficulty: 'easy', ...none, measured_status: 'too-few', measured_responses: 12 } as unknown as QuestionRecord} />);
    expect(screen.getByText('Too few answers (12)')).toBeTruthy();
  });
});
