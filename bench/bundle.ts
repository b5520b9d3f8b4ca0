import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { ROOT, startPortalServer } from './server';

export interface Chunk {
  file: string;
  kB: number;
  gzipKB: number;
}

/** Bytes a browser transfers (compressed bodies and headers, as Chromium counts them) for one page. */
export interface PageTransfer {
  /** A fresh browser profile: nothing cached. */
  coldKB: number;
  coldRequests: number;
  /** The same page opened again in the same browser: hashed files from its cache, index.html revalidated. */
  warmKB: number;
  warmRequests: number;
}

export interface TransferResult {
  method: string;
  loginPage: PageTransfer;
  examPage: PageTransfer;
  /**
   * The exam page of a paper whose first question has math (the demo's math questions first), opened
   * at its own address: its formulas are typeset on the first screen.
   */
  mathExamPage?: PageTransfer & { mathElements: number; katexElements: number };
  /**
   * What moving on to the paper's first question with math adds on a cold cache (KaTeX's chunk,
   * stylesheet and the fonts its formulas use), once the exam page has loaded; absent when the paper has no math.
   */
  firstMathQuestion?: { question: number; kB: number; requests: number };
}

export interface BundleResult {
  buildMs: number;
  chunks: Chunk[];
  totalJsGzipKB: number;
  totalCssGzipKB: number;
  /** What the login page (/) loads: JS (and CSS) files, gzip-compressed sizes. */
  loginPage: { method: 'browser' | 'manifest'; jsGzipKB: number; cssGzipKB: number; files: string[] };
  /** What the login and exam pages cost a cold and a warm browser over HTTP (Chromium only). */
  transfer?: TransferResult;
  error?: string;
}

export interface FrontEndBuild {
  dir: string;
  buildMs: number;
  remove(): void;
}

/**
 * Builds the front end into a temporary folder (the project's dist/ is left alone) as `npm run build`
 * does: vite build, then the .br / .gz copies of scripts/precompress.mjs.
 */
export function buildFrontEnd(): FrontEndBuild {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-dist-'));
  fs.chmodSync(dir, 0o755); // nginx's workers read it too
  const started = performance.now();
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  const packed = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'precompress.mjs'), dir], { cwd: ROOT, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`precompress failed:\n${packed.stdout}\n${packed.stderr}`);
  return { dir, buildMs: Math.round(performance.now() - started), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const kB = (n: number) => Math.round(n / 102.4) / 10;
const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((c) => c && fs.existsSync(c));
}

/**
 * Builds the front end into a temporary folder (the project's dist/ is left alone), then reports
 * each chunk's size and gzip size, and what the login page loads: measured in headless Chromium
 * against the real server serving that build when Chromium is present, otherwise read from
 * Vite's manifest (the entry and its static imports).
 */
export async function measureBundle(frontEnd: FrontEndBuild): Promise<BundleResult> {
  const outDir = frontEnd.dir;
  const buildMs = frontEnd.buildMs;
  {

    const files = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    const sizes = new Map<string, { raw: number; gzip: number }>();
    for (const f of files) {
      const buf = fs.readFileSync(path.join(outDir, 'assets', f));
      sizes.set(`assets/${f}`, { raw: buf.length, gzip: gzipSize(buf) });
    }
    const chunks = [...sizes.entries()].map(([file, s]) => ({ file, kB: kB(s.raw), gzipKB: kB(s.gzip) })).sort((a, b) => b.gzipKB - a.gzipKB);
    const sum = (ext: string, list: string[]) => kB(list.filter((f) => f.endsWith(ext)).reduce((t, f) => t + (sizes.get(f)?.gzip ?? 0), 0));

    let loginFiles: string[] | undefined;
    let method: 'browser' | 'manifest' = 'manifest';
    let error: string | undefined;
    if (chromiumPath()) {
      try {
        loginFiles = await loginPageInBrowser(outDir);
        method = 'browser';
      } catch (err) {
        error = `browser measurement failed, used the manifest: ${(err as Error).message.split('\n')[0]}`;
      }
    }
    loginFiles ??= loginPageFromManifest(outDir);
    let transfer: TransferResult | undefined;
    if (chromiumPath()) {
      try {
        transfer = await measureTransfer(outDir);
      } catch (err) {
        error = `${error ? `${error}; ` : ''}transfer measurement failed: ${(err as Error).message.split('\n')[0]}`;
      }
    }
    const all = [...sizes.keys()];
    return {
      buildMs,
      chunks,
      totalJsGzipKB: sum('.js', all),
      totalCssGzipKB: sum('.css', all),
      loginPage: { method, jsGzipKB: sum('.js', loginFiles), cssGzipKB: sum('.css', loginFiles), files: loginFiles },
      ...(transfer ? { transfer } : {}),
      ...(error ? { error } : {}),
    };
  }
}

/** index.html's entry and everything it imports statically (what loads before any route's lazy chunk). */
function loginPageFromManifest(outDir: string): string[] {
  const manifestFile = [path.join(outDir, '.vite', 'manifest.json'), path.join(outDir, 'manifest.json')].find((f) => fs.existsSync(f));
  if (!manifestFile) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
  const out = new Set<string>();
  const visit = (key: string) => {
    const m = manifest[key];
    if (!m || out.has(m.file)) return;
    out.add(m.file);
    for (const c of m.css ?? []) out.add(c);
    for (const i of m.imports ?? []) visit(i);
  };
  for (const [key, m] of Object.entries(manifest)) if (m.isEntry) visit(key);
  return [...out];
}

/** Opens / in headless Chromium, served by the real server from the build, and lists the assets it fetched. */
async function loginPageInBrowser(outDir: string): Promise<string[]> {
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-login-'));
  const server = await startPortalServer({ DATA_DIR: dataDir, STATIC_DIR: outDir, DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const context = await browser.newContext();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    const seen = new Set<string>();
    page.on('request', (req) => {
      const u = new URL(req.url());
      if (u.host === new URL(server.url).host && /^\/assets\/.+\.(js|css)$/.test(u.pathname)) seen.add(u.pathname.slice(1));
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // The login form is on the page once the app has rendered.
    await page.waitForSelector('input[type="password"], input[name="password"]', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await context.close();
    return [...seen];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Opens the login page and the exam page in headless Chromium against the real server serving the
 * build (precompressed files, the caching of production; nginx sends the same files with the same
 * headers), and adds up what the network delivered for each: Chromium's encodedDataLength of every
 * response (compressed bodies plus headers; 0 for what its cache serves). Cold: a fresh profile.
 * Warm: the same page opened again in that profile. The exam page is the demo student's attempt on
 * the open demo quiz, opened at its own address with the session already stored.
 */
export async function measureTransfer(outDir: string): Promise<TransferResult> {
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-transfer-'));
  const server = await startPortalServer({ DATA_DIR: dataDir, STATIC_DIR: outDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: BROWSER_ARGS });
  try {
    type Page = Awaited<ReturnType<Awaited<ReturnType<typeof browser.newContext>>['newPage']>>;
    const measure = async (page: Page, url: string | undefined, ready: () => Promise<unknown>) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      let bytes = 0;
      let requests = 0;
      cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
        bytes += e.encodedDataLength;
        requests++;
      });
      if (url) await page.goto(url, { waitUntil: 'load' });
      await ready();
      await page.waitForLoadState('networkidle');
      await cdp.detach();
      return { kB: Math.round(bytes / 102.4) / 10, requests };
    };
    const twice = async (url: string, ready: (page: Page) => Promise<unknown>, storageState?: Parameters<typeof browser.newContext>[0]) => {
      const context = await browser.newContext(storageState);
      try {
        const page = await context.newPage();
        const cold = await measure(page, url, () => ready(page));
        const warm = await measure(page, url, () => ready(page));
        return { coldKB: cold.kB, coldRequests: cold.requests, warmKB: warm.kB, warmRequests: warm.requests };
      } finally {
        await context.close();
      }
    };
    const loginPage = await twice(`${server.url}/`, (page) => page.waitForSelector('input[type="password"]', { timeout: 30_000 }));

    // The demo student starts the open demo quiz (through the API), then opens the exam page cold.
    const api = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await fetch(`${server.url}${url}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as { success: boolean; message: string; data: any };
      if (!json.success) throw new Error(`${method} ${url}: ${json.message}`);
      return json.data;
    };
    const { token } = await api('POST', '/api/auth/login', undefined, { username: 'student', password: 'portal-demo', role: 'STUDENT', userTime: Date.now() });
    const available = (await api('GET', '/api/student/quizzes?state=available', token)) as { id: number }[];
    if (!available.length) throw new Error('the demo data has no open quiz for the demo student');
    const attemptId = ((await api('POST', `/api/student/quizzes/${available[0].id}/attempts`, token)) as { id: number }).id;
    // The session as the login page stores it, taken from a real sign-in in the browser.
    const setup = await browser.newContext();
    const setupPage = await setup.newPage();
    await setupPage.goto(`${server.url}/`);
    await setupPage.evaluate(({ token }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('role', 'STUDENT');
      localStorage.setItem('username', 'student');
    }, { token });
    const storageState = await setup.storageState();
    await setup.close();
    const examUrl = `${server.url}/student/exam/${attemptId}`;
    const firstQuestion = (page: Page) => page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor({ timeout: 30_000 });
    const examPage = await twice(examUrl, firstQuestion, { storageState });

    // KaTeX is fetched when a text with math is first shown: what the first such question adds, cold.
    const paper = (await api('GET', `/api/student/attempts/${attemptId}`, token)) as { questions: unknown[] };
    const mathAt = paper.questions.findIndex((q) => JSON.stringify(q).includes('$'));
    let firstMathQuestion: TransferResult['firstMathQuestion'];
    if (mathAt >= 0) {
      const context = await browser.newContext({ storageState });
      try {
        const page = await context.newPage();
        await measure(page, examUrl, () => firstQuestion(page));
        const n = mathAt + 1;
        const added = await measure(page, undefined, async () => {
          await page.getByRole('navigation', { name: 'Questions' }).getByRole('button', { name: new RegExp(`^Question ${n}\\b`) }).click();
          await page.locator('math').first().waitFor({ timeout: 30_000 });
          await page.evaluate(() => document.fonts.ready);
        });
        firstMathQuestion = { question: n, kB: added.kB, requests: added.requests };
      } finally {
        await context.close();
      }
    }
    // A paper whose first question has math: a copy of the demo quiz with the demo bank's questions
    // with math first, written straight into the server's database (a new quiz, nothing cached).
    const mathQuizId = addMathFirstQuiz(path.join(dataDir, 'portal.db'), available[0].id);
    const mathAttemptId = ((await api('POST', `/api/student/quizzes/${mathQuizId}/attempts`, token)) as { id: number }).id;
    const mathPaper = (await api('GET', `/api/student/attempts/${mathAttemptId}`, token)) as { questions: unknown[] };
    if (!JSON.stringify(mathPaper.questions[0]).includes('$')) throw new Error('the math-first paper does not start with math');
    let typeset = { mathElements: 0, katexElements: 0 };
    const mathExamPage = await twice(`${server.url}/student/exam/${mathAttemptId}`, async (page) => {
      await firstQuestion(page);
      await page.locator('math').first().waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready);
      typeset = await page.evaluate(() => ({ mathElements: document.querySelectorAll('math').length, katexElements: document.querySelectorAll('.katex').length }));
    }, { storageState });
    return {
      method: 'headless Chromium, CDP encodedDataLength, served by the Node server (precompressed build)',
      loginPage,
      examPage,
      mathExamPage: { ...mathExamPage, ...typeset },
      ...(firstMathQuestion ? { firstMathQuestion } : {}),
    };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Copies a quiz (same group, window and settings) as "<name>: math first" with the bank's questions
 * that hold math first, then the quiz's own others; returns the new quiz's id.
 */
function addMathFirstQuiz(sqliteFile: string, quizId: number): number {
  const db = new SQLite(sqliteFile);
  try {
    db.pragma('busy_timeout = 10000');
    return db.transaction(() => {
      const { id: _id, ...columns } = db.prepare('select * from quizzes where id = ?').get(quizId) as Record<string, unknown>;
      columns.name = `${String(columns.name)}: math first`;
      const names = Object.keys(columns);
      const newId = Number(db.prepare(`insert into quizzes (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`).run(...Object.values(columns)).lastInsertRowid);
      for (const row of db.prepare('select subject_id from quiz_subjects where quiz_id = ?').all(quizId) as { subject_id: number }[]) {
        db.prepare('insert into quiz_subjects (quiz_id, subject_id) values (?, ?)').run(newId, row.subject_id);
      }
      const withMath = (db.prepare("select id from questions where question like '%$%' or options like '%$%' order by id").all() as { id: number }[]).map((r) => r.id);
      if (!withMath.length) throw new Error('the demo bank has no question with math');
      const own = (db.prepare('select question_id from quiz_questions where quiz_id = ? order by position').all(quizId) as { question_id: number }[]).map((r) => r.question_id);
      const order = [...withMath, ...own.filter((q) => !withMath.includes(q))];
      order.forEach((questionId, position) => db.prepare('insert into quiz_questions (quiz_id, question_id, position) values (?, ?, ?)').run(newId, questionId, position));
      return newId;
    })();
  } finally {
    db.close();
  }
}
