/**
 * Sums a V8 CPU profile (`node --cpu-prof`) by where the time went: each sample's self time is
 * given to a group chosen by the source file of its function (the bundled server's frames are
 * mapped back to their source files through dist-server/main.mjs.map), so a save's microseconds
 * can be told apart: security headers, authentication, the attempt's facts, SEB, body parsing,
 * validation, the answer's check, the batch, the query builder, the database driver, the reply,
 * logging, the HTTP stack, the garbage collector.
 *
 *   npx tsx bench/profile.ts prof/CPU.<...>.cpuprofile [--from US --to US] [--per N] [--top N]
 *
 * --from/--to cut the profile to a span of the monotonic clock in µs (`BENCH_PHASE_LOG=1` prints
 * the phases' bounds on that clock); --per N divides every total by N (e.g. the saves of that
 * span) to print µs per request.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Groups by source path (first match wins), in the order a save meets them. */
export const GROUPS: [string, RegExp][] = [
  ['security headers', /server\/security\/headers/],
  ['compression plugin', /@fastify\/compress|server\/.*compress/],
  ['authentication and session lookup', /server\/auth\//],
  ['SEB and integrity checks', /server\/integrity\//],
  ['the answer\'s check', /src\/schemas\/answers/],
  ['validation (zod, type provider)', /node_modules\/(zod|fastify-type-provider-zod)\//],
  ['body parsing (content-type parser, JSON)', /fastify\/lib\/contentTypeParser|secure-json-parse|\(JSON\.parse\)/],
  ['the save batch (saveBatcher)', /server\/exam\/saveBatcher/],
  ['the route, attempt facts', /server\/routes\/studentExam|server\/exam\/studentQueries/],
  // Kysely's SQLite driver calls better-sqlite3, whose native work (the statements, and the commit's fsync) shows as its self time.
  ['SQLite statements and commit (native, fsync included)', /kysely\/dist\/esm\/dialect\/sqlite\/sqlite-driver/],
  ['query builder (Kysely)', /node_modules\/kysely\//],
  ['database driver (better-sqlite3, pg)', /node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool|pg-types)\/|server\/db\//],
  ['reply and serialisation', /fastify\/lib\/(reply|error-serializer|schemas|wrapThenable)|fast-json-stringify|server\/lib\/envelope|\(JSON\.stringify\)/],
  ['logging (pino)', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//],
  ['rate limit plugin', /@fastify\/rate-limit/],
  ['Fastify core (routing, hooks, request)', /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)\//],
  ['other server code', /server\/|src\//],
];

interface Resolved {
  file: string;
  name: string;
}

function resolver() {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string): SourceMap | null => {
    if (maps.has(url)) return maps.get(url)!;
    let map: SourceMap | null = null;
    try {
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      const text = fs.readFileSync(`${file}.map`, 'utf8');
      map = new SourceMap(JSON.parse(text));
    } catch {
      map = null;
    }
    maps.set(url, map);
    return map;
  };
  return (frame: CallFrame): Resolved => {
    const { url, functionName } = frame;
    if (!url) return { file: `(${functionName || 'native'})`, name: functionName || '(anonymous)' };
    const map = url.includes('dist-server') ? mapOf(url) : null;
    if (map) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
      if (entry?.originalSource) return { file: normalise(entry.originalSource), name: functionName || '(anonymous)' };
    }
    return { file: normalise(url), name: functionName || '(anonymous)' };
  };
}

function normalise(file: string): string {
  let f = file.startsWith('file://') ? fileURLToPath(file) : file;
  const nm = f.lastIndexOf('node_modules/');
  if (nm >= 0) return f.slice(nm);
  for (const dir of ['/server/', '/src/', '/bench/']) {
    const at = f.lastIndexOf(dir);
    if (at >= 0) return f.slice(at + 1);
  }
  f = f.replace(/^(\.\.\/)+/, '');
  return f;
}

const SPECIAL: Record<string, string> = { '(garbage collector)': 'garbage collector', '(idle)': 'idle', '(program)': 'V8 and the event loop (program)', '(root)': 'idle' };
const HTTP = /^node:(_http|http|net|internal\/(http|net|stream_base_commons|streams|stream|js_stream_socket))/;
/** The groups a frame may fall back to when no caller has a group of its own. */
const FALLBACK = new Set(['Node HTTP and sockets', 'other Node internals', 'native (V8 builtins, addons)', 'idle']);

/** The group of a frame by its own file, or undefined for native frames and Node internals (they take their caller's). */
export function ownGroup(r: Resolved): string | undefined {
  if (r.file.startsWith('(')) return SPECIAL[r.name];
  if (r.file.startsWith('node:')) return undefined;
  for (const [name, re] of GROUPS) if (re.test(r.file)) return name;
  return r.file.includes('node_modules/') ? 'other packages' : 'other server code';
}

function fallbackGroup(r: Resolved): string {
  if (HTTP.test(r.file) || /^(writev|writeUtf8String|writeBuffer|writeLatin1String|shutdown|close)$/.test(r.name)) return 'Node HTTP and sockets';
  return r.file.startsWith('node:') ? 'other Node internals' : 'native (V8 builtins, addons)';
}

export interface ProfileSummary {
  totalUs: number;
  spanUs: number;
  groups: { group: string; us: number; share: number }[];
  top: { name: string; file: string; us: number }[];
}

export function summarise(profile: CpuProfile, opts: { from?: number; to?: number; top?: number } = {}): ProfileSummary {
  const resolve = resolver();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // A native frame (no url) is charged to its nearest JS caller's group: the driver's native
  // calls then count as the driver, JSON.parse inside the body parser as body parsing.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // A frame of no group of its own (a native call, a Node internal such as hashing or a socket
  // write) is charged to its nearest caller that has one: the driver's native calls then count as
  // the driver, JSON.parse in the body parser as body parsing, a socket write from the reply as the
  // reply. What no caller claims (the socket's reads, timers) is Node's HTTP stack or internals.
  const resolved = new Map<number, Resolved & { group: string }>();
  const info = (id: number): Resolved & { group: string } => {
    const known = resolved.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const r = resolve(node.callFrame);
    let group = ownGroup(r);
    if (group === undefined) {
      const p = parent.get(id);
      const up = p === undefined ? undefined : info(p);
      group = up && !FALLBACK.has(up.group) ? up.group : fallbackGroup(r);
    }
    const out = { ...r, group };
    resolved.set(id, out);
    return out;
  };
  const groupUs = new Map<string, number>();
  const fnUs = new Map<string, { name: string; file: string; us: number }>();
  let t = profile.startTime;
  let total = 0;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if ((opts.from !== undefined && t < opts.from) || (opts.to !== undefined && t > opts.to)) continue;
    // A sample's time is the gap to the next sample.
    const us = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const r = info(profile.samples[i]);
    first = Math.min(first, t);
    last = Math.max(last, t);
    total += us;
    groupUs.set(r.group, (groupUs.get(r.group) ?? 0) + us);
    const key = `${r.name} ${r.file}`;
    const f = fnUs.get(key) ?? { name: r.name, file: r.file, us: 0 };
    f.us += us;
    fnUs.set(key, f);
  }
  const groups = [...groupUs.entries()].map(([group, us]) => ({ group, us, share: us / total })).sort((a, b) => b.us - a.us);
  const top = [...fnUs.values()].sort((a, b) => b.us - a.us).slice(0, opts.top ?? 30);
  return { totalUs: total, spanUs: last - first, groups, top };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { from: { type: 'string' }, to: { type: 'string' }, per: { type: 'string' }, top: { type: 'string', default: '30' }, json: { type: 'boolean', default: false } },
  });
  if (!positionals.length) {
    console.error('usage: npx tsx bench/profile.ts FILE.cpuprofile [--from US] [--to US] [--per N] [--top N] [--json]');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8')) as CpuProfile;
  const s = summarise(profile, { from: values.from ? Number(values.from) : undefined, to: values.to ? Number(values.to) : undefined, top: Number(values.top) });
  if (values.json) {
    console.log(JSON.stringify(s, null, 2));
    process.exit(0);
  }
  const per = values.per ? Number(values.per) : undefined;
  const busy = s.totalUs - (s.groups.find((g) => g.group === 'idle')?.us ?? 0);
  console.log(`span ${(s.spanUs / 1e6).toFixed(2)} s, sampled ${(s.totalUs / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s${per ? `, ${per} requests` : ''}`);
  console.log('| group | ms | share of busy |' + (per ? ' µs a request |' : ''));
  console.log('| --- | ---: | ---: |' + (per ? ' ---: |' : ''));
  for (const g of s.groups) {
    const share = g.group === 'idle' ? '' : `${((g.us / busy) * 100).toFixed(1)} %`;
    console.log(`| ${g.group} | ${(g.us / 1000).toFixed(0)} | ${share} |` + (per ? ` ${(g.us / per).toFixed(1)} |` : ''));
  }
  console.log(`\ntop ${s.top.length} functions by self time:`);
  for (const f of s.top) console.log(`${(f.us / 1000).toFixed(0).padStart(7)} ms  ${f.name}  ${f.file}`);
}
