import type { z } from 'zod';
import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import { errorListOf, errorSchemaOf, fieldErrorsOfIssues } from './fieldErrors';

/**
 * An RJSF validator that runs the entity's zod schema instead of a JSON Schema validator, so the
 * form shows the schema's messages word for word, each under its field (nested paths included),
 * and accepts exactly what the server accepts.
 *
 * isValid is what RJSF uses to pick among oneOf/anyOf branches and if/then schemas; the entity
 * forms have none (their JSON Schemas are plain objects, arrays and scalars), so every branch is
 * taken as valid.
 */
export function zodValidator<T = unknown>(schema: z.ZodType, fieldOrder: readonly string[] = []): ValidatorType<T, RJSFSchema> {
  // Errors listed in the order the fields are shown, so focusing the first error focuses the topmost field.
  const rank = (path: string) => {
    const index = fieldOrder.indexOf(path.split('.')[0]!);
    return index === -1 ? fieldOrder.length : index;
  };
  return {
    validateFormData(formData): ValidationData<T> {
      const result = schema.safeParse(formData ?? {});
      if (result.success) return { errors: [], errorSchema: {} };
      const errors = Object.fromEntries(
        Object.entries(fieldErrorsOfIssues(result.error.issues)).sort(([a], [b]) => rank(a) - rank(b)),
      );
      return { errors: errorListOf(errors), errorSchema: errorSchemaOf(errors) };
    },
    isValid: () => true,
    rawValidation<Result>(_schema: RJSFSchema, formData?: T) {
      const result = schema.safeParse(formData ?? {});
      return { errors: (result.success ? [] : result.error.issues) as Result[] };
    },
  };
}
