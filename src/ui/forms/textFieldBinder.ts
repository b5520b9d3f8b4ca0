import type { ChangeEvent, ReactNode } from 'react';
import type { FieldErrors } from './fieldErrors';

/** The names of the fields of `V` that hold text. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * Binds text fields to a form's values: `{...bind('name', hint)}` gives a TextField its value,
 * its change handler and its message, which replaces the hint while there is one.
 */
export function textFieldBinder<V extends object>(
  values: V,
  errors: FieldErrors,
  setField: <K extends keyof V & string>(name: K, value: V[K]) => void,
) {
  return <K extends TextKeys<V>>(name: K, hint?: ReactNode) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(name, event.target.value as V[K]),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? hint,
  });
}
