// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { topicSchema } from '../../../src/schemas/topics';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = { name: 'Quick sort', module_id: 9 };

describe('topic schema', () => {
  it('parses a valid topic', () => {
    expect(parseOk(topicSchema, { ...valid, module_id: '9' })).toEqual(valid);
  });

  it('requires the name', () => {
    expectIssue(topicSchema, { ...valid, name: ' ' }, 'name', 'Topic name is required');
    expectIssue(topicSchema, without(valid, 'name'), 'name', 'Topic name is required');
  });

  it('limits the name to 100 characters', () => {
    expectIssue(topicSchema, { ...valid, name: repeat(101) }, 'name', 'Topic name should not exceed 100 characters');
  });

  it.each([undefined, '', null])('requires the module (%s)', (module_id) => {
    expectIssue(topicSchema, { ...valid, module_id }, 'module_id', 'Select the module');
  });
});
