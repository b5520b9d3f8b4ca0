import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';

/**
 * A property-list value with its plist type kept: SEB-JSON writes integers, reals, data and dates
 * each in its own way, so a plain JavaScript value would lose what the key depends on.
 */
export type PlistValue =
  | { type: 'dict'; entries: [string, PlistValue][] }
  | { type: 'array'; items: PlistValue[] }
  | { type: 'string'; value: string }
  | { type: 'integer'; value: bigint }
  | { type: 'real'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'data'; value: Buffer }
  | { type: 'date'; value: Date };

type XmlNode = Record<string, XmlNode[] | string> & { '#text'?: string };

const parser = new XMLParser({
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  // A plist has no entities of its own beyond XML's five and character references.
  htmlEntities: false,
});

const tagOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ':@' && k !== '#text');
const textOf = (children: XmlNode[] | string | undefined) =>
  Array.isArray(children) ? children.map((c) => (typeof c['#text'] === 'string' ? c['#text'] : '')).join('') : '';
/** Element children only: whitespace between elements (and comments) is not content. */
const elementsOf = (children: XmlNode[] | string | undefined) => (Array.isArray(children) ? children.filter((c) => tagOf(c) !== undefined) : []);

function toValue(node: XmlNode): PlistValue {
  const tag = tagOf(node)!;
  const children = node[tag];
  switch (tag) {
    case 'dict': {
      const entries: [string, PlistValue][] = [];
      const items = elementsOf(children);
      for (let i = 0; i < items.length; i++) {
        if (tagOf(items[i]) !== 'key') throw new Error(`plist: <dict> holds a <${tagOf(items[i])}> where a <key> belongs`);
        const key = textOf(items[i].key);
        const value = items[i + 1];
        if (!value || tagOf(value) === 'key') throw new Error(`plist: key "${key}" has no value`);
        entries.push([key, toValue(value)]);
        i++;
      }
      return { type: 'dict', entries };
    }
    case 'array':
      // A <key> inside an array is not plist; Apple's and SEB's readers skip it, and so does this one.
      return { type: 'array', items: elementsOf(children).filter((c) => tagOf(c) !== 'key').map(toValue) };
    case 'string':
      return { type: 'string', value: textOf(children) };
    case 'integer': {
      const text = textOf(children).trim();
      if (!/^[+-]?\d+$/.test(text)) throw new Error(`plist: "${text}" is not an integer`);
      return { type: 'integer', value: BigInt(text) };
    }
    case 'real': {
      const value = Number(textOf(children).trim());
      if (!Number.isFinite(value)) throw new Error('plist: a <real> is not a number');
      return { type: 'real', value };
    }
    case 'true':
    case 'false':
      return { type: 'bool', value: tag === 'true' };
    case 'data':
      return { type: 'data', value: Buffer.from(textOf(children).replace(/\s+/g, ''), 'base64') };
    case 'date': {
      const value = new Date(textOf(children).trim());
      if (Number.isNaN(value.getTime())) throw new Error('plist: a <date> is not a date');
      return { type: 'date', value };
    }
    default:
      throw new Error(`plist: unknown element <${tag}>`);
  }
}

/** Reads an XML property list (an unencrypted .seb file) into typed values. */
export function parsePlist(xml: string | Buffer): PlistValue {
  const text = typeof xml === 'string' ? xml : xml.toString('utf8');
  const doc = parser.parse(text.replace(/^\uFEFF/, '')) as XmlNode[];
  const plist = doc.find((n) => tagOf(n) === 'plist');
  if (!plist) throw new Error('plist: no <plist> element');
  const [root] = elementsOf(plist.plist);
  if (!root) throw new Error('plist: <plist> is empty');
  return toValue(root);
}

/**
 * Case-insensitive order of SEB-JSON keys; on a tie the lower-case spelling comes first
 * (so the order is total and does not depend on the file's order).
 */
export function compareKeys(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  if (a === b) return 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] === a[i].toLowerCase() ? -1 : 1;
  }
  return 0;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoSeconds = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+00:00`;

const isEmptyDict = (v: PlistValue) => v.type === 'dict' && v.entries.length === 0;

/**
 * SEB-JSON, the text a Config Key is the hash of: `originatorVersion` dropped at every level,
 * dictionary entries whose value is an empty dictionary dropped, keys sorted case-insensitively,
 * no whitespace, strings written as they are (no escaping), data as Base64.
 */
export function sebJson(value: PlistValue): string {
  switch (value.type) {
    case 'dict': {
      const entries = value.entries
        .filter(([key, v]) => key !== 'originatorVersion' && !isEmptyDict(v))
        .sort(([a], [b]) => compareKeys(a, b));
      return `{${entries.map(([key, v]) => `"${key}":${sebJson(v)}`).join(',')}}`;
    }
    case 'array':
      return `[${value.items.map(sebJson).join(',')}]`;
    case 'string':
      return `"${value.value}"`;
    case 'integer':
      return value.value.toString();
    case 'real':
      return String(value.value);
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'data':
      return `"${value.value.toString('base64')}"`;
    case 'date':
      return `"${isoSeconds(value.value)}"`;
  }
}

export const sha256Hex = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The Config Key of a configuration: SHA-256 of its SEB-JSON, lower-case hex. */
export const configKeyOf = (config: PlistValue) => sha256Hex(sebJson(config));

/** The Config Key of an unencrypted .seb file. */
export const configKeyOfPlist = (xml: string | Buffer) => configKeyOf(parsePlist(xml));
