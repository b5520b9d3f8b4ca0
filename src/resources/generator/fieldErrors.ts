import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';

/**
 * Field errors in the one shape both the zod validator and the server produce: a map from a
 * dotted path ('content.0.title'; '' for the whole form) to its first message. Turned into
 * RJSF's ErrorSchema so each message sits under its own field, nested array items included.
 */
export type FieldErrorMap = Record<string, string>;

/** Plain objects all the way down, keyed by property name or array index (RJSF reads both). */
export function errorSchemaOf(errors: FieldErrorMap): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    let node = root;
    for (const key of path === '' || path === '_' ? [] : path.split('.')) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node.__errors ??= []) as string[];
    list.push(message);
  }
  return root as ErrorSchema;
}

/** RJSF's error list: `property` is the path with a leading dot, as RJSF writes it. */
export const errorListOf = (errors: FieldErrorMap): RJSFValidationError[] =>
  Object.entries(errors).map(([path, message]) => {
    const property = `.${path === '_' ? '' : path}`;
    return { property, message, stack: `${property} ${message}` };
  });

/** zod issues -> one message per path, the first one, as the server reports them. */
export function fieldErrorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

const isErrorMap = (value: unknown): value is FieldErrorMap =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every((message) => typeof message === 'string');

/**
 * The field errors of a failed save: a 400 arrives as react-admin's HttpError with
 * `body.errors`; a 409 (a username or e-mail already in use) with the envelope as its body,
 * `body.data.errors`.
 */
export function serverFieldErrors(error: unknown): FieldErrorMap | undefined {
  const body = (error as { body?: { errors?: unknown; data?: { errors?: unknown } } } | null)?.body;
  if (isErrorMap(body?.errors)) return body.errors;
  if (isErrorMap(body?.data?.errors)) return body.data.errors;
  return undefined;
}

/** Splits errors into those on the form's fields and the others (shown as a notification instead). */
export function placeErrors(errors: FieldErrorMap, fields: readonly string[]): { placed: FieldErrorMap; unplaced: string[] } {
  const placed: FieldErrorMap = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (fields.includes(path.split('.')[0]!)) placed[path] = message;
    else unplaced.push(message);
  }
  return { placed, unplaced };
}

/** Server errors still worth showing after an edit: those on fields the user has not changed since. */
export function unchangedFieldErrors(
  errors: FieldErrorMap,
  submitted: Record<string, unknown>,
  current: Record<string, unknown>,
): FieldErrorMap {
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => {
      const field = path.split('.')[0]!;
      return JSON.stringify(submitted[field]) === JSON.stringify(current[field]);
    }),
  );
}
