import type { z } from 'zod';

/**
 * Form errors as the API sends them in a 400's `data.errors`: a field path, dotted for nested
 * values ('content.0.faqs.1.answer'), mapped to the message shown under that field. Client-side
 * zod errors are turned into the same shape, so a form shows both the same way.
 */
export type FieldErrors = Readonly<Record<string, string>>;

/** The first message of each path, the way the server reports it. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** `data.errors` of a failed call when it is a field -> message map; empty otherwise. */
export function serverFieldErrors(data: unknown): FieldErrors {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** True when the map holds at least one error. */
export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** A copy without the given path and everything below it ('content.1' also drops 'content.1.title'). */
export function withoutPath(errors: FieldErrors, path: string): FieldErrors {
  const prefix = `${path}.`;
  const entries = Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(prefix));
  return entries.length === Object.keys(errors).length ? errors : Object.fromEntries(entries);
}
