/**
 * Generators for the API fuzz test (tests/api/fuzz.test.ts): a small seeded PRNG, the list of
 * routes read from the running app, and bad requests of every kind for one route (path params,
 * query strings, JSON bodies, content types, multipart bodies). Everything here is deterministic
 * for a given seed, so a failing request can be generated again from the seed alone.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** sfc32: a tiny, fast PRNG with a 128-bit state; good enough for test data, not for secrets. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the values, chosen with the given weights. */
  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((s, [w]) => s + w, 0);
    let x = this.next() * total;
    for (const [w, v] of entries) {
      if ((x -= w) < 0) return v;
    }
    return entries[entries.length - 1][1];
  }

  word(min = 1, max = 12, alphabet = 'abcdefghijklmnopqrstuvwxyz'): string {
    let s = '';
    for (let n = this.int(min, max); n > 0; n--) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}

/** A 32-bit seed from any parts (FNV-1a), so each route gets its own stream from the run's seed. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0001')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** FUZZ_SEED: a number, 'random' for a new one, or unset for the fixed CI seed. */
export function resolveSeed(raw: string | undefined, fixed: number): number {
  if (raw === undefined || raw.trim() === '') return fixed;
  if (raw.trim().toLowerCase() === 'random') return Math.floor(Math.random() * 2 ** 32);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`FUZZ_SEED must be a non-negative integer or "random", not ${JSON.stringify(raw)}`);
  return n >>> 0;
}

// ---------------------------------------------------------------------------------------------
// The routes, read from the running app

/** The subset of JSON Schema that the OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface RouteSpec {
  method: string;
  /** Fastify's form: /api/quizzes/:id */
  path: string;
  params: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  /** Field names of a route that reads a multipart form (from its summary "(multipart: a, b, file)"). */
  multipart?: string[];
  /** Whether the OpenAPI document describes the route (a route missing from it is still fuzzed). */
  documented: boolean;
}

const BOX = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;

/** (method, path) of every route in Fastify's printRoutes({ commonPrefix: false }) tree. */
export function routesOfTree(tree: string): { method: string; path: string }[] {
  const stack: string[] = [];
  const out: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const m = BOX.exec(line.replace(/\s+$/, ''));
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const path = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) out.push({ method, path });
  }
  return out;
}

/**
 * Every API route the app answers (from its router), with what the OpenAPI document says about
 * its params, query and body. HEAD (generated from GET), the API explorer and wildcards are left out.
 */
export function routeSpecs(tree: string, doc: OpenApiDocument): RouteSpec[] {
  const specs = new Map<string, RouteSpec>();
  for (const { method, path } of routesOfTree(tree)) {
    if (method === 'HEAD' || !path.startsWith('/api/') || path.startsWith('/api/docs') || path.includes('*')) continue;
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    specs.set(`${method} ${path}`, { method, path, params, query: [], documented: false });
  }
  for (const [openPath, operations] of Object.entries(doc.paths)) {
    const path = openPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(operations)) {
      const spec = specs.get(`${method.toUpperCase()} ${path}`);
      if (!spec) continue;
      spec.documented = true;
      spec.query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      spec.body = op.requestBody?.content?.['application/json']?.schema;
      const fields = /multipart: ([^)]*)\)/.exec(op.summary ?? '')?.[1];
      if (fields) spec.multipart = fields.split(',').map((f) => f.trim()).filter(Boolean);
    }
  }
  return [...specs.values()];
}

// ---------------------------------------------------------------------------------------------
// Values

const bigStrings = new Map<string, string>();
/** A long string, built once per (size, character) and reused. */
export function longString(size: number, ch = 'x'): string {
  const key = `${size}:${ch}`;
  let s = bigStrings.get(key);
  if (s === undefined) bigStrings.set(key, (s = ch.repeat(Math.ceil(size / ch.length)).slice(0, size)));
  return s;
}

/** Strings that have broken servers before. */
export const NASTY_STRINGS: readonly string[] = [
  '', ' ', '\t', '\n', 'a', 'null', 'undefined', 'true', 'false', '0', '-1', '1.5', 'NaN', 'Infinity', '-Infinity', '1e309',
  '9007199254740993', '99999999999999999999999999', '0x1F', '١٢٣', '１２３', '٣', 'Ünïcödé ✓', '𝕌𝕟𝕚𝕔𝕠𝕕𝕖 😀👩‍👩‍👧', 'ｆｕｌｌｗｉｄｔｈ',
  'a\u0000b', '\u0000', '\ud800', '\udfff\ud800', '\u202eevil', 'zero\u200bwidth', '\ufeffbom', 'e\u0301',
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f', '%00', '%', '%ZZ', '${jndi:ldap://x/a}', '{{7*7}}', '%s%n%x%d',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', "' OR '1'='1", "1'; DROP TABLE users; --", '" OR ""="', '\\', '\\"',
  '=HYPERLINK("http://x.test","click")', '+cmd|\'/c calc\'!A1', '-2+3', '@SUM(1+1)', '__proto__', 'constructor', 'prototype', 'hasOwnProperty',
  'ADMIN', 'STUDENT', 'ME', '[]', '{}', '[1,2]', '{"a":1}', '2026-02-30', '2026-13-01T00:00:00Z', '0000-00-00', '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', 'mailto:a@b', 'a@b', 'x'.repeat(64), 'x'.repeat(256), 'ä'.repeat(300),
];

export const NASTY_NUMBERS: readonly number[] = [
  0, -0, 1, -1, 2, 0.5, -0.5, 1.0000001, 10, 255, 256, 65535, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2,
  -(2 ** 53), 1e20, 1e300, 1.7976931348623157e308, -1.7976931348623157e308, 5e-324, Number.EPSILON,
];

/** A value of any JSON type, with nesting up to `depth`. */
export function anyValue(rng: Rng, depth = 2): unknown {
  const kind = rng.weighted([
    [4, 'string'],
    [3, 'number'],
    [1, 'boolean'],
    [1, 'null'],
    [depth > 0 ? 1 : 0, 'array'],
    [depth > 0 ? 1 : 0, 'object'],
  ] as const);
  switch (kind) {
    case 'string':
      return rng.chance(0.7) ? rng.pick(NASTY_STRINGS) : rng.word(0, 30, 'abcXYZ019 -_.@!?/\\\'"%&<>');
    case 'number':
      return rng.chance(0.7) ? rng.pick(NASTY_NUMBERS) : rng.int(-1000, 1000);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: rng.int(0, 4) }, () => anyValue(rng, depth - 1));
    case 'object':
      return Object.fromEntries(Array.from({ length: rng.int(0, 4) }, () => [rng.pick(EXTRA_KEYS), anyValue(rng, depth - 1)]));
  }
}

/** A value of another JSON type than the schema asks for. */
export function wrongTypeFor(rng: Rng, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  for (let tries = 0; tries < 10; tries++) {
    const v = anyValue(rng, 1);
    if (!types.includes(jsonType(v))) return v;
  }
  return types.includes('object') ? 'not an object' : { unexpected: { nested: [1, 'two', null] } };
}

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

function typesOf(schema: JsonSchema): string[] {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(typesOf);
  const all = [...own, ...nested];
  if (all.includes('number')) all.push('integer');
  if (schema.nullable) all.push('null');
  return all;
}

/** Keys a client should never be able to set or that poison naive object handling. */
export const EXTRA_KEYS: readonly string[] = [
  'id', 'role', 'created_by', 'institute_id', 'department_id', 'password_hash', 'must_change_password', 'isAdmin', 'admin', 'userId',
  'toString', 'valueOf', 'hasOwnProperty', 'prototype', 'then', 'length', 'a', 'x'.repeat(100), 'ключ', '😀', '', ' ', '$where', '__defineGetter__',
];

/** A value the schema accepts (or nearly: numbers near their bounds, ids of records that exist). */
export function sample(rng: Rng, schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return rng.chance(0.5) ? rng.word() : rng.int(1, 10);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sample(rng, rng.pick(variants), name, depth + 1);
  if (schema.allOf?.length) return sample(rng, schema.allOf[0], name, depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type.filter((t) => t !== 'null')) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.6)) out[key] = sample(rng, prop, key, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 4, min + 4);
      return Array.from({ length: rng.int(min, Math.max(min, max)) }, () => sample(rng, schema.items, name, depth + 1));
    }
    case 'integer':
    case 'number': {
      const idLike = /(^id$|Id$|_id$|^subject$|^module$|^topic$|^questions?$|^students?$)/.test(name);
      const lo = schema.minimum ?? (idLike ? 1 : -10);
      const hi = Math.min(schema.maximum ?? lo + 100, lo + (idLike ? 12 : 100));
      const n = rng.int(Math.ceil(lo), Math.floor(hi));
      return type === 'number' && rng.chance(0.2) ? n + 0.5 : n;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string':
      return sampleString(rng, schema, name);
    default:
      return rng.chance(0.5) ? rng.word() : rng.int(0, 10);
  }
}

function sampleString(rng: Rng, schema: JsonSchema, name: string): string {
  if (schema.format === 'date-time' || /date|_from$|_to$/i.test(name)) {
    return new Date(Date.UTC(2025, 0, 1) + rng.int(0, 3 * 365) * 86_400_000 + rng.int(0, 86_399) * 1000).toISOString();
  }
  if (schema.format === 'email' || /email/i.test(name)) return `${rng.word(3, 8)}@example.org`;
  if (/phone/i.test(name)) return rng.word(10, 10, '0123456789');
  if (/^subjects?$|Id$/.test(name)) return String(rng.int(1, 12));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  return rng.word(Math.max(min, 1), Math.max(min, max, 1), 'abcdefghijklmnopqrstuvwxyz ');
}

/** JSON text nested `depth` levels deep; built as text, as no client library would build it. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${longString(depth, '[')}${longString(depth, ']')}` : `${longString(depth * 5, '{"a":')}1${longString(depth, '}')}`;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  /** What the request tries, for the failure report. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** A JSON body over the 1 MB limit: the server must refuse it (413, or an earlier 4xx). */
  overLimit?: boolean;
}

export const BODY_LIMIT = 1024 * 1024;

/** Path parameter values: negative, zero, huge, non-numeric, unicode, traversal, very long. */
const BAD_PARAMS: readonly string[] = [
  '-1', '0', '-0', '00', '2147483647', '2147483648', '4294967296', '9007199254740993', '99999999999999999999999999', '1e3', '1.5', '1,5',
  '0x10', '+1', ' 1', '1 ', 'abc', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', 'true', '[]', '{}', '[1]', '١٢', '１', '²',
  'Ünïcödé', '😀', '\u0000', '\u202e1', '..', '.', '../', '../../etc/passwd', '..\\..', '%2e%2e%2f', '%00', '%', '%ZZ', '%E0%A4%A',
  '%C0%AF', '%FF', ';', "1' OR '1'='1", '1;DROP TABLE users', '1 OR 1=1', '__proto__', 'constructor', '$ne', 'ME',
];

/** Characters that may stay raw in a path (to test traversal and bad percent escapes); others are encoded. */
const RAW_SAFE = /^[A-Za-z0-9._~%/:;+'\-,$[\]{}=]*$/;

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the invalid UTF-8 it would be. */
export function encodeAny(value: string): string {
  return value.split(/([\ud800-\udfff])/u).map((piece) => (/^[\ud800-\udfff]$/u.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece))).join('');
}

function encodePathValue(rng: Rng, value: string): string {
  return RAW_SAFE.test(value) && rng.chance(0.5) ? value : encodeAny(value);
}

function badParam(rng: Rng, name: string): string {
  const r = rng.next();
  if (r < 0.08) return longString(rng.pick([101, 150, 1000, 5000]), rng.pick(['9', 'a', '%41']));
  if (r < 0.14 && /token/i.test(name)) return rng.word(0, 200, 'abcdefABCDEF0123456789-_.~');
  return rng.pick(BAD_PARAMS);
}

function goodParam(rng: Rng, name: string): string {
  if (/token/i.test(name)) return rng.word(16, 64, 'abcdef0123456789');
  return String(rng.int(1, 12));
}

function buildPath(rng: Rng, route: RouteSpec, bad: Set<string>): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => (bad.has(name) ? encodePathValue(rng, badParam(rng, name)) : goodParam(rng, name)));
}

/** ra-data-simple-rest list params and other query strings, well and badly formed. */
function badQueryValue(rng: Rng, name: string): string {
  const generic = () =>
    rng.pick([
      '', '[', '{', '{"a":', "['id','ASC']", 'undefined', 'null', '[]', '{}', '""', '0', '-1', '1e400', 'NaN',
      longString(rng.pick([10_001, 50_000]), 'x'), `[${longString(2000, '1,')}1]`, deepJson(rng.pick([50, 3000]), rng.pick(['array', 'object'] as const)),
      JSON.stringify(anyValue(rng, 3)), rng.pick(NASTY_STRINGS),
    ]);
  switch (name) {
    case 'sort':
      return rng.chance(0.7)
        ? JSON.stringify(
            rng.pick<unknown>([
              [], ['id'], ['id', 'UP'], ['id', 'asc'], ['id', 'DESC', 'x'], [1, 2], ['__proto__', 'ASC'], ['password_hash', 'ASC'], ['created_at', 'DESC'],
              ['id; drop table users', 'ASC'], [null, null], { field: 'id', order: 'ASC' }, [longString(65), 'ASC'], [['id'], 'ASC'], ['name', 'DESC'],
            ]),
          )
        : generic();
    case 'range':
      return rng.chance(0.7)
        ? rng.pick([
            '[-1,5]', '[5,1]', '[0,100000]', '[0.5,1.5]', '["a","b"]', '[0]', '[0,1,2]', '[1e308,1e308]', '[9007199254740991,9007199254740991]',
            '[9007199254740992,9007199254740993]', '[0,999]', '[0,1000]', '[-0,0]', '[null,null]', '{"start":0,"end":9}', '[2147483647,2147483647]',
          ])
        : generic();
    case 'filter': {
      if (rng.chance(0.3)) return generic();
      const key = rng.pick(['id', 'q', 'createdBy', 'startDate', 'endDate', 'name', 'type', 'difficulty', 'role', 'subject_id', 'department_id',
        'module', 'subjects', 'students', 'group_id', 'semester', 'unknownField', '__proto__', 'constructor', 'password_hash', 'x'.repeat(65)]);
      const value = rng.pick<unknown>([
        'abc', -1, 0, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, true, null, [], ['a', 1, null], Array.from({ length: 1001 }, (_, i) => i),
        { nested: { deeper: [1] } }, '', 'ME', 'nobody', '2026-02-30', '9999-99-99', '1970-01-01', 1e20, NASTY_STRINGS[rng.int(0, NASTY_STRINGS.length - 1)],
      ]);
      const obj: Record<string, unknown> = { [key]: value };
      if (rng.chance(0.3)) obj[rng.pick(['q', 'id', 'createdBy'])] = anyValue(rng, 1);
      return JSON.stringify(obj);
    }
    case 'ids':
      return rng.pick(['[', '[1,2', '["a"]', '[-1]', '[0]', '[1.5]', '[2147483648]', '{}', '1,2,3', '[]', `[${longString(3000, '1,')}1]`, '[null]', generic()]);
    default:
      return generic();
  }
}

function queryString(rng: Rng, route: RouteSpec, mode: 'good' | 'bad'): string {
  const parts: string[] = [];
  const enc = (s: string) => (rng.chance(0.9) ? encodeAny(s) : encodeAny(s.replace(/%/g, '%25')).replace(/%25/g, '%'));
  for (const q of route.query) {
    if (mode === 'good') {
      if (rng.chance(0.5)) continue;
      const v = q.name === 'sort' ? '["id","ASC"]' : q.name === 'range' ? '[0,9]' : q.name === 'filter' ? '{}' : String(sample(rng, q.schema, q.name));
      parts.push(`${q.name}=${encodeAny(v)}`);
    } else if (rng.chance(0.6)) {
      parts.push(`${q.name}=${enc(badQueryValue(rng, q.name))}`);
      if (rng.chance(0.1)) parts.push(`${q.name}=${enc(badQueryValue(rng, q.name))}`); // a repeated key arrives as a list
    }
  }
  if (mode === 'bad' && (parts.length === 0 || rng.chance(0.3))) {
    const key = rng.pick(['sort', 'range', 'filter', 'state', 'format', 'ids', 'unknown', '__proto__', 'constructor[prototype][x]', 'a[b][c]', 'x'.repeat(300), '']);
    parts.push(`${encodeAny(key)}=${enc(badQueryValue(rng, key))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const JSON_TYPE = 'application/json';

function objectBody(rng: Rng, route: RouteSpec): Record<string, unknown> {
  const v = sample(rng, route.body);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Stringifies `body` with one field replaced by raw JSON text (deep nesting, poisoned keys). */
function withRawField(body: Record<string, unknown>, field: string, raw: string): string {
  const marker = '\u0001raw\u0001';
  return JSON.stringify({ ...body, [field]: marker }).replace(JSON.stringify(marker), raw);
}

/** A JSON body for the route, broken in one way. */
function badJsonBody(rng: Rng, route: RouteSpec): { label: string; payload: string; contentType?: string } {
  const body = objectBody(rng, route);
  const props = Object.entries(route.body?.properties ?? {});
  const required = route.body?.required ?? [];
  const field = props.length ? rng.pick(props) : undefined;
  const stringFields = props.filter(([, s]) => typesOf(s).includes('string'));
  const kind = rng.weighted([
    [3, 'wrong-type'], [2, 'missing-required'], [2, 'extra-fields'], [2, 'boundary-number'], [2, 'nasty-strings'], [1, 'huge-string'],
    [1, 'body-limit'], [1, 'deep-body'], [1, 'deep-field'], [1, 'proto-pollution'], [1, 'not-an-object'], [2, 'invalid-json'], [1, 'null-fields'],
  ] as const);
  switch (kind) {
    case 'wrong-type': {
      if (!field) return { label: 'wrong-type body', payload: JSON.stringify(anyValue(rng, 2)) };
      return { label: `wrong type for "${field[0]}"`, payload: JSON.stringify({ ...body, [field[0]]: wrongTypeFor(rng, field[1]) }) };
    }
    case 'missing-required': {
      const drop = required.length ? rng.pick(required) : field?.[0];
      const rest = { ...body };
      if (drop) delete rest[drop];
      if (rng.chance(0.3)) return { label: 'empty object', payload: '{}' };
      return { label: `missing "${drop}"`, payload: JSON.stringify(rest) };
    }
    case 'extra-fields': {
      const extra = Object.fromEntries(Array.from({ length: rng.int(1, 6) }, () => [rng.pick(EXTRA_KEYS), anyValue(rng, 2)]));
      if (rng.chance(0.2)) for (let i = 0; i < 2000; i++) extra[`k${i}`] = i; // many keys
      return { label: `extra fields ${Object.keys(extra).slice(0, 5).join(',')}`, payload: JSON.stringify({ ...body, ...extra }) };
    }
    case 'boundary-number': {
      const target = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number'));
      const [name] = target.length ? rng.pick(target) : field ?? ['n'];
      const n = rng.pick(NASTY_NUMBERS);
      return { label: `"${name}" = ${n}`, payload: JSON.stringify({ ...body, [name]: n }) };
    }
    case 'nasty-strings': {
      const out = { ...body };
      for (const [name] of stringFields.length ? stringFields : props) if (rng.chance(0.7)) out[name] = rng.pick(NASTY_STRINGS);
      return { label: 'nasty strings', payload: JSON.stringify(out) };
    }
    case 'huge-string': {
      const [name] = stringFields.length ? rng.pick(stringFields) : field ?? ['text'];
      const size = rng.pick([10_001, 100_000, 500_000]);
      return { label: `"${name}" of ${size} characters`, payload: JSON.stringify({ ...body, [name]: longString(size, rng.pick(['x', 'é', '\u0000', '😀'])) }) };
    }
    case 'body-limit': {
      const [name] = stringFields.length ? rng.pick(stringFields) : field ?? ['text'];
      const size = rng.pick([BODY_LIMIT - 4096, BODY_LIMIT + 1, BODY_LIMIT + 100_000]);
      return { label: `"${name}" of ${size} bytes (body limit)`, payload: JSON.stringify({ ...body, [name]: longString(size) }) };
    }
    case 'deep-body': {
      const depth = rng.pick([1000, 10_000, 100_000]);
      const shape = rng.pick(['array', 'object'] as const);
      return { label: `body nested ${depth} levels (${shape})`, payload: deepJson(depth, shape) };
    }
    case 'deep-field': {
      const name = field?.[0] ?? 'data';
      const depth = rng.pick([100, 10_000, 100_000]);
      const shape = rng.pick(['array', 'object'] as const);
      return { label: `"${name}" nested ${depth} levels (${shape})`, payload: withRawField(body, name, deepJson(depth, shape)) };
    }
    case 'proto-pollution': {
      const raw = rng.pick([
        '{"__proto__":{"isAdmin":true,"role":"ADMIN"}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"__proto__":null}',
        '{"a":{"__proto__":{"polluted":1}}}', '[{"__proto__":{"x":1}}]', '{"\\u005f_proto__":{"x":1}}',
      ]);
      if (rng.chance(0.5)) return { label: `poisoned body ${raw}`, payload: raw };
      const name = field?.[0] ?? 'data';
      return { label: `poisoned "${name}" ${raw}`, payload: withRawField(body, name, raw) };
    }
    case 'not-an-object': {
      const raw = rng.pick(['null', 'true', '0', '-1', '"text"', '[]', '[{}]', JSON.stringify([body]), '""', '1e999']);
      return { label: `body ${raw.slice(0, 40)}`, payload: raw };
    }
    case 'invalid-json': {
      const text = JSON.stringify(body);
      const raw = rng.pick([
        text.slice(0, rng.int(0, Math.max(0, text.length - 1))), `${text},`, text.replace(/"/g, "'"), `${text.slice(0, -1)},}`, '{a:1}', '{"a":NaN}',
        '{"a":undefined}', `\ufeff${text}`, `/* c */${text}`, `${text}${text}`, '{"a":1', '\u0000', '{"a":"\\x00"}', '{"a":"\\ud800"}', '{"a":01}', ' ',
      ]);
      return { label: `invalid JSON ${JSON.stringify(raw.slice(0, 40))}`, payload: raw };
    }
    case 'null-fields': {
      const out = Object.fromEntries(Object.keys(body).map((k) => [k, rng.chance(0.6) ? null : body[k]]));
      return { label: 'null fields', payload: JSON.stringify(out) };
    }
  }
}

const CONTENT_TYPES: readonly string[] = [
  'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/json; charset=latin1',
  'application/jsonx', 'application/vnd.api+json', 'APPLICATION/JSON', 'application/json;', 'json', '*/*', 'multipart/form-data',
  'multipart/form-data; boundary=', 'application/octet-stream', 'text/html; charset=utf-8', ' ', 'application/json, text/plain',
];

// ---------------------------------------------------------------------------------------------
// Multipart

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
  /** Raw header lines instead of the usual Content-Disposition. */
  rawHeaders?: string;
}

/** A multipart/form-data body as a browser builds it. */
export function multipartBody(parts: Part[], boundary = '----fuzz-boundary-7MA4YWxkTrZu0gW'): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const headers =
      p.rawHeaders ??
      `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let overTwoMb: Buffer | undefined;
const FILE_CONTENTS: readonly ((rng: Rng) => Buffer)[] = [
  () => Buffer.alloc(0),
  (rng) => Buffer.from(rng.word(1, 200, 'abc,;\n\t"')),
  () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]),
  () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(512)]),
  () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 0xff)]), // a zip header and garbage
  () => Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), // an empty zip
  () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0x41)]), // an OLE2 header and garbage
  () => Buffer.from('Which is a prime?\nA. 4\nB. 7\nANSWER: B\n'),
  () => Buffer.from('::Q1:: 2+2 = {=4 ~5}\n'),
  (rng) => Buffer.from(Array.from({ length: rng.int(1, 4096) }, () => rng.int(0, 255))),
  () => Buffer.from('\ufeff\u0000\ud800'),
  () => (overTwoMb ??= Buffer.alloc(2 * 1024 * 1024 + 100, 0x41)),
];

function fieldValue(rng: Rng, name: string): string {
  if (rng.chance(0.3)) return rng.pick(NASTY_STRINGS);
  if (/semester|marks|time_required|subject|module|topic|departmentId/.test(name)) return String(rng.int(1, 8));
  if (name === 'batch') return String(rng.int(2020, 2030));
  if (name === 'format') return rng.pick(['xlsx', 'aiken', 'gift', 'XLSX', 'csv', '']);
  if (name === 'difficulty') return rng.pick(['easy', 'medium', 'hard', 'impossible']);
  return rng.word();
}

/** A multipart body for the route, well or badly formed. */
function badMultipart(rng: Rng, route: RouteSpec): { label: string; payload: Buffer | string; contentType: string } {
  const names = route.multipart ?? ['file', ...Object.keys(route.body?.properties ?? {})];
  const fields = names.filter((n) => n !== 'file');
  const parts = (): Part[] => [
    ...fields.filter(() => rng.chance(0.8)).map((name) => ({ name, value: fieldValue(rng, name) })),
    ...(rng.chance(0.85) ? [{ name: 'file', value: rng.pick(FILE_CONTENTS)(rng), filename: rng.pick(['a.xlsx', 'a.xls', 'q.gift.txt', 'q.aiken', 'a.csv', 'a.exe']), type: 'application/octet-stream' }] : []),
  ];
  const kind = rng.weighted([
    [3, 'plain'], [2, 'no-boundary'], [2, 'wrong-boundary'], [3, 'truncated'], [2, 'huge-field'], [2, 'many-parts'], [2, 'file-as-field'],
    [1, 'field-as-file'], [1, 'two-files'], [2, 'odd-filename'], [2, 'bad-part-headers'], [1, 'odd-content-type'], [1, 'garbage'], [1, 'empty'],
  ] as const);
  const boundary = '----fuzz-boundary-7MA4YWxkTrZu0gW';
  switch (kind) {
    case 'plain': {
      const b = multipartBody(parts(), boundary);
      return { label: 'multipart form', ...b };
    }
    case 'no-boundary':
      return { label: 'multipart without boundary', payload: multipartBody(parts(), boundary).payload, contentType: rng.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8']) };
    case 'wrong-boundary':
      return { label: 'multipart with another boundary', payload: multipartBody(parts(), boundary).payload, contentType: `multipart/form-data; boundary=${rng.pick(['other', 'x'.repeat(200), '"quoted"', '--', ' '])}` };
    case 'truncated': {
      const b = multipartBody(parts(), boundary);
      return { label: 'truncated multipart', payload: b.payload.subarray(0, rng.int(0, Math.max(0, b.payload.length - 3))), contentType: b.contentType };
    }
    case 'huge-field': {
      const name = fields.length ? rng.pick(fields) : 'semester';
      const size = rng.pick([10_001, 100_000, 1_500_000]);
      return { label: `multipart field "${name}" of ${size} bytes`, ...multipartBody([{ name, value: longString(size, 'y') }, ...parts()], boundary) };
    }
    case 'many-parts': {
      const n = rng.pick([26, 100, 1000]);
      return { label: `multipart with ${n} parts`, ...multipartBody([...Array.from({ length: n }, (_, i) => ({ name: `f${i}`, value: 'v' })), ...parts()], boundary) };
    }
    case 'file-as-field': {
      const name = fields.length ? rng.pick(fields) : 'semester';
      return { label: `a file where field "${name}" is expected`, ...multipartBody([{ name, value: Buffer.from('3'), filename: 'field.bin', type: 'application/octet-stream' }, ...parts()], boundary) };
    }
    case 'field-as-file':
      return { label: 'a text field where the file is expected', ...multipartBody([...fields.map((name) => ({ name, value: fieldValue(rng, name) })), { name: 'file', value: 'not a file' }], boundary) };
    case 'two-files':
      return { label: 'two files', ...multipartBody([...parts(), { name: 'file', value: Buffer.from('PK'), filename: 'b.xlsx' }, { name: 'other', value: Buffer.from('x'), filename: 'c.xlsx' }], boundary) };
    case 'odd-filename': {
      const filename = rng.pick(['', '../../etc/passwd', '..\\..\\boot.ini', 'a\u0000.xlsx', 'ünï😀.xlsx', longString(5000, 'n'), '.xlsx', 'a.xlsx ', 'A.XLSX', 'a.xlsx.exe', 'CON', '"quoted".xlsx']);
      return { label: `filename ${JSON.stringify(filename.slice(0, 30))}`, ...multipartBody([...fields.map((name) => ({ name, value: fieldValue(rng, name) })), { name: 'file', value: rng.pick(FILE_CONTENTS)(rng), filename }], boundary) };
    }
    case 'bad-part-headers': {
      const rawHeaders = rng.pick([
        '', 'Content-Disposition: form-data\r\n', 'Content-Disposition: form-data; name=\r\n', 'Content-Disposition: attachment; filename="a.xlsx"\r\n',
        'X-Nothing: 1\r\n', `Content-Disposition: form-data; name="${longString(2000, 'n')}"\r\n`, 'Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%E2%82%AC.xlsx\r\n',
        'Content-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: \r\n', `${longString(90_000, 'H')}\r\n`,
      ]);
      return { label: `part headers ${JSON.stringify(rawHeaders.slice(0, 40))}`, ...multipartBody([{ name: 'file', value: Buffer.from('PK\u0003\u0004'), rawHeaders }, ...parts()], boundary) };
    }
    case 'odd-content-type': {
      const b = multipartBody(parts(), boundary);
      return { label: 'multipart with another content type', payload: b.payload, contentType: rng.pick(['multipart/mixed; boundary=' + boundary, 'multipart/form-data ; boundary=' + boundary, 'Multipart/Form-Data; BOUNDARY=' + boundary, 'application/json']) };
    }
    case 'garbage':
      return { label: 'multipart garbage', payload: Buffer.from(Array.from({ length: rng.int(1, 2000) }, () => rng.int(0, 255))), contentType: `multipart/form-data; boundary=${boundary}` };
    case 'empty':
      return { label: 'empty multipart', payload: '', contentType: `multipart/form-data; boundary=${boundary}` };
  }
}

/** One generated request for the route; `authorization` is the identity's header (or none). */
export function generateRequest(rng: Rng, route: RouteSpec, authorization: string | undefined): FuzzRequest {
  const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'DELETE';
  const kind = rng.weighted([
    [route.params.length ? 3 : 0, 'path'],
    [route.query.length ? 4 : 1, 'query'],
    [takesBody ? (route.body ? 6 : 2) : 0, 'body'],
    [takesBody ? 1 : 0, 'content-type'],
    [takesBody ? (route.multipart ? 8 : 1) : 0, 'multipart'],
    [2, 'plausible'],
    [takesBody ? 0 : 0.3, 'body-on-read'],
  ] as const);
  const badParams = new Set(kind === 'path' ? route.params.filter((_p, i, all) => rng.chance(0.6) || i === all.length - 1) : []);
  const url = buildPath(rng, route, badParams) + queryString(rng, route, kind === 'query' ? 'bad' : 'good');
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  // Most requests come from their own address, so the per-address rate limits do not hide the routes behind 429s.
  const remoteAddress = rng.chance(0.25) ? '127.0.0.1' : `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  const req: FuzzRequest = { label: kind, method: route.method, url, headers, remoteAddress };
  const json = (label: string, payload: string, contentType = JSON_TYPE) => {
    req.label = label;
    req.payload = payload;
    req.headers['content-type'] = contentType;
    req.overLimit = contentType === JSON_TYPE && Buffer.byteLength(payload) > BODY_LIMIT;
  };
  switch (kind) {
    case 'path':
      req.label = `bad path params ${[...badParams].join(', ')}`;
      if (takesBody && route.body) json(req.label, JSON.stringify(objectBody(rng, route)));
      break;
    case 'query':
      req.label = 'bad query';
      if (takesBody && route.body) json(req.label, JSON.stringify(objectBody(rng, route)));
      break;
    case 'body': {
      const b = badJsonBody(rng, route);
      json(b.label, b.payload, b.contentType);
      break;
    }
    case 'content-type': {
      const contentType = rng.pick(CONTENT_TYPES);
      req.label = `content-type ${JSON.stringify(contentType)}`;
      req.payload = rng.chance(0.7) ? JSON.stringify(objectBody(rng, route)) : rng.pick(['a=1&b=2', '<a>1</a>', '', 'plain text']);
      req.headers['content-type'] = contentType;
      break;
    }
    case 'multipart': {
      const m = badMultipart(rng, route);
      req.label = m.label;
      req.payload = m.payload;
      req.headers['content-type'] = m.contentType;
      break;
    }
    case 'plausible':
      req.label = 'plausible request';
      if (takesBody && route.body) json(req.label, JSON.stringify(objectBody(rng, route)));
      else if (route.multipart) {
        const m = badMultipart(rng, route);
        req.payload = m.payload;
        req.headers['content-type'] = m.contentType;
      }
      break;
    case 'body-on-read':
      json('a body on a read', rng.chance(0.5) ? '{"a":' : JSON.stringify(anyValue(rng, 2)));
      break;
  }
  return req;
}

/** Authorization headers that are not a live session. */
export const GARBAGE_AUTH: readonly ((rng: Rng) => string)[] = [
  () => 'Bearer garbage',
  () => 'Bearer ',
  () => 'Bearer',
  (rng) => `Bearer ${rng.word(64, 64, 'abcdef0123456789')}`,
  (rng) => `Bearer ${rng.word(43, 43, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')}`,
  () => `Bearer ${longString(129, 'a')}`,
  () => `Bearer ${longString(8000, 'a')}`,
  () => 'Basic YWRtaW46cG9ydGFsLWRlbW8=',
  () => 'bearer a b',
  () => "Bearer ' OR '1'='1",
  () => 'Bearer null',
  () => 'Token abc',
];

// ---------------------------------------------------------------------------------------------
// The contract every answer keeps

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const ENVELOPE_KEYS = new Set(['success', 'message', 'data', 'internet']);

/**
 * The LTI 1.3 protocol routes, which an LMS and a browser call, not the front end: their answers
 * follow the protocol (a JSON Web Key Set, the auto-submit script, redirects and HTML pages), and a
 * refusal is a page that says what failed and what to check. Any envelope answer (a 415, a 413, a
 * rate limit) is still fine there.
 */
const LTI_PROTOCOL: Record<string, (res: Answer, type: string) => string | undefined> = {
  '/api/lti/jwks': (res, type) => {
    if (!type.startsWith('application/json')) return `content-type ${JSON.stringify(type)} is not JSON`;
    const body = JSON.parse(res.body) as { keys?: unknown };
    return Array.isArray(body.keys) && Object.keys(body).length === 1 ? undefined : 'the key set is not { keys: [...] }';
  },
  '/api/lti/autopost.js': (res, type) => (res.statusCode === 200 && type.startsWith('text/javascript') ? undefined : `the script answered ${res.statusCode} ${type}`),
  '/api/lti/login': ltiPage,
  '/api/lti/launch': ltiPage,
  '/api/lti/deep-link': ltiPage,
};

function ltiPage(res: Answer, type: string): string | undefined {
  if (res.statusCode === 302) return res.headers.location ? undefined : 'a redirect without a location';
  if (!type.startsWith('text/html')) return `content-type ${JSON.stringify(type)} is neither the envelope nor an HTML page`;
  if (res.statusCode >= 400 && !res.body.includes('What to check')) return 'a refusal page that does not say what to check';
  return undefined;
}

/** What is wrong with an answer, or undefined: the generic envelope, never a 5xx, a clear message. */
export function answerProblem(req: FuzzRequest, res: Answer): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (req.overLimit && (res.statusCode < 400 || res.statusCode === 400)) return `a body over the 1 MB limit was answered ${res.statusCode}, not refused (413)`;
  const type = String(res.headers['content-type'] ?? '');
  const protocol = LTI_PROTOCOL[req.url.split('?')[0]];
  if (protocol && !type.startsWith('application/json')) return protocol(res, type);
  if (protocol && req.url.startsWith('/api/lti/jwks')) return protocol(res, type);
  // A successful download (a template, an export) is a file, not an envelope.
  if (res.statusCode < 300 && /attachment/.test(String(res.headers['content-disposition'] ?? ''))) return undefined;
  if (!type.startsWith('application/json')) return `content-type ${JSON.stringify(type)} is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'the body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not an object';
  const env = body as Record<string, unknown>;
  const extra = Object.keys(env).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length) return `keys outside the envelope: ${extra.join(', ')}`;
  if (typeof env.success !== 'boolean') return 'success is not a boolean';
  if (typeof env.message !== 'string' || env.message.trim() === '') return 'message is not a non-empty string';
  if (env.success !== res.statusCode < 400) return `success ${env.success} with status ${res.statusCode}`;
  return undefined;
}

/** A request as text for the failure report, long values cut short. */
export function describeRequest(req: FuzzRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const payload = req.payload === undefined ? '' : Buffer.isBuffer(req.payload) ? cut(req.payload.toString('latin1'), 300) : cut(req.payload, 300);
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${cut(v, 80)}`).join('; ');
  return `${req.method} ${cut(req.url, 200)} [${req.label}] {${headers}} from ${req.remoteAddress}${payload ? ` body ${JSON.stringify(payload)}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Hostile files: zips assembled byte by byte, so that their headers can say what we want

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 as zip uses it; pass the previous value to continue over several chunks. */
export function crc32(data: Uint8Array, previous = 0): number {
  let c = ~previous;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

export interface ZipInput {
  name: string;
  /** Stored or deflated from this content. */
  content?: Buffer;
  /** Already deflated data (raw deflate) with the CRC and size of what it inflates to. */
  deflated?: { data: Buffer; crc: number; size: number };
  store?: boolean;
  /** The uncompressed size the headers claim, instead of the true one. */
  claimSize?: number;
}

/** A zip archive (local headers, central directory, end record), with each entry's sizes as given. */
export function buildZip(entries: ZipInput[], deflate: (b: Buffer) => Buffer): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const content = e.content ?? Buffer.alloc(0);
    const method = e.deflated || !e.store ? 8 : 0;
    const data = e.deflated?.data ?? (method === 8 ? deflate(content) : content);
    const crc = e.deflated?.crc ?? crc32(content);
    const size = e.claimSize ?? e.deflated?.size ?? content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x5a21, 12); // 2025-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5a21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlEscape = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const columnName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** A cell of a hand-made sheet: text, or a real formula with the value it last showed. */
export type SheetCell = string | number | { formula: string; shows: string };

/** The parts of a minimal .xlsx workbook with one sheet (inline strings), to zip as is or with extra parts. */
export function xlsxParts(sheetName: string, rows: SheetCell[][], options: { macro?: boolean } = {}): ZipInput[] {
  const cell = (v: SheetCell, r: number, c: number) => {
    const ref = `${columnName(c)}${r + 1}`;
    if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
    if (typeof v === 'object') return `<c r="${ref}" t="str"><f>${xmlEscape(v.formula)}</f><v>${xmlEscape(v.shows)}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(v)}</t></is></c>`;
  };
  const sheetData = rows.map((row, r) => `<row r="${r + 1}">${row.map((v, c) => cell(v, r, c)).join('')}</row>`).join('');
  const main = options.macro ? 'application/vnd.ms-excel.sheet.macroEnabled.main+xml' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  const parts: ZipInput[] = [
    {
      name: '[Content_Types].xml',
      content: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          (options.macro ? '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' : '') +
          `<Override PartName="/xl/workbook.xml" ContentType="${main}"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      content: xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    },
    {
      name: 'xl/workbook.xml',
      content: xml(`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          (options.macro ? '<Relationship Id="rId2" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>' : '') +
          '</Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: xml(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`) },
  ];
  if (options.macro) {
    // An OLE2 container header and the stream name Office gives a VBA project: enough for any sniffer.
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('_VBA_PROJECT', 'utf16le'), Buffer.alloc(1024)]);
    parts.push({ name: 'xl/vbaProject.bin', content: ole });
  }
  return parts;
}
