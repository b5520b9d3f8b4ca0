import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import type { Role } from '../../src/schemas/roles';
import { chromiumPath, openQuizBody, signIn, useE2E } from './support';

/**
 * Exam integrity in Chromium: a fake camera fed from .y4m files made here from a photo that
 * @vladmandic/face-api ships (one face, two faces, none), the camera check before Start, a
 * no-face spell and a tab switch on the teacher's timeline, and a SEB quiz in plain Chromium.
 */

const W = 320;
const H = 240;
const FPS = 5;
const SAMPLES = path.resolve('node_modules/@vladmandic/face-api/demo');

type Frame = 'one' | 'two' | 'none';

/** I420 frames drawn by Chromium from the package's photos: sample2 shows one face (right side), sample1 two. */
async function framesOf(browser: Browser): Promise<Record<Frame, Buffer>> {
  const page = await browser.newPage();
  await page.route('http://fixtures.test/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (!name) return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>frames</title>' });
    return route.fulfill({ contentType: 'image/jpeg', body: fs.readFileSync(path.join(SAMPLES, name)) });
  });
  await page.goto('http://fixtures.test/');
  const frames = await page.evaluate(
    async ({ W, H }) => {
      const crop = async (src: string | null, sx: number, sy: number, sw: number, sh: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = W;
        canvas.height = H;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#808080';
        g.fillRect(0, 0, W, H);
        if (src) {
          const img = new Image();
          img.src = src;
          await img.decode();
          g.drawImage(img, sx, sy, sw, sh, 0, 0, W, H);
        }
        const { data } = g.getImageData(0, 0, W, H);
        // RGB to I420 (BT.601 full range, as C420jpeg says).
        const y = new Uint8Array(W * H);
        const u = new Uint8Array((W / 2) * (H / 2));
        const v = new Uint8Array((W / 2) * (H / 2));
        for (let j = 0; j < H; j++)
          for (let i = 0; i < W; i++) {
            const k = (j * W + i) * 4;
            const [r, gg, b] = [data[k], data[k + 1], data[k + 2]];
            y[j * W + i] = Math.max(0, Math.min(255, 0.299 * r + 0.587 * gg + 0.114 * b));
            if (j % 2 === 0 && i % 2 === 0) {
              const c = (j / 2) * (W / 2) + i / 2;
              u[c] = Math.max(0, Math.min(255, 128 - 0.168736 * r - 0.331264 * gg + 0.5 * b));
              v[c] = Math.max(0, Math.min(255, 128 + 0.5 * r - 0.418688 * gg - 0.081312 * b));
            }
          }
        return btoa(String.fromCharCode(...y, ...u, ...v));
      };
      /** The same face twice, side by side: two people in front of the camera. */
      const twice = async (src: string, sx: number, sy: number, sw: number, sh: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = W;
        canvas.height = H;
        const g = canvas.getContext('2d')!;
        const img = new Image();
        img.src = src;
        await img.decode();
        g.drawImage(img, sx, sy, sw, sh, 0, 0, W / 2, H);
        g.drawImage(img, sx, sy, sw, sh, W / 2, 0, W / 2, H);
        return crop(canvas.toDataURL('image/png'), 0, 0, W, H);
      };
      return {
        one: await crop('/sample2.jpg', 1120, 0, 800, 600),
        two: await twice('/sample2.jpg', 1320, 0, 440, 660),
        none: await crop(null, 0, 0, W, H),
      };
    },
    { W, H },
  );
  await page.close();
  return { one: Buffer.from(frames.one, 'base64'), two: Buffer.from(frames.two, 'base64'), none: Buffer.from(frames.none, 'base64') };
}

/** A Y4M file: a one-line header, then raw I420 frames; Chromium's fake camera loops it. */
function writeY4m(file: string, frames: Buffer[]) {
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const f of frames) parts.push(Buffer.from('FRAME\n'), f);
  fs.writeFileSync(file, Buffer.concat(parts));
}

const repeat = (frame: Buffer, seconds: number) => Array.from({ length: seconds * FPS }, () => frame);

describe('exam integrity in the browser', () => {
  const e = useE2E();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-camera-'));
  const cameras: Browser[] = [];
  const files = {} as Record<'one' | 'two' | 'none' | 'coverable', string>;

  beforeAll(async () => {
    const frames = await framesOf(e.browser);
    for (const kind of ['one', 'two', 'none'] as const) {
      files[kind] = path.join(dir, `${kind}.y4m`);
      writeY4m(files[kind], repeat(frames[kind], 2));
    }
    // A face for 6 seconds, then nobody for 8 (the face "covered"), over and over.
    files.coverable = path.join(dir, 'coverable.y4m');
    writeY4m(files.coverable, [...repeat(frames.one, 6), ...repeat(frames.none, 8)]);
  });
  // A camera page left open keeps its face detector sampling and takes the CPU from the next test.
  afterEach(async () => {
    for (const b of cameras.splice(0)) await b.close().catch(() => undefined);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A Chromium whose camera shows the given file. */
  async function withCamera(file: string): Promise<Page> {
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
    });
    cameras.push(browser);
    const context = await browser.newContext({ baseURL: e.server.url });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    return context.newPage();
  }

  async function api(token: string | null, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return (await res.json()) as { success: boolean; message: string; data: any };
  }
  const login = async (username: string, role: Role) =>
    (await api(null, '/auth/login', { method: 'POST', body: JSON.stringify({ username, password: DEMO_PASSWORD, role, userTime: Date.now() }) })).data.token as string;

  async function createQuiz(name: string, options: { face_detection?: boolean; safe_exam_browser?: boolean }) {
    const teacher = await login('teacher', 'TEACHER');
    const body = await api(teacher, '/quizzes', {
      method: 'POST',
      body: openQuizBody(name, [1, 3], { options, integrity_thresholds: { away_seconds: 60, events: 20, no_face_seconds: 2, multiple_faces_seconds: 2 } }),
    });
    expect(body.success, body.message).toBe(true);
    return { quizId: body.data.id as number, teacher };
  }

  const instructions = (quizId: number) => `/student/availableQuiz/instruction/${quizId}`;

  it('keeps Start disabled while the camera shows no face or two faces', { timeout: 90_000 }, async () => {
    const { quizId } = await createQuiz('Camera check quiz', { face_detection: true });
    for (const [file, status] of [
      [files.none, 'none'],
      [files.two, 'many'],
    ] as const) {
      const page = await withCamera(file);
      await signIn(page, 'student', 'STUDENT');
      await page.goto(instructions(quizId));
      await page.getByText('No picture and no video is sent or stored anywhere.').waitFor();
      expect(await page.getByRole('button', { name: 'Start exam' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Allow the camera' }).click();
      await page.locator(`[data-face-status="${status}"]`).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Start exam' }).isDisabled()).toBe(true);
    }
  });

  it('starts once one face is seen, and a covered face and a tab switch reach the teacher’s timeline', { timeout: 180_000 }, async () => {
    const { quizId, teacher } = await createQuiz('Proctored quiz', { face_detection: true });
    const page = await withCamera(files.coverable);
    // The camera tracks the page opens (the instruction page, then the exam page, in one document).
    await page.addInitScript(() => {
      const tracks: MediaStreamTrack[] = [];
      (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        tracks.push(...stream.getTracks());
        return stream;
      };
    });
    const cameraTracks = () => page.evaluate(() => (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => t.readyState));
    await signIn(page, 'student', 'STUDENT');
    try {
      await page.goto(instructions(quizId));
      await page.getByRole('button', { name: 'Allow the camera' }).click();
      await page.locator('[data-face-status="one"]').waitFor({ timeout: 30_000 });
    } catch (err) {
      throw new Error(`${String(err)}\nThe page at ${page.url()} shows:\n${await page.locator('body').innerText()}`);
    }
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const attemptId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('proctor-view').waitFor();

    // A tab switch. Headless Chromium keeps every tab visible and focused, so the page is told what
    // a real switch tells it: the document becomes hidden, then visible again 1.5 s later.
    await page.evaluate(async () => {
      const setVisibility = (state: 'hidden' | 'visible') => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      setVisibility('hidden');
      await new Promise((r) => setTimeout(r, 1500));
      setVisibility('visible');
    });

    // Wait for a whole no-face spell (8 s of the 14 s loop) to end with the face back.
    const status = page.getByTestId('proctor-view').locator('[data-face-status]');
    const waitForStatus = async (wanted: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 120; i++) {
        const now = await status.getAttribute('data-face-status');
        if (seen.at(-1) !== now) seen.push(String(now));
        if (now === wanted) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the camera corner never showed "${wanted}"; it showed ${seen.join(' -> ')}`);
    };
    await waitForStatus('none');
    await waitForStatus('one');
    // One camera at a time: the instruction page's is released, the exam page opened one.
    expect(await cameraTracks()).toEqual(['ended', 'live']);
    await page.getByRole('button', { name: 'Submit exam' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor();
    // Submitting turns the camera off.
    expect(await cameraTracks()).toEqual(['ended', 'ended']);

    let types: string[] = [];
    for (let i = 0; i < 30 && !(types.includes('no-face') && types.includes('tab-hidden')); i++) {
      await new Promise((r) => setTimeout(r, 1000));
      types = (await api(teacher, `/quizzes/${quizId}/attempts/${attemptId}/events`)).data.events.map((ev: { type: string }) => ev.type);
    }
    expect(types).toContain('no-face');
    expect(types).toContain('tab-hidden');
    const hidden = (await api(teacher, `/quizzes/${quizId}/attempts/${attemptId}/events`)).data.events.find((ev: { type: string }) => ev.type === 'tab-hidden');
    expect(hidden.durationMs).toBeGreaterThanOrEqual(1400);
    const summary = (await api(teacher, `/quizzes/${quizId}/integrity`)).data.rows[0];
    expect(summary.camera).toBe('consented');

    // The teacher's manage page draws it on the attempt's timeline.
    const { page: teacherPage } = await e.newPage();
    await signIn(teacherPage, 'teacher', 'TEACHER');
    await teacherPage.goto(`/teacher/quiz/manage/${quizId}`);
    await teacherPage.getByRole('button', { name: 'Timeline' }).click();
    await teacherPage.locator('[data-testid="integrity-timeline"] [data-event-type="no-face"]').first().waitFor();
  });

  it('shows a SEB quiz opened in plain Chromium the explanation, not Start', async () => {
    const { quizId } = await createQuiz('SEB quiz', { safe_exam_browser: true });
    const { page } = await e.newPage();
    const t0 = Date.now();
    const log: string[] = [];
    page.on('response', (r) => log.push(`${Date.now() - t0} ${r.status()} ${r.url()}`));
    page.on('console', (m) => log.push(`${Date.now() - t0} console ${m.text()}`));
    await signIn(page, 'student', 'STUDENT');
    await page.goto(instructions(quizId));
    try {
      await page.getByTestId('seb-required').waitFor();
    } catch (err) {
      throw new Error(`${String(err)}\n${log.join('\n')}\nPAGE: ${await page.locator('body').innerText()}`);
    }
    await page.getByText('This quiz must be taken in Safe Exam Browser with the configuration from your teacher').waitFor();
    expect(await page.getByRole('link', { name: 'Open in Safe Exam Browser' }).getAttribute('href')).toMatch(/^seb:\/\/127\.0\.0\.1:\d+\/api\/student\/quizzes\/\d+\/seb\?key=[0-9a-f]{64}$/);
    expect(await page.getByRole('button', { name: /Start exam|Resume exam/ }).count()).toBe(0);
    // The server refuses the instruction page without SEB's headers: the explanation is built from that refusal.
    await e.expectApiRefusals([`403 GET /api/student/quizzes/${quizId}`]);
  });
});
