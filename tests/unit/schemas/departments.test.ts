// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { updateSchemaOf } from '../../../src/schemas/entity';
import { departmentEntity, departmentSchema } from '../../../src/schemas/departments';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = {
  departmentName: 'Computer Science',
  email: 'head@cse.edu',
  fullname: 'Asha Rao',
  username: 'asha.rao',
  phone: '9876543210',
};

describe('department schema', () => {
  it('parses a valid department and trims its text', () => {
    expect(parseOk(departmentSchema, { ...valid, departmentName: '  CSE  ', email: ' head@cse.edu ' })).toEqual({
      ...valid,
      departmentName: 'CSE',
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('requires the department name (%s)', (_, departmentName) => {
    expectIssue(departmentSchema, { ...valid, departmentName }, 'departmentName', 'Department name is required');
  });

  it('requires the e-mail', () => {
    expectIssue(departmentSchema, without(valid, 'email'), 'email', 'Email is required');
    expectIssue(departmentSchema, { ...valid, email: '' }, 'email', 'Email is required');
  });

  it('rejects a malformed e-mail', () => {
    expectIssue(departmentSchema, { ...valid, email: 'head@cse' }, 'email', 'Please enter the valid E-mail');
    expectIssue(departmentSchema, { ...valid, email: 'head.cse.edu' }, 'email', 'Please enter the valid E-mail');
  });

  it('requires the full name of the department head', () => {
    expectIssue(departmentSchema, { ...valid, fullname: '' }, 'fullname', 'Full name of department head is required');
    expectIssue(departmentSchema, without(valid, 'fullname'), 'fullname', 'Full name of department head is required');
  });

  it('requires the username of the department head', () => {
    expectIssue(departmentSchema, { ...valid, username: '' }, 'username', 'Username of department head is required');
  });

  it('rejects a username with spaces', () => {
    expectIssue(
      departmentSchema,
      { ...valid, username: 'asha rao' },
      'username',
      'Username of department head may contain only letters, digits, ".", "_", "-" and "@"',
    );
  });

  it('limits the username to 50 characters', () => {
    expectIssue(departmentSchema, { ...valid, username: repeat(51) }, 'username', 'Username of department head should not exceed 50 characters');
  });

  it('requires the phone number', () => {
    expectIssue(departmentSchema, { ...valid, phone: '' }, 'phone', 'Phone number is required');
    expectIssue(departmentSchema, without(valid, 'phone'), 'phone', 'Phone number is required');
  });

  it.each(['98765', '98765432101', '98765abcde', '+919876543'])('rejects the phone number %s', (phone) => {
    expectIssue(departmentSchema, { ...valid, phone }, 'phone', 'Please enter the valid phone number');
  });

  it('does not let an update change the username', () => {
    const update = updateSchemaOf(departmentEntity);
    expect(Object.keys(update.shape)).not.toContain('username');
    expect(update.safeParse(without(valid, 'username')).success).toBe(true);
  });
});
