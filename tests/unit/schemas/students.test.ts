// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSchemaOf } from '../../../src/schemas/entity';
import { studentEntity, studentSchema, studentSchemaForInstituteHead } from '../../../src/schemas/students';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = {
  batch: '2022-26',
  email: 'ravi@students.edu',
  fullname: 'Ravi Kumar',
  phone: '9988776655',
  semester: 'IV',
  username: '22cs001',
};

describe('student schema', () => {
  it('parses a valid student without a department', () => {
    expect(parseOk(studentSchema, valid)).toEqual(valid);
  });

  it('parses a department picked in a form', () => {
    expect(parseOk(studentSchema, { ...valid, departmentId: '3' })).toEqual({ ...valid, departmentId: 3 });
  });

  it('treats an empty department as none', () => {
    expect(parseOk(studentSchema, { ...valid, departmentId: '' }).departmentId).toBeUndefined();
    expect(parseOk(studentSchema, { ...valid, departmentId: null }).departmentId).toBeUndefined();
  });

  it('rejects a department that is not an id', () => {
    expectIssue(studentSchema, { ...valid, departmentId: 'cse' }, 'departmentId', 'Please select department');
  });

  it('requires the department from the institute head', () => {
    expect(createSchemaOf(studentEntity, 'INSTITUTE-HEAD')).toBe(studentSchemaForInstituteHead);
    expect(createSchemaOf(studentEntity, 'TEACHER')).toBe(studentSchema);
    expectIssue(studentSchemaForInstituteHead, valid, 'departmentId', 'Please select department');
    expect(studentSchemaForInstituteHead.safeParse({ ...valid, departmentId: 3 }).success).toBe(true);
  });

  it('requires the batch, up to 10 characters', () => {
    expectIssue(studentSchema, without(valid, 'batch'), 'batch', 'Batch is required');
    expectIssue(studentSchema, { ...valid, batch: '' }, 'batch', 'Batch is required');
    expectIssue(studentSchema, { ...valid, batch: repeat(11, '1') }, 'batch', 'Batch should not exceed 10 characters');
    expect(studentSchema.safeParse({ ...valid, batch: repeat(10, '1') }).success).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['malformed', 'ravi@students'],
  ])('requires a valid e-mail (%s)', (_, email) => {
    expectIssue(studentSchema, { ...valid, email }, 'email', 'Please enter valid email');
  });

  it('requires the full name', () => {
    expectIssue(studentSchema, { ...valid, fullname: '' }, 'fullname', 'Full name is required');
    expectIssue(studentSchema, without(valid, 'fullname'), 'fullname', 'Full name is required');
  });

  it('limits the full name to 50 characters', () => {
    expectIssue(studentSchema, { ...valid, fullname: repeat(51) }, 'fullname', 'Full name should not exceed 50 characters');
    expect(studentSchema.safeParse({ ...valid, fullname: repeat(50) }).success).toBe(true);
  });

  it.each(['Ravi K.', 'Ravi2', "D'Souza", 'Ravi-Kumar'])('allows only letters and spaces in the full name (%s)', (fullname) => {
    expectIssue(studentSchema, { ...valid, fullname }, 'fullname', 'Full name should contain only letters and spaces');
  });

  it('accepts letters of any alphabet in the full name', () => {
    expect(studentSchema.safeParse({ ...valid, fullname: 'Zoë Ångström' }).success).toBe(true);
  });

  it.each([undefined, '', '998877665', '99887766551', 'abcdefghij'])('requires a phone number of length 10 (%s)', (phone) => {
    expectIssue(studentSchema, { ...valid, phone }, 'phone', 'Please enter valid phone number');
  });

  it('requires the semester, up to 5 characters', () => {
    expectIssue(studentSchema, { ...valid, semester: '' }, 'semester', 'Semester is required');
    expectIssue(studentSchema, { ...valid, semester: 'VIIIII' }, 'semester', 'Semester should not exceed 5 characters');
  });

  it('requires the username, up to 20 characters', () => {
    expectIssue(studentSchema, { ...valid, username: '' }, 'username', 'Username is required');
    expectIssue(studentSchema, { ...valid, username: repeat(21) }, 'username', 'Username should not exceed 20 characters');
    expect(studentSchema.safeParse({ ...valid, username: repeat(20) }).success).toBe(true);
  });

  it('rejects a username with spaces', () => {
    expectIssue(
      studentSchema,
      { ...valid, username: '22 cs 001' },
      'username',
      'Username may contain only letters, digits, ".", "_", "-" and "@"',
    );
  });
});
