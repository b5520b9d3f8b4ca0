import { describe, expect, it } from 'vitest';
import { calibratedCount, personItemMap } from '../../../src/areas/shared/dashboard/bankHealth';

describe('bank health: the person–item map', () => {
  const items = [
    { questionId: 1, difficulty: -1.2, status: 'calibrated' },
    { questionId: 2, difficulty: -0.9, status: 'calibrated' },
    { questionId: 3, difficulty: 0.1, status: 'calibrated' },
    { questionId: 4, difficulty: null, status: 'too-few' },
    { questionId: 5, difficulty: null, status: 'all-correct' },
  ];
  const persons = { count: 30, mean: 0.3, sd: 1, histogram: [{ logit: 0.25, count: 10 }, { logit: 1.25, count: 20 }] };

  it('bins calibrated questions like the persons, every bin between the extremes', () => {
    expect(personItemMap({ items, persons })).toEqual([
      { logit: -1.25, questions: 1, students: 0 },
      { logit: -0.75, questions: 1, students: 0 },
      { logit: -0.25, questions: 0, students: 0 },
      { logit: 0.25, questions: 1, students: 10 },
      { logit: 0.75, questions: 0, students: 0 },
      { logit: 1.25, questions: 0, students: 20 },
    ]);
    expect(personItemMap({ items: [], persons: { count: 0, mean: 0, sd: 0, histogram: [] } })).toEqual([]);
  });

  it("counts the calibrated questions of the subject's questions now", () => {
    expect(calibratedCount({ items, questions: 5 })).toEqual({ calibrated: 3, total: 5 });
    // Before the first calibration there are no rows, but the subject has its questions.
    expect(calibratedCount({ items: [], questions: 10 })).toEqual({ calibrated: 0, total: 10 });
  });
});
