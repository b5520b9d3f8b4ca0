import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import dayjs, { type Dayjs } from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../support/testDb';
import { freePort, serveCommand } from '../../bench/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { AXE_CLAIMS } from './axeClaims';
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
  /** The pages that scrolled sideways (watchHorizontalOverflow) since the last call, emptied by the call; any left at the end of a test fail it. */
  takeOverflows(): string[];
  /**
   * The API's refusals and failures (status 400 and above) that the pages received since the last
   * call, each once, as `405 GET /api/profile`, emptied by the call; any left at the end of a test
   * fail it: a screen whose request is refused and says nothing is a defect the user never sees.
   */
  takeApiRefusals(): string[];
  /** For a test that expects refusals (a wrong password, a refused file): waits until those taken are exactly `expected` (each once, in any order). */
  expectApiRefusals(expected: string[]): Promise<void>;
  /** The pages that navigated in a loop (watchNavigationLoops) since the last call, emptied by the call; any left at the end of a test fail it. */
  takeNavigationLoops(): string[];
  /** The errors the pages' scripts threw and nobody caught (uncaught exceptions, unhandled rejections) since the last call, emptied by the call; any left at the end of a test fail it. */
  takePageErrors(): string[];
}

/** What the pages report while a test runs: `record` adds a line, `take` returns them and starts afresh. */
function collector(unique = false) {
  let lines: string[] = [];
  return {
    record: (line: string) => void lines.push(line),
    take: (): string[] => {
      const taken = unique ? [...new Set(lines)] : lines;
      lines = [];
      return taken;
    },
  };
}

/**
 * A page that makes more than `NAVIGATION_LOOP_ENTRIES` history entries (pushState, replaceState)
 * within a second is navigating in a loop: after a revoked session, react-admin signing out again
 * and again once made thousands, with a blank page for over ten seconds. No screen of the portal
 * navigates that often on its own; reported once per page and path.
 */
export const NAVIGATION_LOOP_ENTRIES = 50;
async function watchNavigationLoops(context: BrowserContext, record: (line: string) => void): Promise<void> {
  await context.exposeBinding('__reportNavigationLoop', (_source, line: string) => record(line));
  await context.addInitScript((limit: number) => {
    const times: number[] = [];
    const reported = new Set<string>();
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        const now = performance.now();
        times.push(now);
        while (times.length && times[0] < now - 1000) times.shift();
        if (times.length > limit && !reported.has(location.pathname)) {
          reported.add(location.pathname);
          const report = (window as unknown as { __reportNavigationLoop?: (line: string) => void }).__reportNavigationLoop;
          report?.(`${location.pathname}: more than ${limit} history entries within a second (last: ${method} ${String(args[2])})`);
        }
        original(...args);
      };
    }
  }, NAVIGATION_LOOP_ENTRIES);
}

/** Every response of the portal's API with a status of 400 or more that a page of the context receives. */
function watchApiRefusals(context: BrowserContext, record: (line: string) => void): void {
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname.startsWith('/api/')) record(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
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

/**
 * No page of the portal may scroll sideways at 1280 px wide or wider. Every page of the context
 * measures itself four times a second (document.documentElement.scrollWidth against the window's
 * width, from 1280 px up) and reports, once per path, an overflow that lasted a second (so that a
 * transition in progress is not taken for a layout that overflows). `OVERFLOW_MIN_WIDTH` below
 * is not checked (phone layouts have tests of their own).
 */
export const OVERFLOW_MIN_WIDTH = 1280;
async function watchHorizontalOverflow(context: BrowserContext, record: (line: string) => void): Promise<void> {
  await context.exposeBinding('__reportHorizontalOverflow', (_source, line: string) => record(line));
  await context.addInitScript((minWidth: number) => {
    if (window !== window.top) return;
    const reported = new Set<string>();
    let since = 0;
    setInterval(() => {
      const width = window.innerWidth;
      const scrollWidth = document.documentElement.scrollWidth;
      if (width < minWidth || scrollWidth <= width) {
        since = 0;
        return;
      }
      since ||= Date.now();
      if (Date.now() - since < 1000 || reported.has(location.pathname)) return;
      reported.add(location.pathname);
      const report = (window as unknown as { __reportHorizontalOverflow?: (line: string) => void }).__reportHorizontalOverflow;
      report?.(`${location.pathname}: scrollWidth ${scrollWidth} > window ${width}`);
    }, 250);
  }, OVERFLOW_MIN_WIDTH);
}

/** axe-core's rules of WCAG 2.2 A and AA (2.0, 2.1 and 2.2 levels). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let axeSource: string | undefined;

/** axe-core's violations of WCAG 2.2 A/AA on the page as it is now, one line each (rule, help, the elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  // Evaluated through the browser's debugging protocol, as a console would: an inline <script> tag
  // would be refused by the portal's Content-Security-Policy (no inline script).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join('; ')})`,
    );
  }, WCAG_TAGS);
}

/**
 * The screens (and dialogs) already scanned in this run of the suite, by key and theme: the same
 * screen is scanned once per theme in the whole run, whichever file reaches it first. A claim is a
 * file named by the key's hash in `AXE_CLAIMS` (emptied by the e2e global setup before each run),
 * created exclusively, so two files running at once never both scan it.
 */
const scannedScreens = new Set<string>();
function claimScan(key: string): boolean {
  if (scannedScreens.has(key)) return false;
  scannedScreens.add(key);
  try {
    fs.mkdirSync(AXE_CLAIMS, { recursive: true });
    fs.writeFileSync(path.join(AXE_CLAIMS, createHash('sha1').update(key).digest('hex')), `${key}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A screen's key: its path with the numbers (ids) made general, `/teacher/quiz/analysis/:n`. */
export const screenKey = (url: string) => new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:n');

/** Waits (up to 10 s) for the page to stop showing progress: react-admin's loading screen and bar, a screen's spinner, skeleton or upload bar. */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.readyState === 'complete' && !document.querySelector('[role="progressbar"], .MuiSkeleton-root, .RaLoading-root'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  // Then for the transitions under way (a menu or dialog growing in, a colour fading) to end: axe
  // reads colours as drawn, and a menu half faded in has its text blended into the page. Endless
  // animations (spinners) are not waited for; at most 3 s.
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ]),
    )
    .catch(() => undefined);
}

/**
 * Counts the page's requests in flight from now on; `quiet()` resolves once none has been in
 * flight for `quietMs` counted from the call at the earliest (up to `timeoutMs`): the screen's
 * data and the chunks it loads on demand have arrived. Playwright's `networkidle` load state
 * covers a page load only, not a move inside the app.
 */
function watchNetwork(page: Page) {
  let inFlight = 0;
  let quietSince = 0;
  const started = () => void inFlight++;
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) quietSince = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async function quiet(quietMs = 400, timeoutMs = 15_000): Promise<void> {
    quietSince = Math.max(quietSince, Date.now());
    try {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - quietSince < quietMs)) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
  };
}

/**
 * Opens a path of the portal inside the running app, as a user moves between screens: a click on
 * the page's own link to it when one is shown (a menu entry), otherwise the router's history (a
 * screen reached from a button or the user menu). No reload: the app, the session and the
 * signed-in user stay as they are. Then waits for the screen to settle: the path shown, the
 * network quiet for 400 ms after that (its data and chunks arrived), no progress indicator, no
 * transition under way, and two frames drawn.
 */
export async function openInApp(page: Page, pathname: string): Promise<void> {
  const quiet = watchNetwork(page);
  const link = page.locator(`a[href="${pathname}"]:visible`).first();
  if (await link.count()) await link.click();
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, pathname);
  await page.waitForURL((url) => url.pathname === pathname);
  await quiet();
  await settled(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * axe-core (WCAG 2.2 AA) finds nothing on the page as it is now, in the light theme and in the
 * dark one (the system's `prefers-color-scheme` emulated dark, which the portal follows unless the
 * user chose otherwise); throws listing the violations. `label` names what is scanned when it is
 * more than the screen (a dialog, a state); by default the screen's path. A screen already
 * scanned in this run of the suite (by any file) is not scanned again. The page comes back in the light scheme.
 */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  const key = label ?? screenKey(page.url());
  const found: string[] = [];
  const schemes = (['light', 'dark'] as const).filter((scheme) => claimScan(`${key} (${scheme})`));
  if (schemes.length === 0) return;
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === 'dark') {
      // React redraws in the new theme (when the browser is next idle, however loaded the machine), then
      // MUI's colour transitions (buttons, labels, inputs) take up to 300 ms.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
      await page.waitForTimeout(300);
    }
    await settled(page);
    found.push(...(await axeViolations(page)).map((line) => `${key} (${scheme}): ${line}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 }))).catch(() => undefined);
  if (found.length) throw new Error(`axe-core (WCAG 2.2 AA) violations:\n${found.join('\n')}`);
}

/** How much of a page's accessibility tree a failed test prints. */
const FAILED_PAGE_LINES = 80;

/** One real server and one Chromium for a test file. */
export function useE2E(extraEnv: Record<string, string> = {}): E2E {
  const e = {} as E2E;
  const contexts: BrowserContext[] = [];
  // CSP keeps every report (its test reads both of a violation's reports); the others, each line once.
  const violations = collector();
  const overflows = collector();
  const apiRefusals = collector(true);
  const navigationLoops = collector(true);
  const pageErrors = collector(true);
  e.takeCspViolations = violations.take;
  e.takeOverflows = overflows.take;
  e.takeApiRefusals = apiRefusals.take;
  e.takeNavigationLoops = navigationLoops.take;
  e.takePageErrors = pageErrors.take;
  e.expectApiRefusals = async (expected) => {
    const seen = new Set<string>();
    const received = () => {
      for (const line of e.takeApiRefusals()) seen.add(line);
      return [...seen].sort();
    };
    await expect.poll(received, { message: 'the API refusals the pages received' }).toEqual([...new Set(expected)].sort());
  };
  beforeAll(async () => {
    e.server = await startServer(extraEnv);
    e.browser = await launchBrowser();
    e.newPage = async () => {
      const context = await e.browser.newContext({ baseURL: e.server.url, viewport: { width: OVERFLOW_MIN_WIDTH, height: 720 } });
      contexts.push(context);
      // reCAPTCHA cannot load offline; nothing on these pages may reach another host.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      await watchCsp(context, violations.record);
      await watchHorizontalOverflow(context, overflows.record);
      await watchNavigationLoops(context, navigationLoops.record);
      watchApiRefusals(context, apiRefusals.record);
      context.on('page', (page) => page.on('pageerror', (error) => pageErrors.record(`${new URL(page.url()).pathname}: ${String(error).split('\n')[0]}`)));
      const page = await context.newPage();
      return { context, page };
    };
  });
  // A failed test prints what each of its pages showed (address and accessibility tree), so that a
  // failure seen only in a CI log can be read there.
  beforeEach((context) => {
    context.onTestFailed(async () => {
      for (const page of contexts.flatMap((c) => c.pages()).filter((p) => !p.isClosed())) {
        const tree = await page.locator('body').ariaSnapshot({ timeout: 2_000 }).catch((error: Error) => `(no snapshot: ${error.message.split('\n')[0]})`);
        const lines = tree.split('\n');
        const shown = lines.length > FAILED_PAGE_LINES ? [...lines.slice(0, FAILED_PAGE_LINES), `… ${lines.length - FAILED_PAGE_LINES} more lines`] : lines;
        console.error(`The page at ${page.url()} when the test failed:\n${shown.join('\n')}`);
      }
    });
  });
  // The portal's pages must work under its Content-Security-Policy: a violation fails the test, and
  // so does an API refusal the test did not expect (e.expectApiRefusals), a page navigating in a loop
  // and an error a page threw that nobody caught.
  // Every page a test leaves open is scanned by axe-core as it is at the end (expectAccessible).
  afterEach(async () => {
    // The API's Swagger UI (/api/docs) is a third-party page, not one of the portal's screens.
    const open = contexts
      .flatMap((context) => context.pages())
      .filter((page) => !page.isClosed() && page.url().startsWith(e.server.url) && !new URL(page.url()).pathname.startsWith('/api/'));
    const inaccessible: string[] = [];
    for (const page of open) {
      await expectAccessible(page).catch((error: Error) => {
        // A page that is navigating or closing as the test ends has no screen to scan.
        if (error.message.startsWith('axe-core')) inaccessible.push(error.message);
      });
    }
    // A page reports a violation through a binding call that may land just after the test's last step.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const left = e.takeCspViolations();
    if (left.length) throw new Error(`Content-Security-Policy violations:\n${left.join('\n')}`);
    const wide = e.takeOverflows();
    if (wide.length) throw new Error(`Pages that scroll sideways at ${OVERFLOW_MIN_WIDTH} px or wider:\n${wide.join('\n')}`);
    const thrown = e.takePageErrors();
    if (thrown.length) throw new Error(`Errors the pages threw and nobody caught:\n${thrown.join('\n')}`);
    const loops = e.takeNavigationLoops();
    if (loops.length) throw new Error(`Pages that navigated in a loop:\n${loops.join('\n')}`);
    const refused = e.takeApiRefusals();
    if (refused.length) throw new Error(`API requests of the pages refused or failed, which the test did not expect (e.expectApiRefusals):\n${refused.join('\n')}`);
    if (inaccessible.length) throw new Error(inaccessible.join('\n'));
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
  // The area's first screen, once shown, is scanned by axe-core (once per file and theme).
  await page.locator('main').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  await expectAccessible(page);
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

/** A label as MUI gives it to a required field (' *' may follow). */
export const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/**
 * Types a date and time into one of the quiz form's MUI X DateTimePickers the way a person does:
 * click its first section (month) and type MM DD YY hh mm and AM/PM, then check the whole date was taken.
 */
export async function typeQuizDateTime(page: Page, label: 'Visible from' | 'Valid from' | 'Valid to', when: Dayjs): Promise<void> {
  const field = page.getByRole('group', { name: named(label) });
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(when.format('MMDDYYhhmmA'));
  const inputId = { 'Visible from': 'quiz-visible-from', 'Valid from': 'quiz-valid-from', 'Valid to': 'quiz-valid-to' }[label];
  await expect.poll(() => page.locator(`#${inputId}`).inputValue()).toBe(when.format('MM/DD/YY hh:mm A'));
}

/**
 * In the quiz form (create page open): name, the subject, the group, a window that opened two
 * minutes ago and closes in three hours, a 30-minute duration, the given bank questions as fixed
 * questions in this order (each found by its search text), published; then saves and waits for the quiz list.
 */
export async function createOpenQuizInForm(
  page: Page,
  { name, subject, group, fixed }: { name: string; subject: string; group: string; fixed: { id: number; search: string }[] },
): Promise<void> {
  const textbox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: named(label) });
  await page.getByRole('heading', { name: 'Create quiz', level: 1 }).waitFor();
  await textbox(page, 'Name').fill(name);
  await page.getByRole('combobox', { name: named('Subjects') }).click();
  await page.getByRole('option', { name: subject, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: named('Group') }).click();
  await page.getByRole('option', { name: group, exact: true }).click();

  const opens = dayjs().startOf('minute').subtract(2, 'minute');
  await typeQuizDateTime(page, 'Visible from', opens.subtract(10, 'minute'));
  await typeQuizDateTime(page, 'Valid from', opens);
  await typeQuizDateTime(page, 'Valid to', opens.add(3, 'hour'));
  await textbox(page, 'Duration (minutes)').fill('30');

  await page.getByRole('button', { name: 'Pick from the bank' }).click();
  const picker = page.getByRole('dialog', { name: 'Pick questions from the bank' });
  for (const q of fixed) {
    await picker.getByRole('searchbox', { name: 'Search question text' }).fill(q.search);
    await picker.getByRole('checkbox', { name: `Question ${q.id} in the paper` }).check();
  }
  const count = `${fixed.length} fixed ${fixed.length === 1 ? 'question' : 'questions'} in the paper`;
  await picker.getByRole('status').filter({ hasText: count }).waitFor();
  await picker.getByRole('button', { name: 'Done' }).click();
  await picker.waitFor({ state: 'detached' });
  const listed = page.getByRole('list', { name: 'Fixed questions in paper order' }).getByRole('listitem');
  await expect.poll(() => listed.count()).toBe(fixed.length);
  for (const [index, q] of fixed.entries()) expect(await listed.nth(index).textContent()).toContain(q.search);

  await page.getByRole('switch', { name: /^Published/ }).check();
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await page.waitForURL((url) => url.pathname === '/teacher/quiz');
}

/**
 * Calls of the real API as a user, for a test's set-up and checks: `apiAs(token, path, init)`
 * answers the status and the envelope; `login(username, role)` signs a demo account in and answers its token.
 */
export function apiClient(e: E2E) {
  async function apiAs(token: string | null, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: any } };
  }
  const login = async (username: string, role: Role) =>
    (await apiAs(null, '/auth/login', { method: 'POST', body: JSON.stringify({ username, password: DEMO_PASSWORD, role, userTime: Date.now() }) })).body.data.token as string;
  return { apiAs, login };
}
