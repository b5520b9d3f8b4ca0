import { expect } from 'vitest';
import type { z } from 'zod';

/** The messages a parse reports at one dotted path ('' for the whole value). */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

/** The value fails with exactly this one message at this path. */
export function expectIssue(schema: z.ZodType, input: unknown, path: string, message: string): void {
  expect(messagesAt(schema, input, path)).toEqual([message]);
}

/** Parses, failing the test with the issues when it does not. */
export function parseOk<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  expect(result.success ? [] : result.error.issues).toEqual([]);
  return result.data as z.infer<S>;
}

/** A copy of `record` without `field`. */
export function without<T extends object>(record: T, field: keyof T): Partial<T> {
  const copy = { ...record };
  delete copy[field];
  return copy;
}

export const repeat = (length: number, char = 'a') => char.repeat(length);
