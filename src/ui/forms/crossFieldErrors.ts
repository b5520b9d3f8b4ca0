import type { z } from 'zod';
import type { FieldErrors } from './fieldErrors';

/**
 * The messages of a schema's cross-field check, run on its own. The entity schemas skip such
 * checks while a field has failed with an aborting issue (an empty required text), so a form
 * would show them only after the other fields are fixed; forms run them separately too, so
 * every message shows at once. Each message goes under the first path that reports it.
 */
export function crossFieldErrors<T>(check: (value: T, ctx: z.RefinementCtx) => void, value: T): FieldErrors {
  const errors: Record<string, string> = {};
  const ctx = {
    value,
    addIssue(issue: string | { path?: PropertyKey[]; message?: string }) {
      if (typeof issue === 'string') return;
      const path = (issue.path ?? []).map(String).join('.');
      if (issue.message) errors[path] ??= issue.message;
    },
  } as unknown as z.RefinementCtx;
  check(value, ctx);
  return errors;
}
