// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { subjectSchema } from '../../../src/schemas/subjects';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = { subjectname: 'Data Structures', code: 'CS201', semester: 'III' };

describe('subject schema', () => {
  it('parses a valid subject', () => {
    expect(parseOk(subjectSchema, { ...valid, code: ' CS201 ' })).toEqual(valid);
  });

  it('requires the subject name', () => {
    expectIssue(subjectSchema, { ...valid, subjectname: '' }, 'subjectname', 'Subject name is required');
    expectIssue(subjectSchema, without(valid, 'subjectname'), 'subjectname', 'Subject name is required');
  });

  it('requires the subject code', () => {
    expectIssue(subjectSchema, { ...valid, code: ' ' }, 'code', 'Subject code is required');
    expectIssue(subjectSchema, without(valid, 'code'), 'code', 'Subject code is required');
  });

  it('requires the semester', () => {
    expectIssue(subjectSchema, { ...valid, semester: '' }, 'semester', 'Semester is required');
    expectIssue(subjectSchema, without(valid, 'semester'), 'semester', 'Semester is required');
  });

  it('limits the semester to 5 characters', () => {
    expectIssue(subjectSchema, { ...valid, semester: repeat(6) }, 'semester', 'Semester should not exceed 5 characters');
  });

  it('limits the name to 100 characters and the code to 20', () => {
    expectIssue(subjectSchema, { ...valid, subjectname: repeat(101) }, 'subjectname', 'Subject name should not exceed 100 characters');
    expectIssue(subjectSchema, { ...valid, code: repeat(21) }, 'code', 'Subject code should not exceed 20 characters');
  });
});
