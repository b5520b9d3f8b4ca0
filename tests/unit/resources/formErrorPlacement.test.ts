// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { entities, placementOf, type EntityDef, type Role } from '../../../src/schemas';
import { placeErrors, serverFieldErrors } from '../../../src/resources/generator/fieldErrors';
import { formModelOf } from '../../../src/resources/generator/formModel';
import { zodValidator } from '../../../src/resources/generator/zodValidator';

/**
 * Every generated create form of the registry (each entity, each staff role that creates it where
 * it is placed): each message of an empty submission is keyed to a field the form shows, by that
 * field's name, so RJSF writes it under that field; and a server's field errors land the same way.
 */
const forms = Object.values(entities as Record<string, EntityDef>).flatMap((def) =>
  (def.access.create ?? []).flatMap((role: Role) => (placementOf(def, role) ? [{ name: `${role} ${def.resource}`, def, role }] : [])),
);

describe('where the messages of every generated form land', () => {
  it('walks every entity with a create screen', () => {
    expect(forms.map((form) => form.name)).toEqual(expect.arrayContaining(['INSTITUTE-HEAD subjects', 'TEACHER topics', 'DEPARTMENT-HEAD rooms']));
  });

  it.each(forms)('$name: an empty submission puts each message on a field the form shows, under its own name', ({ def, role }) => {
    const model = formModelOf(def, role, 'create');
    const result = model.validation.safeParse({});
    if (result.success) return;
    const { errorSchema } = zodValidator(model.validation, model.fields).validateFormData({}, {}, undefined, undefined, undefined);
    const shown = Object.keys(model.jsonSchema.properties ?? {});
    const keyed = Object.keys(errorSchema).filter((key) => key !== '__errors');

    expect(errorSchema.__errors).toBeUndefined();
    for (const key of keyed) expect(shown, `${key} is a field of the form`).toContain(key);
    // Each issue's own message sits on the field the issue names.
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      expect((errorSchema as Record<string, { __errors?: string[] }>)[field]?.__errors?.[0], field).toBe(
        result.error.issues.find((first) => String(first.path[0]) === field)!.message,
      );
    }
  });

  it.each(forms)("$name: a server's field errors for the form's fields are placed, others are a notification", ({ def, role }) => {
    const model = formModelOf(def, role, 'create');
    const field = model.fields[0]!;
    const error = new HttpError('Refused', 409, { success: false, message: 'Refused', data: { errors: { [field]: 'Already in use', elsewhere: 'Not a field' } } });

    expect(placeErrors(serverFieldErrors(error)!, model.fields)).toEqual({ placed: { [field]: 'Already in use' }, unplaced: ['Not a field'] });
  });

  it("keeps SPEC's message on the topic's module", () => {
    const topic = formModelOf(entities.topics, 'TEACHER', 'create');
    const { errorSchema } = zodValidator(topic.validation, topic.fields).validateFormData({ name: 'Stacks' }, {}, undefined, undefined, undefined);

    expect(errorSchema).toEqual({ module_id: { __errors: ['Select the module'] } });
  });
});
