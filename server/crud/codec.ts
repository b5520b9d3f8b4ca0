import { z } from 'zod';
import type { EntityDef } from '../../src/schemas/entity';

/**
 * The one place where API values and stored values are converted (Kysely converts nothing):
 * booleans <-> 0/1, date-times (ISO strings) <-> epoch milliseconds, objects and
 * non-reference lists <-> JSON text. The kind of each field is read from the entity's
 * JSON Schema, so a new field needs no codec code.
 */
export type FieldKind = 'plain' | 'boolean' | 'datetime' | 'json' | 'many';

export interface Codec {
  kinds: Record<string, FieldKind>;
  toRow(body: Record<string, unknown>): Record<string, unknown>;
  fromRow(row: Record<string, unknown>): Record<string, unknown>;
}

export function codecFor(def: EntityDef): Codec {
  const json = z.toJSONSchema(def.schema, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string | string[]; format?: string; anyOf?: { type?: string; format?: string }[] }>;
  };
  const kinds: Record<string, FieldKind> = {};
  for (const [field, prop] of Object.entries(json.properties ?? {})) {
    const variants = [prop, ...(prop.anyOf ?? [])];
    const types = variants.flatMap((v) => (Array.isArray(v.type) ? v.type : v.type ? [v.type] : []));
    if (def.fields[field as never]?.reference?.many) kinds[field] = 'many';
    else if (variants.some((v) => v.format === 'date-time') || def.fields[field as never]?.widget === 'datetime') kinds[field] = 'datetime';
    else if (types.includes('boolean')) kinds[field] = 'boolean';
    else if (types.includes('object') || types.includes('array')) kinds[field] = 'json';
    else kinds[field] = 'plain';
  }
  return {
    kinds,
    toRow(body) {
      const row: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(body)) {
        const kind = kinds[field];
        if (!kind || kind === 'many') continue;
        if (value === undefined) continue;
        if (kind === 'boolean') row[field] = value == null ? null : value ? 1 : 0;
        else if (kind === 'datetime') row[field] = value == null ? null : Date.parse(String(value));
        else if (kind === 'json') row[field] = value == null ? null : JSON.stringify(value);
        else row[field] = value;
      }
      return row;
    },
    fromRow(row) {
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        const kind = kinds[key];
        if (kind === 'boolean') record[key] = value === null ? null : Boolean(Number(value));
        else if (kind === 'datetime') record[key] = value === null ? null : new Date(Number(value)).toISOString();
        else if (kind === 'json') record[key] = typeof value === 'string' ? JSON.parse(value) : value;
        else record[key] = value;
      }
      return record;
    },
  };
}
