import { z } from 'zod';
import type { RJSFSchema } from '@rjsf/utils';

/**
 * JSON Schema of a zod schema as a form sees it: draft-07 (STACK.md: the only target RJSF
 * resolves) and the input side (what a user types, before preprocessing).
 */
export const jsonSchemaOf = (schema: z.ZodType): RJSFSchema => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as RJSFSchema;
  return json;
};

export type JsonProperty = RJSFSchema & { type?: string | string[]; format?: string; enum?: unknown[] };

/** The top-level properties of an object schema's JSON Schema. */
export const propertiesOf = (json: RJSFSchema): Record<string, JsonProperty> =>
  (json.properties ?? {}) as Record<string, JsonProperty>;

export type ValueKind = 'text' | 'number' | 'boolean' | 'dateTime' | 'list' | 'object';

/** What kind of value a property holds, from its JSON Schema. */
export function valueKindOf(property: JsonProperty | undefined): ValueKind {
  const type = Array.isArray(property?.type) ? property.type.find((t) => t !== 'null') : property?.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') return 'list';
  if (type === 'object') return 'object';
  if (property?.format === 'date-time') return 'dateTime';
  return 'text';
}
