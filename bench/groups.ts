/**
 * `npm run bench:groups`: how long the server takes to open and to save a group of 1,000 students,
 * the way the group form does it: open is GET /api/groups/:id plus the members in one page of the
 * students list (filter `groups`), save is PUT /api/groups/:id with the whole member list (one
 * student swapped, so the links really change). The real app runs in this process on a fresh
 * database with the demo data (SQLite, and PostgreSQL when reachable); requests go through
 * Fastify's inject, so the figures are the server's own time, without a network. A benchmark: it
 * prints figures and fails only when a request fails.
 *
 * Then the students list's export (GET /api/students/list-export) of `--export-rows` rows (default
 * 100,000, the most an export holds) as CSV and as XLSX: its time, and the longest the event loop
 * was held meanwhile (the longest gap between the ticks of a 5 ms timer): what an exam's saves in
 * the same process would have waited at worst.
 *
 *   npm run bench:groups                       # SQLite and PostgreSQL, 1,000 students, 15 rounds
 *   npm run bench:groups -- --configs sqlite --students 2000 --rounds 5
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { startPortal, type Portal } from '../server/start';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { createBenchDatabase, postgresReachable, type DbKind } from './db';

const { values: args } = parseArgs({
  options: {
    configs: { type: 'string', default: 'sqlite,postgres' },
    students: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '15' },
    'export-rows': { type: 'string', default: '100000' },
  },
});
const STUDENTS = Number(args.students);
const ROUNDS = Number(args.rounds);
const EXPORT_ROWS = Number(args['export-rows']);
/** The issue's bound for each of open and save, on the server. */
const TARGET_MS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const max = (values: number[]) => Math.max(...values);

async function call(portal: Portal, token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await portal.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as { data: any };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

async function benchOne(kind: DbKind) {
  const database = await createBenchDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'true', STATIC_DIR: './no-front-end', ATTEMPT_SWEEP_SECONDS: '0', CALIBRATION_SWEEP_SECONDS: '0', ...database.env });
  const portal = await startPortal(config, false);
  try {
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'department-head', password: DEMO_PASSWORD, role: 'DEPARTMENT-HEAD', userTime: Date.now() },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const head = await portal.database.db.selectFrom('users').select(['institute_id', 'department_id', 'id']).where('username', '=', 'department-head').executeTakeFirstOrThrow();

    // The students, written directly (the API's one-by-one creation is not what is measured).
    const now = Date.now();
    const rows = Array.from({ length: STUDENTS + 1 }, (_, i) => ({
      role: 'STUDENT' as const,
      username: `grp-bench-${i}`,
      password_hash: 'x',
      fullname: `Bench Student ${String(i).padStart(5, '0')}`,
      email: `grp-bench-${i}@bench.example`,
      institute_id: head.institute_id,
      department_id: head.department_id,
      batch: '2026',
      semester: '3',
      must_change_password: 1,
      created_by: head.id,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await portal.database.db.insertInto('users').values(rows.slice(i, i + 200)).execute();
    const ids = (await portal.database.db.selectFrom('users').select('id').where('username', 'like', 'grp-bench-%').orderBy('id').execute()).map((r) => r.id);
    const members = ids.slice(0, STUDENTS);
    const spare = ids[STUDENTS];

    const [created, createMs] = await timed(() => call(portal, token, 'POST', '/api/groups', { groupName: 'Bench group', students: members }));
    const groupId = created.data.id as number;
    const membersUrl = `/api/students?filter=${encodeURIComponent(JSON.stringify({ groups: groupId }))}&range=${encodeURIComponent('[0,999]')}&sort=${encodeURIComponent('["fullname","ASC"]')}`;

    const open: number[] = [];
    const save: number[] = [];
    let current = members;
    for (let round = 0; round < ROUNDS; round++) {
      const [, openMs] = await timed(async () => {
        const group = await call(portal, token, 'GET', `/api/groups/${groupId}`);
        const page = await call(portal, token, 'GET', membersUrl);
        if (group.data.students.length !== STUDENTS || page.data.length !== Math.min(STUDENTS, 1000)) throw new Error('the group did not open whole');
      });
      open.push(openMs);
      // Swap one student in and one out, as an edit does.
      current = round % 2 === 0 ? [...current.slice(1), spare] : [...members];
      const [, saveMs] = await timed(() => call(portal, token, 'PUT', `/api/groups/${groupId}`, { groupName: 'Bench group', students: current }));
      save.push(saveMs);
    }
    // The first round warms caches and compiles the code paths; it is reported apart.
    const line = (name: string, values: number[]) =>
      `  ${name.padEnd(5)} first ${values[0].toFixed(0).padStart(4)} ms, median ${median(values.slice(1)).toFixed(0).padStart(4)} ms, max ${max(values.slice(1)).toFixed(0).padStart(4)} ms  ${max(values.slice(1)) < TARGET_MS ? 'under' : 'OVER'} ${TARGET_MS} ms`;
    console.log(`${database.describe}: a group of ${STUDENTS} students (create ${createMs.toFixed(0)} ms), ${ROUNDS} rounds`);
    console.log(line('open', open));
    console.log(line('save', save));

    // The list export: students up to EXPORT_ROWS in the head's department, all of them exported.
    const have = ids.length;
    for (let i = have; i < EXPORT_ROWS; i += 500) {
      const batch = rows.slice(0, Math.min(500, EXPORT_ROWS - i)).map((row, k) => ({ ...row, username: `exp-bench-${i + k}`, email: `exp-bench-${i + k}@bench.example`, fullname: `Export Student ${i + k}` }));
      await portal.database.db.insertInto('users').values(batch).execute();
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const url = `/api/students/list-export?format=${format}&filter=${encodeURIComponent(JSON.stringify({ q: 'bench' }))}`;
      // A 5 ms tick: the longest gap between two ticks is the longest the loop was held (its 5 ms aside).
      let last = performance.now();
      let held = 0;
      const tick = setInterval(() => {
        const at = performance.now();
        held = Math.max(held, at - last - 5);
        last = at;
      }, 5);
      const [res, ms] = await timed(() => portal.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }));
      // One more tick after the answer, to see a block that ended with it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(tick);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const lines = format === 'csv' ? res.body.split('\n').filter((line) => line.trim() !== '').length - 1 : undefined;
      console.log(
        `  export ${format.padEnd(4)} ${(ms / 1000).toFixed(1)} s, ${(res.rawPayload.length / 1e6).toFixed(1)} MB${lines === undefined ? '' : `, ${lines} rows`}; event loop held at most ${held.toFixed(0)} ms`,
      );
    }
  } finally {
    await portal.close();
    await database.drop();
  }
}

const wanted = args.configs.split(',').map((c) => c.trim()) as DbKind[];
for (const kind of wanted) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('PostgreSQL: not reachable, skipped');
    continue;
  }
  await benchOne(kind);
}
