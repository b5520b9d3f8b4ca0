import { describe, expect, it } from 'vitest';
import { dueWarning } from '../../../src/student/exam/ExamTimer';
import { paletteCounts } from '../../../src/student/exam/QuestionPalette';
import { saveStatusText } from '../../../src/student/exam/SaveStatus';
import { marksText, sortAvailable, sortUpcoming, windowState } from '../../../src/student/quizzes/quizFacts';
import { scoreText } from '../../../src/student/history/scoreText';
import { correctAnswerText, marksGainedText } from '../../../src/student/history/analysisText';

describe('time warnings', () => {
  it('announces 5 minutes, then 1 minute, each once, and nothing after the time is up', () => {
    const announced = new Set<number>();
    expect(dueWarning(6 * 60_000, announced)).toBeUndefined();
    expect(dueWarning(5 * 60_000, announced)?.ms).toBe(300_000);
    announced.add(300_000);
    expect(dueWarning(4 * 60_000, announced)).toBeUndefined();
    expect(dueWarning(59_000, announced)?.ms).toBe(60_000);
    announced.add(60_000);
    expect(dueWarning(30_000, announced)).toBeUndefined();
    expect(dueWarning(0, new Set())).toBeUndefined();
  });

  it('a student who comes back with 3 minutes left hears the 5-minute warning', () => {
    expect(dueWarning(3 * 60_000, new Set())?.message).toMatch(/^5 minutes remaining/);
  });
});

describe('the palette and the save state in words', () => {
  it('counts answered, unanswered and flagged questions', () => {
    const questions = [1, 2, 3].map((id) => ({ id, type: 'short_answer' as const, question: '', marks: 1 }));
    const answers = { 1: { response: 'x', flagged: true, seq: 1 }, 2: { response: '  ', flagged: true, seq: 1 } };
    expect(paletteCounts(questions, answers)).toEqual({ answered: 1, unanswered: 2, flagged: 2 });
  });

  it('says what autosave is doing', () => {
    expect(saveStatusText({ state: 'saved', pending: 0, lastSavedAt: 1 })).toBe('All answers saved');
    expect(saveStatusText({ state: 'offline', pending: 3, lastSavedAt: 1 })).toBe('Offline: 3 answers kept on this device');
    expect(saveStatusText({ state: 'offline', pending: 1, lastSavedAt: 1 })).toBe('Offline: 1 answer kept on this device');
  });
});

describe('quiz lists', () => {
  const quiz = (id: number, validFrom: number, validTo: number, attempt: { deadline: number } | null = null) => ({
    id,
    name: `Quiz ${id}`,
    validFrom,
    validTo,
    attempt: attempt && { id, number: 1, status: 'in_progress' as const, deadline: attempt.deadline, startedAt: 0, submittedAt: null, score: null, maxScore: null, pending: false },
  });

  it('puts the next opening first among upcoming quizzes', () => {
    expect(sortUpcoming([quiz(1, 300, 400), quiz(2, 100, 900), quiz(3, 200, 300)]).map((q) => q.id)).toEqual([2, 3, 1]);
  });

  it('puts attempts in progress first, then the quizzes closing soonest', () => {
    const list = [quiz(1, 0, 500), quiz(2, 0, 900, { deadline: 800 }), quiz(3, 0, 200), quiz(4, 0, 900, { deadline: 600 })];
    expect(sortAvailable(list).map((q) => q.id)).toEqual([4, 2, 3, 1]);
  });

  it('places a server time in the window', () => {
    expect(windowState({ validFrom: 10, validTo: 20 }, 9)).toBe('upcoming');
    expect(windowState({ validFrom: 10, validTo: 20 }, 10)).toBe('open');
    expect(windowState({ validFrom: 10, validTo: 20 }, 20)).toBe('closed');
  });

  it('shows total marks, or their range for random papers', () => {
    expect(marksText({ totalMarks: 17, totalMarksRange: [17, 17] })).toBe('17 marks');
    expect(marksText({ totalMarks: null, totalMarksRange: [10, 19] })).toMatch(/^10–19 marks/);
  });
});

describe('results in words', () => {
  it('shows a score, pending grading, or nothing yet', () => {
    expect(scoreText({ status: 'submitted', score: 9, maxScore: 17, pending: false })).toBe('9 / 17');
    expect(scoreText({ status: 'submitted', score: 4, maxScore: 17, pending: true })).toBe('Pending teacher grading');
    expect(scoreText({ status: 'in_progress', score: null, maxScore: 17, pending: false })).toBe('—');
  });

  it('shows marks gained or lost and the answer key', () => {
    expect(marksGainedText({ marksGained: 2, marks: 2, outcome: 'correct' })).toBe('2 of 2 marks');
    expect(marksGainedText({ marksGained: -0.5, marks: 2, outcome: 'wrong' })).toMatch(/^−0.5 of 2 marks/);
    expect(marksGainedText({ marksGained: null, marks: 5, outcome: 'pending' })).toBe('Not graded yet (out of 5)');
    expect(correctAnswerText({ type: 'numeric' }, { value: 10, tolerance: 0 })).toBe('10');
    expect(correctAnswerText({ type: 'numeric' }, { value: 3.14, tolerance: 0.01 })).toBe('3.14 (± 0.01)');
    expect(correctAnswerText({ type: 'single', options: [{ id: 'o2', text: 'Stack' }] }, ['o2'])).toBe('Stack');
    expect(correctAnswerText({ type: 'descriptive' }, null)).toBeUndefined();
  });
});
