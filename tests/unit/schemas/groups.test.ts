// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scopeFor } from '../../../src/schemas/entity';
import { groupEntity, groupSchema } from '../../../src/schemas/groups';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = { groupName: 'CSE A 2024', students: [11, 12, 13] };

describe('group schema', () => {
  it('parses a valid group', () => {
    expect(parseOk(groupSchema, valid)).toEqual(valid);
  });

  it('requires the group name', () => {
    expectIssue(groupSchema, { ...valid, groupName: '' }, 'groupName', 'Group name required');
    expectIssue(groupSchema, without(valid, 'groupName'), 'groupName', 'Group name required');
  });

  it('limits the group name to 100 characters', () => {
    expectIssue(groupSchema, { ...valid, groupName: repeat(101) }, 'groupName', 'Group name should not exceed 100 characters');
  });

  it.each([
    ['missing', undefined],
    ['empty', []],
  ])('requires at least one student (%s)', (_, students) => {
    expectIssue(groupSchema, { ...valid, students }, 'students', 'Select students');
  });

  it('rejects a student that is not an id', () => {
    expectIssue(groupSchema, { ...valid, students: [11, -2] }, 'students.1', 'Select a valid student');
  });
});

describe('group access', () => {
  it('lets a teacher see the department but change only their own groups', () => {
    expect(scopeFor(groupEntity, 'TEACHER', 'list')).toBe('department');
    expect(scopeFor(groupEntity, 'TEACHER', 'create')).toBe('own');
    expect(scopeFor(groupEntity, 'TEACHER', 'update')).toBe('own');
    expect(scopeFor(groupEntity, 'TEACHER', 'delete')).toBe('own');
  });

  it('lets the department head change any group of the department and the institute head only look', () => {
    expect(scopeFor(groupEntity, 'DEPARTMENT-HEAD', 'delete')).toBe('department');
    expect(scopeFor(groupEntity, 'INSTITUTE-HEAD', 'read')).toBe('institute');
    expect(scopeFor(groupEntity, 'INSTITUTE-HEAD', 'update')).toBeUndefined();
  });
});
