import http from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/tables';
import { gradeAttempts as gradeMany } from '../server/exam/attempts';
import { configKeyOfPlist } from '../server/integrity/sebConfigKey';
import { writeWorkbook } from '../server/upload/workbook';
import { JsonClient } from './http';
import type { ServerProcess } from './server';
import { OpRecorder, type OpStats } from './stats';

/** Signs a staff member in and returns the bearer token. */
export async function signIn(url: string, username: string, password: string, role: string): Promise<string> {
  const client = new JsonClient(url);
  const res = await client.request({ method: 'POST', path: '/api/auth/login', body: { username, password, role } });
  client.close();
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/**
 * The Config Key of a SEB quiz as each server address computes it: the teacher downloads the
 * quiz's .seb file there (the address goes into the file, so into the key) and the key is
 * computed from the file by SEB's algorithm. Keyed by the address's origin.
 */
export async function sebConfigKeys(urls: string[], teacher: string, password: string, quizId: number): Promise<Record<string, string>> {
  const keys: Record<string, string> = {};
  for (const url of new Set(urls)) {
    const token = await signIn(url, teacher, password, 'TEACHER');
    const res = await fetch(`${url}/api/quizzes/${quizId}/seb`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`the .seb download of quiz ${quizId} failed: ${res.status} ${await res.text()}`);
    keys[new URL(url).origin] = configKeyOfPlist(await res.text());
  }
  return keys;
}

export interface ListVariant {
  name: string;
  filter: Record<string, unknown>;
  sort: [string, 'ASC' | 'DESC'];
}

export interface ListResult extends OpStats {
  name: string;
  filter: Record<string, unknown>;
  sort: [string, string];
  /** Rows the filter matches (from Content-Range). */
  total: number;
  pageSize: number;
  pages: number;
}

/**
 * The question bank's list page as the teacher's browser asks for it (react-admin's
 * ra-data-simple-rest: filter, sort, range), page after page, one request at a time.
 * One pass over the pages warms up and is not counted; then `repeats` passes are.
 */
export async function listPages(url: string, token: string, variants: ListVariant[], pages: number, repeats: number, pageSize = 25): Promise<ListResult[]> {
  const client = new JsonClient(url);
  const out: ListResult[] = [];
  for (const v of variants) {
    const rec = new OpRecorder();
    let total = 0;
    for (let pass = 0; pass <= repeats; pass++) {
      for (let p = 0; p < pages; p++) {
        const qs = new URLSearchParams({ filter: JSON.stringify(v.filter), sort: JSON.stringify(v.sort), range: JSON.stringify([p * pageSize, p * pageSize + pageSize - 1]) });
        const res = await client.request({ method: 'GET', path: `/api/questions?${qs}`, token });
        const ok = res.status === 200 && Array.isArray(res.body?.data);
        if (pass > 0) rec.record(res.startedAt, res.endedAt, ok);
        if (!ok) throw new Error(`list ${v.name} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
      if (pass === 0) {
        const qs = new URLSearchParams({ filter: JSON.stringify(v.filter), sort: JSON.stringify(v.sort), range: '[0,0]' });
        total = await countOf(url, token, qs.toString());
      }
    }
    out.push({ ...rec.summary(), name: v.name, filter: v.filter, sort: v.sort, total, pageSize, pages });
  }
  client.close();
  return out;
}

/** The total of a list from its Content-Range header. */
function countOf(url: string, token: string, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(`${url}/api/questions?${query}`);
    http
      .get(u, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(Number(/\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1] ?? 0)));
      })
      .on('error', reject);
  });
}

export interface ImportResult {
  rows: number;
  status: number;
  imported: number;
  ms: number;
  fileKb: number;
  /** The server's peak resident memory during the import (its high-water mark was reset just before). */
  peakRssMb?: number;
  rssBeforeMb?: number;
  message?: string;
}

/** A student sheet of `rows` valid, distinct rows in the template's columns. */
export function studentSheet(rows: number, prefix = 'imp'): Buffer {
  const first = ['Asha', 'Vikram', 'Meera', 'Rohan', 'Divya', 'Kiran', 'Nikhil', 'Priya', 'Suresh', 'Tara'];
  const last = ['Kumar', 'Sharma', 'Nair', 'Iyer', 'Patel', 'Rao', 'Das', 'Gupta', 'Joshi', 'Khan'];
  const data = Array.from({ length: rows }, (_, i) => {
    const n = String(i + 1).padStart(6, '0');
    return [`${first[i % 10]} ${last[Math.floor(i / 10) % 10]}`, `${prefix}.${n}`, `${prefix}.${n}@sheet.example`, String(8000000000 + i)];
  });
  return writeWorkbook('Students', ['fullname', 'username', 'email', 'phone'], data);
}

/** Uploads the sheet as the student upload page does (multipart: semester, batch, file). */
export async function importSheet(server: ServerProcess, token: string, rows: number, timeoutMs = 30 * 60_000): Promise<ImportResult> {
  const file = studentSheet(rows);
  const boundary = `----bench${Date.now().toString(16)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('semester', '4') + field('batch', '2027')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const before = server.memory();
  const reset = server.resetPeak();
  const u = new URL(`${server.url}/api/students/upload`);
  const started = performance.now();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('import timed out')));
    req.on('error', reject);
    req.end(body);
  });
  const ms = Math.round(performance.now() - started);
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const after = server.memory();
  return {
    rows,
    status,
    imported: Number(parsed?.data?.imported ?? 0),
    ms,
    fileKb: Math.round(file.length / 102.4) / 10,
    peakRssMb: reset ? after?.peakMb : undefined,
    rssBeforeMb: before?.rssMb,
    message: status === 201 ? undefined : String(parsed?.message ?? text).slice(0, 300),
  };
}

export interface GradingResult {
  attempts: number;
  answers: number;
  ms: number;
  perAttemptMs: number;
}

/**
 * Grades submitted attempts again with the server's own code for grading many at once
 * (gradeAttempts: what the deadline sweep runs when an exam ends and the attempts whose browser
 * is gone close together), in this process against the benchmark's database. There is no
 * bulk-grading route to call over HTTP.
 */
export async function gradeAttempts(db: Kysely<Database>, quizIds: number[], max: number): Promise<GradingResult> {
  const ids = (await db.selectFrom('attempts').select('id').where('quiz_id', 'in', quizIds).where('status', '=', 'submitted').orderBy('id').limit(max).execute()).map((r) => r.id);
  const answers = ids.length
    ? Number((await db.selectFrom('answers').select((eb) => eb.fn.countAll().as('n')).where('attempt_id', 'in', ids).executeTakeFirstOrThrow()).n)
    : 0;
  const started = performance.now();
  await gradeMany(db, ids);
  const ms = Math.round(performance.now() - started);
  return { attempts: ids.length, answers, ms, perAttemptMs: ids.length ? Math.round((ms / ids.length) * 100) / 100 : 0 };
}
