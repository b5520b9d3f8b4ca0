// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { updateSchemaOf } from '../../../src/schemas/entity';
import { teacherEntity, teacherSchema } from '../../../src/schemas/teachers';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = {
  email: 'meera@college.edu',
  fullname: "Meera D'Souza-Iyer",
  username: 'meera_1',
  phone: '9123456780',
  departmentId: 2,
  subjects: [4, 7],
};

describe('teacher schema', () => {
  it('parses a valid teacher', () => {
    expect(parseOk(teacherSchema, valid)).toEqual(valid);
  });

  it('accepts ids from a form as numeric strings', () => {
    expect(parseOk(teacherSchema, { ...valid, departmentId: '2', subjects: ['4', 7] })).toMatchObject({
      departmentId: 2,
      subjects: [4, 7],
    });
  });

  it('requires a valid e-mail', () => {
    expectIssue(teacherSchema, { ...valid, email: '' }, 'email', 'Email is required');
    expectIssue(teacherSchema, { ...valid, email: 'meera@' }, 'email', 'Please enter the valid E-mail');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['with digits', 'Meera 2'],
    ['starting with a dot', '.Meera'],
  ])('rejects a name that is %s', (_, fullname) => {
    expectIssue(teacherSchema, { ...valid, fullname }, 'fullname', 'Please enter the valid name');
  });

  it('accepts names in any alphabet', () => {
    expect(teacherSchema.safeParse({ ...valid, fullname: 'José Núñez' }).success).toBe(true);
  });

  it('limits the name to 100 characters', () => {
    expectIssue(teacherSchema, { ...valid, fullname: repeat(101) }, 'fullname', 'Name should not exceed 100 characters');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['with a space', 'meera s'],
    ['with a slash', 'meera/s'],
  ])('rejects a username that is %s', (_, username) => {
    expectIssue(teacherSchema, { ...valid, username }, 'username', 'Please enter the valid username');
  });

  it('requires a phone number of 10 digits', () => {
    expectIssue(teacherSchema, { ...valid, phone: '' }, 'phone', 'Phone number is required');
    expectIssue(teacherSchema, { ...valid, phone: '912345678' }, 'phone', 'Please enter the valid phone number');
  });

  it.each([undefined, '', null, 'abc', 0, 1.5])('requires a department (%s)', (departmentId) => {
    expectIssue(teacherSchema, { ...valid, departmentId }, 'departmentId', 'Please select department');
  });

  it.each([
    ['missing', undefined],
    ['empty', []],
  ])('requires at least one subject (%s)', (_, subjects) => {
    expectIssue(teacherSchema, { ...valid, subjects }, 'subjects', 'Please select atleast 1 subject');
  });

  it('rejects a subject that is not an id', () => {
    expectIssue(teacherSchema, { ...valid, subjects: [4, 'x'] }, 'subjects.1', 'Please select a valid subject');
  });

  it('keeps the username out of updates', () => {
    expect(Object.keys(updateSchemaOf(teacherEntity).shape)).toEqual([
      'email',
      'fullname',
      'phone',
      'departmentId',
      'subjects',
    ]);
    expect(updateSchemaOf(teacherEntity).safeParse(without(valid, 'username')).success).toBe(true);
  });
});
