// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scopeFor } from '../../../src/schemas/entity';
import { feedbackEntity, feedbackSchema } from '../../../src/schemas/feedbacks';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = { quiz: 14, rating: 4, comment: 'Clear questions.' };

describe('feedback schema', () => {
  it('parses a valid feedback', () => {
    expect(parseOk(feedbackSchema, valid)).toEqual(valid);
    expect(parseOk(feedbackSchema, { ...valid, quiz: '14', rating: '4' })).toEqual(valid);
  });

  it('accepts a missing, empty or null comment', () => {
    expect(feedbackSchema.safeParse(without(valid, 'comment')).success).toBe(true);
    expect(feedbackSchema.safeParse({ ...valid, comment: '' }).success).toBe(true);
    expect(parseOk(feedbackSchema, { ...valid, comment: null }).comment).toBeUndefined();
  });

  it.each([undefined, '', 'quiz-1'])('requires the quiz (%s)', (quiz) => {
    expectIssue(feedbackSchema, { ...valid, quiz }, 'quiz', 'Quiz is required');
  });

  it.each([undefined, '', null])('requires the rating (%s)', (rating) => {
    expectIssue(feedbackSchema, { ...valid, rating }, 'rating', 'Rating is required');
  });

  it.each([0, 6, 2.5, 'good'])('takes a whole rating from 1 to 5 (%s)', (rating) => {
    expectIssue(feedbackSchema, { ...valid, rating }, 'rating', 'Rating must be a whole number from 1 to 5');
  });

  it('limits the comment to 2000 characters', () => {
    expectIssue(feedbackSchema, { ...valid, comment: repeat(2001) }, 'comment', 'Comment should not exceed 2000 characters');
    expect(feedbackSchema.safeParse({ ...valid, comment: repeat(2000) }).success).toBe(true);
  });
});

describe('feedback access', () => {
  it("lets a student give feedback, the admin read and delete, a teacher read on own quizzes, the heads on their department's or institute's", () => {
    expect(scopeFor(feedbackEntity, 'STUDENT', 'create')).toBe('self');
    expect(scopeFor(feedbackEntity, 'STUDENT', 'list')).toBeUndefined();
    expect(scopeFor(feedbackEntity, 'ADMIN', 'delete')).toBe('all');
    expect(scopeFor(feedbackEntity, 'ADMIN', 'update')).toBeUndefined();
    expect(scopeFor(feedbackEntity, 'TEACHER', 'read')).toBe('own');
    expect(scopeFor(feedbackEntity, 'DEPARTMENT-HEAD', 'list')).toBe('department');
    expect(scopeFor(feedbackEntity, 'INSTITUTE-HEAD', 'read')).toBe('institute');
    expect(scopeFor(feedbackEntity, 'DEPARTMENT-HEAD', 'delete')).toBeUndefined();
    expect(feedbackEntity.scopeVia).toEqual({ own: 'quiz', department: 'quiz', institute: 'quiz' });
  });
});
