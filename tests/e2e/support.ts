import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../support/testDb';
import { freePort, serveCommand } from '../../bench/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { rolePath, type Role } from '../../src/schemas/roles';

/** Chromium: $CHROMIUM_PATH, the system's package, or Playwright's own download on a developer's laptop. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((c) => c && fs.existsSync(c));
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];


export interface RunningServer {
  url: string;
  env: Record<string, string>;
  output: () => string;
  stop(): Promise<void>;
}

/** The real server, started the way users start it (`npm run serve`: the bundle built in globalSetup), on a fresh SQLite database. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer & { database: TestDatabase }> {
  const database = await createTestDatabase('sqlite');
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'true', ...database.env, ...extraEnv } as Record<string, string>;
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  let out = '';
  const child: ChildProcess = spawn(process.execPath, serveCommand(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    env,
    database,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await database.drop();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export interface E2E {
  server: RunningServer;
  browser: Browser;
  /** A fresh context (own storage) and page per test. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * The Content-Security-Policy violations the pages reported since the last call (the
   * securitypolicyviolation events and the console's "Refused to ..." lines), emptied by the call.
   * A test that expects one takes it with this; any left at the end of a test fail it.
   */
  takeCspViolations(): string[];
}

/** A console line that reports a Content-Security-Policy violation. */
const CSP_CONSOLE = /Refused to|Content Security Policy/i;

/**
 * Every page of the context reports each CSP violation twice over: the page's own
 * securitypolicyviolation event (through a binding) and the console line Chromium writes.
 */
async function watchCsp(context: BrowserContext, record: (line: string) => void): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (_source, line: string) => record(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation;
      report?.(`securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI}`);
    });
  });
  const watchPage = (page: Page) =>
    page.on('console', (message) => {
      if (CSP_CONSOLE.test(message.text())) record(`console ${message.type()}: ${message.text()} (${page.url()})`);
    });
  context.on('page', watchPage);
}

/** One real server and one Chromium for a test file. */
export function useE2E(extraEnv: Record<string, string> = {}): E2E {
  const e = {} as E2E;
  const contexts: BrowserContext[] = [];
  let violations: string[] = [];
  e.takeCspViolations = () => {
    const taken = violations;
    violations = [];
    return taken;
  };
  beforeAll(async () => {
    e.server = await startServer(extraEnv);
    e.browser = await launchBrowser();
    e.newPage = async () => {
      const context = await e.browser.newContext({ baseURL: e.server.url });
      contexts.push(context);
      // reCAPTCHA cannot load offline; nothing on these pages may reach another host.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      await watchCsp(context, (line) => violations.push(line));
      const page = await context.newPage();
      return { context, page };
    };
  });
  // The portal's pages must work under its Content-Security-Policy: a violation fails the test.
  afterEach(async () => {
    // A page reports a violation through a binding call that may land just after the test's last step.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const left = e.takeCspViolations();
    if (left.length) throw new Error(`Content-Security-Policy violations:\n${left.join('\n')}`);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await e.browser?.close();
    await e.server?.stop();
  });
  return e;
}

/** Fills the login form and presses Login (the caller waits for what should follow). */
export async function submitLogin(page: Page, username: string, role: Role, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in and waits for the role's own area. */
export async function signIn(page: Page, username: string, role: Role, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, username, role, password);
  await page.waitForURL(`**/${rolePath(role)}`);
}

/**
 * The body of POST /api/quizzes for a quiz of the demo teacher that is open now (it opened
 * 5 minutes ago and closes in an hour) for the demo group, published; `extra` adds or overrides fields.
 */
export function openQuizBody(
  name: string,
  questions: number[],
  { duration = 30, options = {}, ...extra }: { duration?: number; options?: Record<string, boolean> } & Record<string, unknown> = {},
): string {
  const now = Date.now();
  return JSON.stringify({
    name,
    subjects: ['1'],
    visible_from: new Date(now - 10 * 60_000).toISOString(),
    valid_from: new Date(now - 5 * 60_000).toISOString(),
    valid_to: new Date(now + 60 * 60_000).toISOString(),
    duration,
    group_id: 1,
    options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false, ...options },
    questions,
    published: true,
    ...extra,
  });
}
