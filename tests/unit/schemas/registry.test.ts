// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ACTIONS, can, placementOf, scopeFor, type EntityDef, type FieldMeta } from '../../../src/schemas/entity';
import { entities, entityOf } from '../../../src/schemas/index';
import { ROLES } from '../../../src/schemas/roles';

/** The documented resource names, written out here so the registry cannot drift from the documentation. */
const DESIGN_RESOURCES = [
  'institutes',
  'departments',
  'teachers',
  'subjects',
  'students',
  'groups',
  'modules',
  'topics',
  'questions',
  'quizzes',
  'rooms',
  'guidelines',
  'feedbacks',
  'lti-platforms',
];

const all = Object.entries(entities) as [string, EntityDef][];
const fieldsOf = (def: EntityDef) => Object.entries(def.fields) as [string, FieldMeta][];
type JsonObject = { properties?: Record<string, unknown>; required?: string[] };

describe('entity registry', () => {
  it('holds exactly the documented resources, each under its own name', () => {
    expect(Object.keys(entities).sort()).toEqual([...DESIGN_RESOURCES].sort());
    for (const [name, def] of all) expect(def.resource).toBe(name);
  });

  it('finds an entity by resource name and nothing for other names', () => {
    expect(entityOf('quizzes')).toBe(entities.quizzes);
    expect(entityOf('toString')).toBeUndefined();
    expect(entityOf('users')).toBeUndefined();
  });

  describe.each(all)('%s', (_, def) => {
    const shape = Object.keys(def.schema.shape);

    it.each(['output', 'input'] as const)('converts to draft-07 JSON Schema (%s) with a property for every field', (io) => {
      const json = z.toJSONSchema(def.schema, { target: 'draft-07', io }) as JsonObject & { $schema?: string };
      expect(json.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(Object.keys(json.properties ?? {})).toEqual(shape);
    });

    it('has metadata with a label for every field and for no other', () => {
      expect(fieldsOf(def).map(([name]) => name).sort()).toEqual([...shape].sort());
      for (const [, meta] of fieldsOf(def)) expect(meta.label).not.toBe('');
      expect(shape).toContain(def.recordRepresentation);
    });

    it('refers only to registered resources, by a field they have', () => {
      for (const [, meta] of fieldsOf(def)) {
        if (!meta.reference) continue;
        const target = entityOf(meta.reference.resource);
        expect(target, meta.reference.resource).toBeDefined();
        expect(Object.keys(target!.schema.shape)).toContain(meta.reference.display);
      }
      for (const field of Object.values(def.scopeVia ?? {})) expect(def.fields[field]?.reference).toBeDefined();
    });

    it('gives every role that may act a scope, and a scope only to such roles', () => {
      for (const role of ROLES) {
        const acts = ALL_ACTIONS.filter((action) => def.access[action]?.includes(role));
        for (const action of acts) expect(scopeFor(def, role, action), `${role} ${action}`).toBeDefined();
        if (acts.length === 0) expect(def.scope[role], role).toBeUndefined();
      }
    });

    it('appears only in the areas of roles that may list it', () => {
      for (const role of ROLES) if (placementOf(def, role)) expect(can(def, role, 'list'), role).toBe(true);
    });
  });
});
