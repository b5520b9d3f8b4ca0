/**
 * `npm run bench:uploads`: hostile imports against the real server (built and started as
 * `npm run serve` does, on a fresh SQLite database with the demo data), while a small request
 * (GET /api/health, one at a time) keeps asking. For each scenario it prints the server's peak
 * resident memory (VmHWM, reset before the scenario), its memory a few seconds after, the
 * statuses of the imports and the longest answer time of the small request. A benchmark: it
 * never fails because a figure is high, only when the server cannot be started or dies.
 *
 * Scenarios: one workbook whose shared strings unpack to about 60 MB of text (0.3 MB on the
 * wire), four of them at once to the student upload, four 1.9 MB GIFT files at once to the
 * question import, and (the control) one valid 10,000-row student sheet.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { largeGift, sharedStringsWorkbook } from './uploadFiles';
import { startPortalServer, type ServerProcess } from './server';

const MB = 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upload-bench-'));

async function login(url: string, username: string, role: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'portal-demo', role, userTime: Date.now() }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function upload(url: string, token: string, fields: Record<string, string>, file: Buffer, filename: string): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return `${res.status} ${String(body.message ?? '').slice(0, 90)}`;
}

/** The small request runs in its own process (bench/stall-probe.ts): the attack's own work never delays it. */
function startProbe(url: string) {
  const child: ChildProcess = fork(path.join('bench', 'stall-probe.ts'), [url], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  return {
    async start() {
      const started = next<string>();
      child.send('start');
      await started;
    },
    async stop() {
      const stats = next<{ maxMs: number; count: number; p50: number }>();
      child.send('stop');
      return stats;
    },
    close: () => child.send('exit'),
  };
}
type Probe = ReturnType<typeof startProbe>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's own event-loop delay since the last call (bench/loop-delay.mjs), in ms. */
async function loopDelay(server: ServerProcess): Promise<{ max: number; p99: number; busy: number } | undefined> {
  const before = server.output().length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(20);
    const m = /event-loop-delay max=([\d.]+) p99=([\d.]+) busy=([\d.]+)/.exec(server.output().slice(Math.max(0, before - 200)).split('\n').filter((l) => l.startsWith('event-loop-delay')).at(-1) ?? '');
    if (m && server.output().length > before) return { max: Number(m[1]), p99: Number(m[2]), busy: Number(m[3]) };
  }
  return undefined;
}

async function scenario(server: ServerProcess, probe: Probe, name: string, run: () => Promise<string[]>) {
  await sleep(3000);
  const before = server.memory();
  server.resetPeak();
  await probe.start();
  await loopDelay(server);
  await sleep(200);
  const statuses = await run();
  await sleep(200);
  const probed = await probe.stop();
  const loop = await loopDelay(server);
  const peak = server.memory();
  await sleep(5000);
  const after = server.memory();
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  console.log(`\n${name}`);
  console.log(`  answers: ${[...counts].map(([s, n]) => `${n} x ${s}`).join('; ')}`);
  console.log(`  server RSS before ${before?.rssMb} MB, peak ${peak?.peakMb} MB, 5 s after ${after?.rssMb} MB`);
  console.log(`  small request: longest ${probed.maxMs} ms, median ${probed.p50} ms over ${probed.count} requests`);
  console.log(`  server event loop: longest delay ${loop?.max} ms (p99 ${loop?.p99} ms), of which the main thread was working ${loop?.busy} ms at most`);
  return { name, statuses: [...counts], rssBeforeMb: before?.rssMb, peakMb: peak?.peakMb, rssAfterMb: after?.rssMb, longestStallMs: probed.maxMs, loopDelayMaxMs: loop?.max, loopDelayP99Ms: loop?.p99, mainThreadBusyMs: loop?.busy };
}

// The server's event-loop delay is read from inside it (added to any flags given for profiling).
process.env.BENCH_SERVER_NODE_ARGS = `${process.env.BENCH_SERVER_NODE_ARGS ?? ''} --import ./bench/loop-delay.mjs`.trim();
const server = await startPortalServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'production', LOGIN_RATE_PER_MINUTE: '1000' });
const probe = startProbe(server.url);
try {
  const head = await login(server.url, 'department-head', 'DEPARTMENT-HEAD');
  const teacher = await login(server.url, 'teacher', 'TEACHER');
  const subjects = (await (await fetch(`${server.url}/api/subjects`, { headers: { authorization: `Bearer ${teacher}` } })).json()) as { data: { id: number }[] };
  const subject = String(subjects.data[0].id);
  const created = (await (
    await fetch(`${server.url}/api/modules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json' },
      body: JSON.stringify({ course_outcome_name: 'Bench module', subject_id: Number(subject) }),
    })
  ).json()) as { data: { id: number } };
  const module = String(created.data.id);

  const bomb = sharedStringsWorkbook();
  const gift = largeGift();
  const allowedGift = largeGift(1_000_000);
  const rows = [['fullname', 'username', 'email', 'phone'], ...Array.from({ length: 10_000 }, (_, i) => [`Student ${String.fromCharCode(65 + (i % 26))}`, `bench${i}`, `bench${i}@example.org`, String(9_000_000_000 + i)])];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Students');
  const sheet = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  console.log(`files: shared-strings workbook ${(bomb.length / MB).toFixed(2)} MB (about ${Math.round((12_000 * 5_000) / MB)} MB of text), GIFT ${(gift.length / MB).toFixed(2)} MB, valid sheet ${(sheet.length / MB).toFixed(2)} MB`);

  const students = (file: Buffer, name: string) => upload(`${server.url}/api/students/upload`, head, { semester: '3', batch: '2026' }, file, name);
  const questions = (file: Buffer, name: string) => upload(`${server.url}/api/questions/import`, teacher, { subject, module, format: 'gift' }, file, name);

  const results = [
    await scenario(server, probe, 'one shared-strings workbook (student upload)', async () => [await students(bomb, 'class.xlsx')]),
    await scenario(server, probe, 'four shared-strings workbooks at once (student upload)', () => Promise.all([0, 1, 2, 3].map(() => students(bomb, 'class.xlsx')))),
    await scenario(server, probe, 'four 1.9 MB GIFT files at once (question import)', () => Promise.all([0, 1, 2, 3].map(() => questions(gift, 'bank.gift')))),
    await scenario(server, probe, 'four 1 MB GIFT files at once, the largest allowed (question import)', () => Promise.all([0, 1, 2, 3].map(() => questions(allowedGift, 'bank.gift')))),
    await scenario(server, probe, 'control: one valid 10,000-row student sheet', async () => [await students(sheet, 'class.xlsx')]),
  ];
  const peak = Math.max(...results.map((r) => r.peakMb ?? 0));
  const stall = Math.max(...results.map((r) => r.longestStallMs));
  const attacks = results.slice(0, 3);
  console.log(`\nattack scenarios (the first three): peak RSS ${Math.max(...attacks.map((r) => r.peakMb ?? 0))} MB (target < 400), longest answer of the small request ${Math.max(...attacks.map((r) => r.longestStallMs))} ms, longest event-loop delay ${Math.max(...attacks.map((r) => r.loopDelayMaxMs ?? 0))} ms, of it the main thread working ${Math.max(...attacks.map((r) => r.mainThreadBusyMs ?? 0))} ms (target < 100)`);
  console.log(`all scenarios: peak RSS ${peak} MB, longest stall ${stall} ms`);
  fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join('bench', 'results', 'upload-attack.json'), `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  if (!server.alive()) throw new Error('the server died during the run');
} finally {
  probe.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
