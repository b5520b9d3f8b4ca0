import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Role } from '../../src/schemas/roles';
import { apiClient, openInApp, openQuizBody, signIn, useE2E } from './support';

/**
 * How things look, in Chromium against the real server: display math ($$…$$ alone on its line)
 * is centred and in display style in the exam, the review and the teacher's analysis; the
 * analysis page fits the window at 1366 and 1280 px (every page of every e2e file is checked at
 * 1280 px by the shared support); the charts (@mui/x-charts everywhere) count heads on whole
 * ticks, show a single value as a marker and name the feedback's period.
 */
describe('looks: display math, page widths, charts', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  /**
   * A display formula of a question's text: a MathML block (the small translator) or KaTeX's
   * display block. The block is as wide as the text; the formula's ink (the extent of its
   * characters) is narrower and sits in the block's middle.
   */
  async function expectDisplayMath(scope: Page | Locator, which: 'mathml' | 'katex') {
    const block = scope.locator(which === 'mathml' ? 'math[display="block"]' : '.katex-display').first();
    await block.waitFor();
    const { outer, inner, display, align } = await block.evaluate((b, kind) => {
      const range = document.createRange();
      range.selectNodeContents(kind === 'mathml' ? b.querySelector('semantics')!.firstElementChild! : b.querySelector('.katex-html')!);
      const box = (r: DOMRect) => ({ x: r.x, width: r.width });
      return { outer: box(b.getBoundingClientRect()), inner: box(range.getBoundingClientRect()), display: getComputedStyle(b).display, align: getComputedStyle(b).textAlign };
    }, which);
    expect(display).toMatch(/block/);
    if (which === 'katex') expect(align).toBe('center');
    expect(inner.width).toBeGreaterThan(0);
    expect(inner.width).toBeLessThan(outer.width - 40);
    expect(Math.abs(inner.x + inner.width / 2 - (outer.x + outer.width / 2))).toBeLessThan(4);
  }

  const noSidewaysScroll = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));

  it('display math is centred in the exam, the review and the analysis; the analysis fits 1366 and 1280 px; the student chart is MUI X', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const sample = (await apiAs(teacher, '/questions/1')).body.data;
    const create = async (question: string, difficulty: string) => {
      const res = await apiAs(teacher, '/questions', {
        method: 'POST',
        body: JSON.stringify({ subject: sample.subject, module: sample.module, type: 'true_false', question, marks: 1, time_required: 1, difficulty, correct_bool: true }),
      });
      expect(res.status, res.body.message).toBe(201);
      return res.body.data.id as number;
    };
    const mathml = await create('Is this half of a?\n$$\\frac{a}{2}$$\nAnswer true or false.', 'hard');
    const katex = await create('Is this crossed out?\n\n$$\\cancel{x} + y$$', 'easy');
    const name = `Display math quiz ${Date.now()}`;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [mathml, katex]) });
    expect(quiz.body.success, quiz.body.message).toBe(true);
    const quizId = quiz.body.data.id as number;

    // The exam.
    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.goto('/student/availableQuiz');
    await page.getByRole('article', { name }).getByRole('link', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const attemptId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Question 1 of 2' }).waitFor();
    await expectDisplayMath(page, 'mathml');
    await page.getByRole('radio', { name: 'True' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Question 2 of 2' }).waitFor();
    await expectDisplayMath(page, 'katex');
    await page.getByRole('radio', { name: 'False' }).check();
    await page.getByRole('button', { name: 'Submit exam' }).click();
    await page.getByRole('dialog', { name: 'Submit your answers?' }).getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor();

    // The review: each question's formula centred, the breakdown drawn by MUI X with the tables' labels.
    await page.goto(`/student/history/analysis/${attemptId}`);
    await page.getByRole('heading', { name: `Analysis: ${name}` }).waitFor();
    await expectDisplayMath(page.getByRole('article', { name: 'Question 1' }), 'mathml');
    await expectDisplayMath(page.getByRole('article', { name: 'Question 2' }), 'katex');
    const byDifficulty = page.getByRole('figure', { name: 'Marks by difficulty' });
    await byDifficulty.locator('svg.MuiChartsSvgLayer-root').waitFor();
    expect(await page.locator('.recharts-wrapper, .recharts-surface').count()).toBe(0);
    // Easy before Hard, capitalised as in the question list, in the chart and in its table.
    const ticks = await byDifficulty.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').allTextContents();
    expect(ticks).toEqual(['Easy', 'Hard']);
    expect(await byDifficulty.getByRole('rowheader').allTextContents()).toEqual(['Easy', 'Hard']);
    await page.getByRole('article', { name: 'Question 1' }).getByText('Hard', { exact: false }).waitFor();
    const studentWidth = await noSidewaysScroll(page);
    expect(studentWidth.scrollWidth).toBeLessThanOrEqual(studentWidth.width);

    // The teacher's analysis: fits 1366 and 1280 px, the question's formula centred, attempts on whole ticks.
    const { page: teacherPage } = await e.newPage();
    await signIn(teacherPage, 'teacher', 'TEACHER');
    for (const width of [1366, 1280]) {
      await teacherPage.setViewportSize({ width, height: 800 });
      await teacherPage.goto(`/teacher/quiz/analysis/${quizId}`);
      await teacherPage.getByRole('heading', { name: `Analysis: ${name}`, level: 1 }).waitFor();
      await teacherPage.getByRole('region', { name: 'Score histogram' }).locator('svg.MuiChartsSvgLayer-root').waitFor();
      await teacherPage.getByRole('button', { name: 'Show question 1' }).click();
      await teacherPage.getByRole('button', { name: 'Show question 2' }).click();
      await expectDisplayMath(teacherPage.getByRole('table', { name: 'Question statistics' }), 'katex');
      await expectDisplayMath(teacherPage.getByRole('table', { name: 'Question statistics' }), 'mathml');
      const { scrollWidth, width: inner } = await noSidewaysScroll(teacherPage);
      expect(inner).toBe(width);
      expect(scrollWidth, `the analysis page at ${width} px`).toBeLessThanOrEqual(inner);
    }
    const questions = teacherPage.getByRole('table', { name: 'Question statistics' });
    expect(await questions.getByRole('cell', { name: 'True / false' }).count()).toBe(2);
    const attemptTicks = await teacherPage
      .getByRole('region', { name: 'Score histogram' })
      .locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')
      .allTextContents();
    expect(attemptTicks.length).toBeGreaterThan(1);
    for (const tick of attemptTicks) expect(tick).toMatch(/^\d+$/);
  });

  it('the admin dashboard: one day of feedback shows as a marker, head counts on whole ticks, the feedback period named', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(`Feedback period quiz ${Date.now()}`, [1]) });
    const student = await login('student', 'STUDENT');
    const attempt = (await apiAs(student, `/student/quizzes/${quiz.body.data.id}/attempts`, { method: 'POST' })).body.data.id;
    await apiAs(student, `/student/attempts/${attempt}/submit`, { method: 'POST' });
    const feedback = await apiAs(student, '/feedbacks', { method: 'POST', body: JSON.stringify({ quiz: quiz.body.data.id, rating: 4 }) });
    expect(feedback.body.success, feedback.body.message).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, 'admin', 'ADMIN');
    const card = page.getByRole('article', { name: 'Feedback this period' });
    await card.waitFor();
    const since = (await apiAs(await login('admin', 'ADMIN'), '/dashboard')).body.data.feedbackSince as number;
    const day = new Date(since).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    await card.getByText(`Since ${day} (UTC)`, { exact: false }).waitFor();

    // One day of feedback: no line to draw, so each series shows its value as a marker.
    const trend = page.getByRole('region', { name: 'Feedback trend' });
    await trend.locator('svg.MuiChartsSvgLayer-root').waitFor();
    await expect.poll(() => trend.locator('.MuiLineChart-mark').count()).toBe(2);

    // Users by role: head counts, whole ticks only.
    const users = page.getByRole('region', { name: 'Users by role' });
    await users.locator('svg.MuiChartsSvgLayer-root').waitFor();
    const ticks = await users.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
    const { scrollWidth, width } = await noSidewaysScroll(page);
    expect(scrollWidth).toBeLessThanOrEqual(width);
  });

  it.each([
    ['admin', 'ADMIN'],
    ['institute-head', 'INSTITUTE-HEAD'],
    ['department-head', 'DEPARTMENT-HEAD'],
    ['teacher', 'TEACHER'],
    ['student', 'STUDENT'],
  ] as [string, Role][])('every page of the %s menu fits 1280 px', async (username, role) => {
    const { page } = await e.newPage();
    await signIn(page, username, role);
    const base = new URL(page.url()).pathname;
    await page.locator(`a[href^="${base}/"]`).first().waitFor();
    await page.waitForLoadState('networkidle');
    const links = await page.locator(`a[href^="${base}"]`).evaluateAll((as) => [...new Set(as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);
    expect(links.length).toBeGreaterThan(2);
    const wide: string[] = [];
    for (const path of [...links, `${base}/profile`]) {
      // As a user goes from screen to screen (no reload), each screen settled: its data arrived, nothing loading.
      await openInApp(page, path);
      const { scrollWidth, width } = await noSidewaysScroll(page);
      if (scrollWidth > width) wide.push(`${path}: ${scrollWidth} > ${width}`);
    }
    expect(wide).toEqual([]);
    // Every page of a menu, each waited for until it settled: a minute on a busy machine.
  }, 120_000);
});
