// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { updateSchemaOf } from '../../../src/schemas/entity';
import { instituteEntity, instituteSchema } from '../../../src/schemas/institutes';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = {
  instituteName: 'Government College of Engineering',
  email: 'head@gce.edu',
  fullname: 'Asha Rao',
  username: 'asha.rao',
  phone: '9876543210',
};

describe('institute schema', () => {
  it('parses a valid institute and trims its text', () => {
    expect(parseOk(instituteSchema, { ...valid, instituteName: '  GCE  ', email: ' head@gce.edu ' })).toEqual({
      ...valid,
      instituteName: 'GCE',
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('requires the institute name (%s)', (_, instituteName) => {
    expectIssue(instituteSchema, { ...valid, instituteName }, 'instituteName', 'Institute name is required');
  });

  it('requires the e-mail', () => {
    expectIssue(instituteSchema, without(valid, 'email'), 'email', 'Email is required');
    expectIssue(instituteSchema, { ...valid, email: '' }, 'email', 'Email is required');
  });

  it('rejects a malformed e-mail', () => {
    expectIssue(instituteSchema, { ...valid, email: 'head@gce' }, 'email', 'Please enter the valid E-mail');
    expectIssue(instituteSchema, { ...valid, email: 'head.gce.edu' }, 'email', 'Please enter the valid E-mail');
  });

  it('requires the full name of the institute head', () => {
    expectIssue(instituteSchema, { ...valid, fullname: '' }, 'fullname', 'Full name of institute head is required');
    expectIssue(instituteSchema, without(valid, 'fullname'), 'fullname', 'Full name of institute head is required');
  });

  it('requires the username of the institute head', () => {
    expectIssue(instituteSchema, { ...valid, username: '' }, 'username', 'Username of institute head is required');
  });

  it('rejects a username with spaces', () => {
    expectIssue(
      instituteSchema,
      { ...valid, username: 'asha rao' },
      'username',
      'Username of institute head may contain only letters, digits, ".", "_", "-" and "@"',
    );
  });

  it('limits the username to 50 characters', () => {
    expectIssue(instituteSchema, { ...valid, username: repeat(51) }, 'username', 'Username of institute head should not exceed 50 characters');
  });

  it('requires the phone number', () => {
    expectIssue(instituteSchema, { ...valid, phone: '' }, 'phone', 'Phone number is required');
    expectIssue(instituteSchema, without(valid, 'phone'), 'phone', 'Phone number is required');
  });

  it.each(['98765', '98765432101', '98765abcde', '+919876543'])('rejects the phone number %s', (phone) => {
    expectIssue(instituteSchema, { ...valid, phone }, 'phone', 'Please enter the valid phone number');
  });

  it('does not let an update change the username', () => {
    const update = updateSchemaOf(instituteEntity);
    expect(Object.keys(update.shape)).not.toContain('username');
    expect(update.safeParse(without(valid, 'username')).success).toBe(true);
  });
});
