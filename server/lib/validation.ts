import type { z } from 'zod';
import { badRequest } from './errors';

/** Field -> first message, with nested paths dotted the way react-admin names inputs ('content.0.title'). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A 400 whose message names the first field and its rule, and whose data maps every field to its message. */
export function validationError(errors: Record<string, string>, where = '') {
  const [field, message] = Object.entries(errors)[0] ?? ['_', 'Invalid value'];
  return badRequest(field === '_' ? message : `Invalid ${where}${field}: ${message}`, errors);
}

/** Parses with a zod schema or throws the 400 above. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(fieldErrors(result.error.issues));
  return result.data;
}
