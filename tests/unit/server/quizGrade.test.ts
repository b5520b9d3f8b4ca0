// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { quizGradeOf, type AttemptScore } from '../../../server/exam/quizGrade';
import { nextAttemptOf } from '../../../server/exam/attempts';
import { chooseAttempts } from '../../../server/analysis/statistics';

const done = (id: number, attempt_no: number, score: number | null): AttemptScore => ({ id, attempt_no, status: 'submitted', score });
// Four finished attempts (6, 9, 4, 7 marks) and a fifth still running, which no method counts.
const four: AttemptScore[] = [done(11, 1, 6), done(12, 2, 9), done(13, 3, 4), done(14, 4, 7), { id: 15, attempt_no: 5, status: 'in_progress', score: null }];

describe('quizGradeOf', () => {
  it('takes the highest, the mean, the first or the last finished attempt, and says which count', () => {
    expect(quizGradeOf('highest', four)).toEqual({ grade: 9, counted: [12] });
    expect(quizGradeOf('average', four)).toEqual({ grade: 6.5, counted: [11, 12, 13, 14] });
    expect(quizGradeOf('first', four)).toEqual({ grade: 6, counted: [11] });
    expect(quizGradeOf('last', four)).toEqual({ grade: 7, counted: [14] });
  });

  it('reads the attempts by their number, whatever order they come in', () => {
    const shuffled = [four[3], four[4], four[1], four[0], four[2]];
    expect(quizGradeOf('first', shuffled).counted).toEqual([11]);
    expect(quizGradeOf('last', shuffled).counted).toEqual([14]);
  });

  it('counts the earliest of equal highest scores, and rounds the mean to two decimals', () => {
    const ties = [done(1, 1, 5), done(2, 2, 8), done(3, 3, 8)];
    expect(quizGradeOf('highest', ties)).toEqual({ grade: 8, counted: [2] });
    expect(quizGradeOf('average', [done(1, 1, 1), done(2, 2, 1), done(3, 3, 2)]).grade).toBe(1.33);
  });

  it('has no grade before an attempt is finished', () => {
    for (const method of ['highest', 'average', 'first', 'last'] as const) {
      expect(quizGradeOf(method, [])).toEqual({ grade: null, counted: [] });
      expect(quizGradeOf(method, [four[4]])).toEqual({ grade: null, counted: [] });
    }
  });
});

describe('chooseAttempts (the statistics’ attempts, as Moodle)', () => {
  const rows = [
    { id: 1, studentId: 7, attemptNo: 1, score: 2 },
    { id: 2, studentId: 7, attemptNo: 2, score: 4 },
    { id: 3, studentId: 7, attemptNo: 3, score: 4 },
    { id: 4, studentId: 8, attemptNo: 1, score: 3 },
  ];
  it('takes each student’s first, highest (earliest of equal) or last attempt, or all', () => {
    expect(chooseAttempts(rows, 'first').map((r) => r.id)).toEqual([1, 4]);
    expect(chooseAttempts(rows, 'highest').map((r) => r.id)).toEqual([2, 4]);
    expect(chooseAttempts(rows, 'last').map((r) => r.id)).toEqual([3, 4]);
    expect(chooseAttempts(rows, 'all').map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('nextAttemptOf', () => {
  const MIN = 60_000;
  const at = (attempt_no: number, submitted_at: number) => ({ attempt_no, started_at: submitted_at - 10 * MIN, submitted_at });
  const none = { first: 0, later: 0 };

  it('allows the first attempt, then as many as allowed; 0 is unlimited', () => {
    expect(nextAttemptOf([], 1, none, 0)).toEqual({ kind: 'allowed', attemptNo: 1 });
    expect(nextAttemptOf([at(1, 0)], 1, none, 0)).toEqual({ kind: 'no-attempts' });
    expect(nextAttemptOf([at(1, 0), at(2, 0)], 3, none, 0)).toEqual({ kind: 'allowed', attemptNo: 3 });
    expect(nextAttemptOf([at(1, 0), at(2, 0), at(3, 0)], 3, none, 0)).toEqual({ kind: 'no-attempts' });
    const many = Array.from({ length: 25 }, (_, i) => at(i + 1, 0));
    expect(nextAttemptOf(many, 0, none, 0)).toEqual({ kind: 'allowed', attemptNo: 26 });
  });

  it('waits the first delay after the 1st attempt and the second delay after later ones, from the end of the last', () => {
    const delays = { first: 60, later: 15 };
    const t0 = 1_000_000_000_000;
    expect(nextAttemptOf([at(1, t0)], 0, delays, t0 + 59 * MIN)).toEqual({ kind: 'delay', at: t0 + 60 * MIN, attemptNo: 2 });
    expect(nextAttemptOf([at(1, t0)], 0, delays, t0 + 60 * MIN)).toEqual({ kind: 'allowed', attemptNo: 2 });
    const two = [at(1, t0), at(2, t0 + 120 * MIN)];
    expect(nextAttemptOf(two, 0, delays, t0 + 130 * MIN)).toEqual({ kind: 'delay', at: t0 + 135 * MIN, attemptNo: 3 });
    expect(nextAttemptOf(two, 0, delays, t0 + 135 * MIN)).toEqual({ kind: 'allowed', attemptNo: 3 });
    // No second delay: the third starts at once.
    expect(nextAttemptOf(two, 0, { first: 60, later: 0 }, t0 + 121 * MIN)).toEqual({ kind: 'allowed', attemptNo: 3 });
  });

  it('refuses for no attempts left before any delay', () => {
    expect(nextAttemptOf([at(1, 0)], 1, { first: 60, later: 60 }, 0)).toEqual({ kind: 'no-attempts' });
  });
});
