import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, startPortalServer } from './server';

export interface Chunk {
  file: string;
  kB: number;
  gzipKB: number;
}

export interface BundleResult {
  buildMs: number;
  chunks: Chunk[];
  totalJsGzipKB: number;
  totalCssGzipKB: number;
  /** What the login page (/) loads: JS (and CSS) files, gzip-compressed sizes. */
  loginPage: { method: 'browser' | 'manifest'; jsGzipKB: number; cssGzipKB: number; files: string[] };
  error?: string;
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
export async function measureBundle(): Promise<BundleResult> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-bench-dist-'));
  try {
    const started = performance.now();
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' });
    const buildMs = Math.round(performance.now() - started);
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);

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
    const all = [...sizes.keys()];
    return {
      buildMs,
      chunks,
      totalJsGzipKB: sum('.js', all),
      totalCssGzipKB: sum('.css', all),
      loginPage: { method, jsGzipKB: sum('.js', loginFiles), cssGzipKB: sum('.css', loginFiles), files: loginFiles },
      ...(error ? { error } : {}),
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
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
