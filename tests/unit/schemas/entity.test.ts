// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can, createSchemaOf, defineEntity, scopeFor, updateSchemaOf } from '../../../src/schemas/entity';

const schema = z.object({ title: z.string(), code: z.string() });
const notes = defineEntity({
  resource: 'notes',
  label: 'Notes',
  singular: 'Note',
  schema,
  roleSchemas: { ADMIN: schema.extend({ pinned: z.boolean() }) },
  fields: { title: { label: 'Title' }, code: { label: 'Code', createOnly: true } },
  recordRepresentation: 'title',
  access: { list: ['TEACHER', 'ADMIN'], update: ['TEACHER'] },
  scope: { TEACHER: 'department', ADMIN: 'all' },
  writeScope: { TEACHER: 'own' },
});

describe('entity helpers', () => {
  it('allows only the roles listed for an action', () => {
    expect(can(notes, 'TEACHER', 'list')).toBe(true);
    expect(can(notes, 'STUDENT', 'list')).toBe(false);
    expect(can(notes, 'ADMIN', 'update')).toBe(false);
  });

  it('uses the write scope for changes and the scope for looking', () => {
    expect(scopeFor(notes, 'TEACHER', 'list')).toBe('department');
    expect(scopeFor(notes, 'TEACHER', 'update')).toBe('own');
    expect(scopeFor(notes, 'ADMIN', 'list')).toBe('all');
  });

  it('gives no scope to an action the role may not take', () => {
    expect(scopeFor(notes, 'ADMIN', 'update')).toBeUndefined();
    expect(scopeFor(notes, 'STUDENT', 'list')).toBeUndefined();
  });

  it("picks a role's own create body", () => {
    expect(createSchemaOf(notes)).toBe(schema);
    expect(createSchemaOf(notes, 'TEACHER')).toBe(schema);
    expect(Object.keys(createSchemaOf(notes, 'ADMIN').shape)).toEqual(['title', 'code', 'pinned']);
  });

  it('drops createOnly fields from the update body', () => {
    expect(Object.keys(updateSchemaOf(notes).shape)).toEqual(['title']);
    expect(Object.keys(updateSchemaOf(notes, 'ADMIN').shape)).toEqual(['title', 'pinned']);
  });

  it('uses a declared update body as it is', () => {
    const updateSchema = z.object({ title: z.string() });
    expect(updateSchemaOf({ ...notes, updateSchema })).toBe(updateSchema);
  });
});
