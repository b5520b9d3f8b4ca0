// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attainment } from '../../../server/analysis/attainment';
import { addTally, emptyTally, markOf, percentOf, tallyAnswer } from '../../../server/analysis/marksTally';
import { awaitingGradingText } from '../../../src/schemas/figures';

const rule = { target: 60, levels: { level3: 70, level2: 60, level1: 50 } };

describe('marks tally: the one definition of graded', () => {
  it('leaves an answer awaiting grading out of the marks earned and available, and counts it', () => {
    const t = emptyTally();
    tallyAnswer(t, 2, 2);
    tallyAnswer(t, 4, null);
    expect(t).toEqual({ earned: 2, available: 2, pending: 1 });
    expect(percentOf(t)).toBe(100);
    tallyAnswer(t, 4, 1);
    expect(percentOf(t)).toBe(50);
  });

  it('reads a question without an answer as unanswered (0), an answer without marks as pending', () => {
    expect(markOf(undefined)).toBe(0);
    expect(markOf({ marks: null })).toBeNull();
    expect(markOf({ marks: 1.5 })).toBe(1.5);
  });

  it('has no figure while nothing graded is available', () => {
    expect(percentOf(tallyAnswer(emptyTally(), 5, null))).toBeNull();
    expect(addTally({ earned: 1, available: 2, pending: 0 }, { earned: 3, available: 5, pending: 2 })).toEqual({ earned: 4, available: 7, pending: 2 });
  });

  it('says how many answers await grading, singular and plural', () => {
    expect(awaitingGradingText(1)).toBe('1 answer awaiting grading');
    expect(awaitingGradingText(2)).toBe('2 answers awaiting grading');
  });
});

describe('course-outcome attainment', () => {
  const questions = [
    { questionId: 1, moduleId: 10, maxMark: 2 },
    { questionId: 2, moduleId: 10, maxMark: 4 },
    { questionId: 3, moduleId: 20, maxMark: 1 },
  ];
  const names = new Map([
    [10, 'Hashing'],
    [20, 'Trees'],
  ]);

  it('leaves a pending answer out of the module and the student, and reports it', () => {
    const { modules, students } = attainment(
      questions,
      [
        { attemptId: 1, studentId: 7, marks: new Map<number, number | null>([[1, 2], [2, null], [3, 1]]) },
        { attemptId: 2, studentId: 8, marks: new Map<number, number | null>([[1, 0], [2, 1], [3, 0]]) },
      ],
      names,
      rule,
    );
    // Hashing: student 7 has 2 of 2 graded (100 %), student 8 has 1 of 6: pooled 3 of 8.
    expect(modules[0]).toMatchObject({ moduleId: 10, earned: 3, available: 8, pending: 1, students: 2, reached: 50 });
    expect(modules[0].mean).toBeCloseTo(37.5, 9);
    expect(students[0]).toMatchObject({ total: 3, percent: 100, pendingAnswers: 1, modules: { 10: 100, 20: 100 } });
  });

  it('pools the marks instead of averaging the students’ percents', () => {
    // Random papers: student 7 saw one question of 2 marks (100 %), student 8 both (0 of 6).
    const { modules } = attainment(
      questions,
      [
        { attemptId: 1, studentId: 7, marks: new Map<number, number | null>([[1, 2]]) },
        { attemptId: 2, studentId: 8, marks: new Map<number, number | null>([[1, 0], [2, 0]]) },
      ],
      names,
      rule,
    );
    // 2 of 8 marks: 25 %, where the mean of the percents would say 50 %.
    expect(modules[0].mean).toBe(25);
    expect(modules[1]).toMatchObject({ moduleId: 20, students: 0, mean: null, reached: null, level: null });
  });
});
