import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { withoutPath, zodFieldErrors, type FieldErrors } from './fieldErrors';

/**
 * State of a form validated by a zod schema. Nothing is reported before the first submit; from
 * then on the messages follow the values as they are edited. Errors the server sent for a field
 * (see fieldErrors.ts) stay until that field is edited. `V` may carry more than the schema
 * reads (e.g. React keys of list items); the parsed values drop it.
 */
export function useSchemaForm<S extends z.ZodType, V extends object = z.input<S> & object>(schema: S, initialValues: V) {
  const [values, setValues] = useState<V>(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef(initialValues);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!submitted) return {};
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : zodFieldErrors(parsed.error);
  }, [schema, submitted, values]);

  const errors = useMemo<FieldErrors>(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);

  /** Replaces the values; `path` is the edited field, whose server error goes away. */
  const update = useCallback((next: (current: V) => V, path?: string) => {
    setValues(next);
    setServerErrors((current) => (path === undefined ? {} : withoutPath(current, path)));
  }, []);

  /** Sets one top-level field. */
  const setField = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => update((current) => ({ ...current, [name]: value }), name),
    [update],
  );

  /** Back to the first render's values (or `next`), with no messages. */
  const reset = useCallback((next: V = initial.current) => {
    setValues(next);
    setSubmitted(false);
    setServerErrors({});
  }, []);

  /** Moves the focus to the first field that shows an error, once React has rendered it. */
  const focusFirstError = useCallback(() => {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!invalid) return;
      // Centred, so that a sticky bar at the bottom of a long form does not cover it.
      invalid.focus({ preventScroll: true });
      invalid.scrollIntoView?.({ block: 'center' });
    });
  }, []);

  /** The form's onSubmit: validates, then calls `onValid` with the parsed values. */
  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => unknown) => (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        focusFirstError();
        return;
      }
      void onValid(parsed.data);
    },
    [schema, values, focusFirstError],
  );

  /** Shows the server's field errors (a 400's data.errors) and focuses the first. */
  const showServerErrors = useCallback(
    (next: FieldErrors) => {
      setServerErrors(next);
      focusFirstError();
    },
    [focusFirstError],
  );

  return { values, errors, update, setField, reset, handleSubmit, showServerErrors, formRef, submitted };
}
