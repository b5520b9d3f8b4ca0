// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moduleSchema } from '../../../src/schemas/modules';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = { course_outcome_name: 'CO1: Sorting', subject_id: 5 };

describe('module schema', () => {
  it('parses a valid module', () => {
    expect(parseOk(moduleSchema, valid)).toEqual(valid);
    expect(parseOk(moduleSchema, { ...valid, subject_id: '5' }).subject_id).toBe(5);
  });

  it('requires the module name', () => {
    expectIssue(moduleSchema, { ...valid, course_outcome_name: '' }, 'course_outcome_name', 'Module name is required');
    expectIssue(moduleSchema, without(valid, 'course_outcome_name'), 'course_outcome_name', 'Module name is required');
  });

  it('needs at least 3 characters, after trimming', () => {
    expectIssue(moduleSchema, { ...valid, course_outcome_name: 'CO' }, 'course_outcome_name', 'Module name should be atleast 3 characters');
    expectIssue(moduleSchema, { ...valid, course_outcome_name: '  CO  ' }, 'course_outcome_name', 'Module name should be atleast 3 characters');
    expect(moduleSchema.safeParse({ ...valid, course_outcome_name: 'CO1' }).success).toBe(true);
  });

  it('allows at most 30 characters', () => {
    expectIssue(moduleSchema, { ...valid, course_outcome_name: repeat(31) }, 'course_outcome_name', 'Module length should not exceed 30 characters');
    expect(moduleSchema.safeParse({ ...valid, course_outcome_name: repeat(30) }).success).toBe(true);
  });

  it.each([undefined, '', 'algebra'])('requires the subject (%s)', (subject_id) => {
    expectIssue(moduleSchema, { ...valid, subject_id }, 'subject_id', 'Select the subject');
  });
});
