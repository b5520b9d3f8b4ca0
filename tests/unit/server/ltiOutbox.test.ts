// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backoffMs, gradeToSend, nextTimestamp, outcomeOf, scoresUrl, type Outcome } from '../../../server/lti/outbox';
import { learnersOf, nextLink } from '../../../server/lti/members';

const backoff = { baseMs: 30_000, maxMs: 3_600_000 };
const waitOf = (o: Outcome) => (o.kind === 'retry' ? o.waitMs : -1);

describe('LTI outbox: the score URL', () => {
  it('adds /scores to the line item path and keeps the query string (Moodle)', () => {
    expect(scoresUrl('https://moodle.example/mod/lti/services.php/2/lineitems/7/lineitem?type_id=7')).toBe(
      'https://moodle.example/mod/lti/services.php/2/lineitems/7/lineitem/scores?type_id=7',
    );
  });
  it('works for a line item without a query (Canvas) and with a trailing slash', () => {
    expect(scoresUrl('https://canvas.example/api/lti/courses/1/line_items/12')).toBe('https://canvas.example/api/lti/courses/1/line_items/12/scores');
    expect(scoresUrl('https://lms.example/lineitems/3/')).toBe('https://lms.example/lineitems/3/scores');
    expect(scoresUrl('https://lms.example/li/3?a=1&b=x%20y#frag')).toBe('https://lms.example/li/3/scores?a=1&b=x%20y#frag');
  });
  it('refuses what is not a URL', () => {
    expect(() => scoresUrl('not a url')).toThrow();
  });
});

describe('LTI outbox: timestamps strictly later for the same user and line item', () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');
  it('is now when nothing was sent or the last one is older', () => {
    expect(nextTimestamp(null, now)).toBe('2026-11-28T10:00:00.000Z');
    expect(nextTimestamp('2026-11-28T09:59:59.999Z', now)).toBe('2026-11-28T10:00:00.000Z');
  });
  it('is 1 ms after the last one when that is now or later (two grades in the same millisecond, a clock set back)', () => {
    expect(nextTimestamp('2026-11-28T10:00:00.000Z', now)).toBe('2026-11-28T10:00:00.001Z');
    expect(nextTimestamp('2026-11-28T10:05:00.000Z', now)).toBe('2026-11-28T10:05:00.001Z');
  });
  it('ignores an unreadable previous one', () => {
    expect(nextTimestamp('garbage', now)).toBe('2026-11-28T10:00:00.000Z');
  });
});

describe('LTI outbox: back-off', () => {
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffMs(n, backoff) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(backoffMs(500, backoff)).toBe(3_600_000);
  });
  it('sorts the LMS answers: sent, soon again, backing off, slowly', () => {
    expect(outcomeOf(200, '', 1, backoff)).toEqual({ kind: 'sent', status: 200, note: null });
    expect(outcomeOf(204, '', 3, backoff).kind).toBe('sent');
    expect(outcomeOf(409, 'HTTP 409: stale', 2, backoff)).toMatchObject({ kind: 'sent', status: 409, note: expect.stringContaining('already has') });
    expect(outcomeOf(401, 'HTTP 401', 5, backoff)).toEqual({ kind: 'retry', status: 401, error: 'HTTP 401', waitMs: 30_000 });
    expect(outcomeOf(401, 'HTTP 401', 5, backoff, undefined, 401)).toMatchObject({ kind: 'retry', status: 401, waitMs: 480_000 });
    for (const status of [0, 408, 429, 500, 502, 503]) expect(outcomeOf(status, 'x', 3, backoff)).toMatchObject({ kind: 'retry', status, waitMs: 120_000 });
    for (const status of [400, 403, 404, 422]) expect(outcomeOf(status, 'x', 1, backoff)).toMatchObject({ kind: 'retry', status, waitMs: 3_600_000 });
  });
  it('respects a Retry-After longer than its own wait, within the cap', () => {
    expect(waitOf(outcomeOf(429, 'x', 1, backoff, 600))).toBe(600_000);
    expect(waitOf(outcomeOf(429, 'x', 1, backoff, 5))).toBe(30_000);
    expect(waitOf(outcomeOf(503, 'x', 1, backoff, 99_999))).toBe(3_600_000);
  });
  it('keeps the LMS answer short', () => {
    const r = outcomeOf(500, 'y'.repeat(5000), 1, backoff);
    expect(r.kind === 'retry' && r.error.length).toBe(1000);
  });
});

describe('LTI outbox: the score of a student by the grading method', () => {
  const a = (id: number, attempt_no: number, score: number, max_score: number, pending = 0, status = 'submitted') => ({ id, attempt_no, status, score, max_score, pending });
  it('sends the highest attempt with its own maximum', () => {
    expect(gradeToSend('highest', [a(1, 1, 3, 10), a(2, 2, 8, 10)])).toEqual({ scoreGiven: 8, scoreMaximum: 10, gradingProgress: 'FullyGraded' });
  });
  it('averages the maxima with the scores', () => {
    expect(gradeToSend('average', [a(1, 1, 3, 10), a(2, 2, 8, 12)])).toEqual({ scoreGiven: 5.5, scoreMaximum: 11, gradingProgress: 'FullyGraded' });
  });
  it('is PendingManual while a counted attempt waits for hand grading, not for an attempt that does not count', () => {
    expect(gradeToSend('last', [a(1, 1, 3, 10), a(2, 2, 4, 10, 1)])?.gradingProgress).toBe('PendingManual');
    expect(gradeToSend('first', [a(1, 1, 3, 10), a(2, 2, 4, 10, 1)])?.gradingProgress).toBe('FullyGraded');
  });
  it('sends nothing without a submitted attempt or without marks', () => {
    expect(gradeToSend('highest', [a(1, 1, 0, 10, 0, 'in_progress')])).toBeNull();
    expect(gradeToSend('highest', [a(1, 1, 0, 0)])).toBeNull();
  });
});

describe('LTI class list: pages and roles', () => {
  it('follows rel="next" among other links', () => {
    expect(nextLink('<https://lms.example/m?page=2>; rel="next"')).toBe('https://lms.example/m?page=2');
    expect(nextLink('<https://lms.example/m?p=1>; rel="first", <https://lms.example/m?p=3>; rel="next", <https://lms.example/m?p=9>; rel="last"')).toBe('https://lms.example/m?p=3');
    expect(nextLink('<https://lms.example/m?p=1>; rel="differences"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
  it('keeps active learners once; skips instructors, inactive members and other roles', () => {
    const L = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
    const I = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
    const { learners, skipped } = learnersOf([
      { user_id: '1', roles: [L] },
      { user_id: '2', roles: [I] },
      { user_id: '3', roles: [L, I] },
      { user_id: '4', roles: [L], status: 'Inactive' },
      { user_id: '5', roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper'] },
      { user_id: '1', roles: [L] },
      { user_id: '6', roles: ['Learner'], status: 'Active' },
    ]);
    expect(learners.map((m) => m.user_id)).toEqual(['1', '6']);
    expect(skipped).toBe(5);
  });
});
