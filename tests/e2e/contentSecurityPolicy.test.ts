import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support';

/**
 * The Content-Security-Policy in a real browser: every page of every end-to-end test already
 * fails on a violation (support.ts); here, what the policy must stop is tried on purpose.
 */

describe('the Content-Security-Policy in the browser', () => {
  const e = useE2E();
  /**
   * Another origin (this machine, another port) that answers every request with a tiny PNG and
   * counts them: the browser reaches it for real unless the policy stops the request.
   */
  const elsewhere = { hits: [] as string[], server: undefined as http.Server | undefined, origin: '' };
  beforeAll(async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    elsewhere.server = http.createServer((req, res) => {
      elsewhere.hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(png);
    });
    await new Promise<void>((resolve) => elsewhere.server!.listen(0, '127.0.0.1', resolve));
    elsewhere.origin = `http://127.0.0.1:${(elsewhere.server!.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (elsewhere.server ? elsewhere.server.close(() => resolve()) : resolve())));

  async function api<T>(token: string | undefined, method: string, pathname: string, body?: unknown): Promise<T> {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; message: string; data: T };
    expect(json.success, json.message).toBe(true);
    return json.data;
  }

  it("blocks and reports a Markdown image from another host in a question: the students' browsers send it nothing", async () => {
    const { token } = await api<{ token: string }>(undefined, 'POST', '/auth/login', { username: 'teacher', password: 'portal-demo', role: 'TEACHER', userTime: Date.now() });
    const [subject] = await api<{ id: number }[]>(token, 'GET', '/subjects');
    const module = await api<{ id: number }>(token, 'POST', '/modules', { course_outcome_name: 'Image sources', subject_id: subject.id });
    const pixel = `${elsewhere.origin}/pixel.png?who=student`;
    const text = `Tracking pixel check ![chart](${pixel}) is this chart true?`;
    await api(token, 'POST', '/questions', {
      subject: subject.id, module: module.id, type: 'true_false', question: text, marks: 1, time_required: 1, difficulty: 'easy', correct_bool: true,
    });

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions');
    await page.getByText('Tracking pixel check').first().waitFor();
    // The renderer shows another host's image as its alt text and never makes an element that would fetch it.
    await page.getByText('[image: chart]').first().waitFor();
    expect(await page.locator(`img[src="${pixel}"]`).count()).toBe(0);
    // And should an image element with that address reach the page anyway, the policy refuses its request and reports it.
    await page.evaluate((src) => {
      const img = document.createElement('img');
      // Decorative (alt=""), as the page's own images are: the end-of-test accessibility scan sees this one too.
      img.alt = '';
      img.src = src;
      document.body.append(img);
    }, pixel);
    const reported: string[] = [];
    await expect
      .poll(() => {
        reported.push(...e.takeCspViolations());
        return reported.some((line) => line.includes('img-src') && line.includes(elsewhere.origin));
      }, { timeout: 10_000 })
      .toBe(true);
    expect(reported.every((line) => line.includes(elsewhere.origin)), reported.join('\n')).toBe(true);
    expect(await page.locator(`img[src="${pixel}"]`).first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
    // The browser may report the same refusal more than once; every report names the other host.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const late = e.takeCspViolations();
    expect(late.every((line) => line.includes(elsewhere.origin)), late.join('\n')).toBe(true);
    expect(elsewhere.hits, 'requests that reached the other origin').toEqual([]);
  });

  it('lets the Swagger UI at /api/docs work under its policy', async () => {
    const { page } = await e.newPage();
    await page.goto('/api/docs');
    await page.getByText('Exam portal API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
  });
});
