import type { PlistValue } from '../../server/integrity/sebConfigKey';

/**
 * A reader of .NET BinaryFormatter streams (MS-NRBF) just large enough for SEB for Windows' test
 * vectors: a Dictionary<string, object> of booleans, integers, strings, byte arrays, lists and
 * nested dictionaries, turned into the plist values the Config Key is computed from.
 */

type Raw =
  | { kind: 'class'; name: string; members: Record<string, Slot> }
  | { kind: 'array'; items: Slot[] }
  | { kind: 'bytes'; value: Buffer }
  | { kind: 'string'; value: string }
  | { kind: 'prim'; type: number; value: boolean | number | bigint | string };
type Slot = Raw | { kind: 'ref'; id: number } | null;

interface ClassMeta {
  name: string;
  names: string[];
  types: number[];
  extra: (number | string | null)[];
}

class Reader {
  pos = 0;
  constructor(private readonly buf: Buffer) {}
  u8() {
    return this.buf[this.pos++];
  }
  i32() {
    const v = this.buf.readInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  bytes(n: number) {
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
  string() {
    let length = 0;
    let shift = 0;
    for (;;) {
      const b = this.u8();
      length |= (b & 0x7f) << shift;
      if (!(b & 0x80)) break;
      shift += 7;
    }
    return this.bytes(length).toString('utf8');
  }
  primitive(type: number): boolean | number | bigint | string {
    switch (type) {
      case 1:
        return this.u8() !== 0;
      case 2:
        return this.u8();
      case 6: {
        const v = this.buf.readDoubleLE(this.pos);
        this.pos += 8;
        return v;
      }
      case 7: {
        const v = this.buf.readInt16LE(this.pos);
        this.pos += 2;
        return v;
      }
      case 8:
        return this.i32();
      case 9:
      case 12:
      case 13: {
        const v = this.buf.readBigInt64LE(this.pos);
        this.pos += 8;
        return v;
      }
      case 10:
        return this.buf.readInt8(this.pos++);
      case 11: {
        const v = this.buf.readFloatLE(this.pos);
        this.pos += 4;
        return v;
      }
      case 14: {
        const v = this.buf.readUInt16LE(this.pos);
        this.pos += 2;
        return v;
      }
      case 15: {
        const v = this.buf.readUInt32LE(this.pos);
        this.pos += 4;
        return v;
      }
      case 16: {
        const v = this.buf.readBigUInt64LE(this.pos);
        this.pos += 8;
        return v;
      }
      case 5:
      case 18:
        return this.string();
      default:
        throw new Error(`nrbf: primitive type ${type} not supported`);
    }
  }
}

export function readNrbf(buf: Buffer): PlistValue {
  const r = new Reader(buf);
  const objects = new Map<number, Raw>();
  const metas = new Map<number, ClassMeta>();
  let rootId = 0;
  /** Records that stand for null in a list: how many nulls are still to be produced. */
  let pendingNulls = 0;

  const classInfo = () => {
    const id = r.i32();
    const name = r.string();
    const count = r.i32();
    const names = Array.from({ length: count }, () => r.string());
    return { id, name, names };
  };
  const typeInfo = (count: number) => {
    const types = Array.from({ length: count }, () => r.u8());
    const extra = types.map((t) => {
      if (t === 0 || t === 7) return r.u8();
      if (t === 3) return r.string();
      if (t === 4) {
        const name = r.string();
        r.i32();
        return name;
      }
      return null;
    });
    return { types, extra };
  };
  const readMembers = (id: number, meta: ClassMeta): Raw => {
    const members: Record<string, Slot> = {};
    meta.names.forEach((name, i) => {
      members[name] = meta.types[i] === 0 ? { kind: 'prim', type: meta.extra[i] as number, value: r.primitive(meta.extra[i] as number) } : record();
    });
    const value: Raw = { kind: 'class', name: meta.name, members };
    objects.set(id, value);
    return value;
  };
  const items = (id: number, length: number, read: () => Slot): Raw => {
    const list: Slot[] = [];
    while (list.length < length) {
      const slot = read();
      list.push(slot);
      while (pendingNulls > 0) {
        pendingNulls--;
        list.push(null);
      }
    }
    const value: Raw = { kind: 'array', items: list.slice(0, length) };
    objects.set(id, value);
    return value;
  };

  function record(): Slot {
    const type = r.u8();
    switch (type) {
      case 0:
        rootId = r.i32();
        r.bytes(12);
        return record();
      case 12:
        r.i32();
        r.string();
        return record();
      case 1: {
        const id = r.i32();
        const meta = metas.get(r.i32())!;
        return readMembers(id, meta);
      }
      case 4:
      case 5: {
        const info = classInfo();
        const { types, extra } = typeInfo(info.names.length);
        if (type === 5) r.i32();
        const meta = { name: info.name, names: info.names, types, extra };
        metas.set(info.id, meta);
        return readMembers(info.id, meta);
      }
      case 6: {
        const id = r.i32();
        const value: Raw = { kind: 'string', value: r.string() };
        objects.set(id, value);
        return value;
      }
      case 7: {
        const id = r.i32();
        const arrayType = r.u8();
        const rank = r.i32();
        const lengths = Array.from({ length: rank }, () => r.i32());
        if (arrayType >= 3) for (let i = 0; i < rank; i++) r.i32();
        const [itemType] = typeInfo(1).types;
        if (rank !== 1) throw new Error('nrbf: only single-dimension arrays');
        if (itemType === 0) throw new Error('nrbf: primitive BinaryArray not supported');
        return items(id, lengths[0], record);
      }
      case 8: {
        const t = r.u8();
        return { kind: 'prim', type: t, value: r.primitive(t) };
      }
      case 9:
        return { kind: 'ref', id: r.i32() };
      case 10:
        return null;
      case 13:
        pendingNulls += r.u8() - 1;
        return null;
      case 14:
        pendingNulls += r.i32() - 1;
        return null;
      case 15: {
        const id = r.i32();
        const length = r.i32();
        const t = r.u8();
        const value: Raw = t === 2 ? { kind: 'bytes', value: Buffer.from(r.bytes(length)) } : { kind: 'array', items: Array.from({ length }, () => ({ kind: 'prim', type: t, value: r.primitive(t) }) as Raw) };
        objects.set(id, value);
        return value;
      }
      case 16:
      case 17: {
        const id = r.i32();
        return items(id, r.i32(), record);
      }
      default:
        throw new Error(`nrbf: record type ${type} at ${r.pos - 1} not supported`);
    }
  }

  while (r.pos < buf.length) {
    const before = r.pos;
    if (buf[before] === 11) break;
    record();
  }

  const resolve = (slot: Slot): Raw | null => (slot && slot.kind === 'ref' ? (objects.get(slot.id) ?? null) : slot);
  const toPlist = (slot: Slot): PlistValue => {
    const raw = resolve(slot);
    if (raw === null) throw new Error('nrbf: null value');
    switch (raw.kind) {
      case 'string':
        return { type: 'string', value: raw.value };
      case 'bytes':
        return { type: 'data', value: raw.value };
      case 'prim':
        if (typeof raw.value === 'boolean') return { type: 'bool', value: raw.value };
        if (typeof raw.value === 'string') return { type: 'string', value: raw.value };
        if (raw.type === 6 || raw.type === 11) return { type: 'real', value: Number(raw.value) };
        return { type: 'integer', value: BigInt(raw.value) };
      case 'array':
        return { type: 'array', items: raw.items.filter((i) => i !== null).map(toPlist) };
      case 'class': {
        if (raw.name.startsWith('System.Collections.Generic.Dictionary`2')) {
          const pairs = resolve(raw.members.KeyValuePairs);
          const entries: [string, PlistValue][] = [];
          for (const pair of pairs && pairs.kind === 'array' ? pairs.items : []) {
            const kv = resolve(pair);
            if (kv?.kind !== 'class') continue;
            const key = resolve(kv.members.key);
            entries.push([key && key.kind === 'string' ? key.value : String((key as { value: unknown }).value), toPlist(kv.members.value)]);
          }
          return { type: 'dict', entries };
        }
        if (raw.name.startsWith('System.Collections.Generic.List`1')) {
          const array = resolve(raw.members._items);
          const size = Number((raw.members._size as { value: number }).value);
          return { type: 'array', items: (array && array.kind === 'array' ? array.items : []).slice(0, size).map(toPlist) };
        }
        throw new Error(`nrbf: class ${raw.name} not supported`);
      }
    }
  };
  return toPlist({ kind: 'ref', id: rootId });
}
