import { describe, expect, it } from 'vitest';
import { reviewTimeOf } from '../../../server/exam/review';
import { hiddenNotes, reviewSummary, whenShown } from '../../../src/student/history/reviewText';
import { DEFAULT_REVIEW } from '../../../src/schemas/quizzes';
import { REVIEW_EVERYTHING, REVIEW_MARKS_ONLY, REVIEW_NOTHING, reviewMatrix } from '../../support/review';

const MINUTE = 60_000;

describe('the review options’ time', () => {
  const submittedAt = 1_000_000;
  it('is “after the quiz closes” once closed for the student, even within the first 2 minutes (Moodle’s order)', () => {
    expect(reviewTimeOf({ submitted_at: submittedAt }, true, submittedAt + 10_000)).toBe('closed');
  });
  it('is “immediately” for 2 minutes after submitting, then “later while open”', () => {
    expect(reviewTimeOf({ submitted_at: submittedAt }, false, submittedAt)).toBe('immediately');
    expect(reviewTimeOf({ submitted_at: submittedAt }, false, submittedAt + 2 * MINUTE - 1)).toBe('immediately');
    expect(reviewTimeOf({ submitted_at: submittedAt }, false, submittedAt + 2 * MINUTE)).toBe('open');
    expect(reviewTimeOf({ submitted_at: null }, false, submittedAt)).toBe('open');
  });
});

describe('the review options in words', () => {
  it('keeps the words of the old switches for the matrices they became', () => {
    expect(reviewSummary(DEFAULT_REVIEW)).toBe('You will see your marks right after submitting, and the correct answers once the quiz has closed for everyone');
    expect(reviewSummary(REVIEW_EVERYTHING)).toBe('You will see the correct answers in your analysis right after submitting');
    expect(reviewSummary(REVIEW_MARKS_ONLY)).toBe('Only your marks are shown');
    expect(reviewSummary(REVIEW_NOTHING)).toBe('Your marks and the correct answers are not shown');
  });
  it('says when marks and answers show for any other matrix', () => {
    const later = reviewMatrix((time, item) => time === 'closed' || (time === 'open' && item === 'marks'));
    expect(whenShown(later, 'marks')).toBe('open');
    expect(reviewSummary(later)).toBe('You will see your marks from 2 minutes after submitting, and the correct answers once the quiz has closed for everyone');
  });
  it('names each part hidden now with when it shows, or that it never does', () => {
    expect(hiddenNotes(DEFAULT_REVIEW, 'open')).toEqual([
      'Specific feedback: shown once the quiz has closed for everyone',
      'General feedback: shown once the quiz has closed for everyone',
      'Right answer: shown once the quiz has closed for everyone',
    ]);
    expect(hiddenNotes(DEFAULT_REVIEW, 'closed')).toEqual([]);
    expect(hiddenNotes(REVIEW_MARKS_ONLY, 'closed')).toContain('Right answer: not shown for this quiz');
  });
});
