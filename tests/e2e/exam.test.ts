import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import type { Role } from '../../src/schemas/roles';
import { expectAccessible, openQuizBody, signIn, useE2E } from './support';

/**
 * A student's exam from end to end, against the real server and its demo data: the list, the
 * instructions, every question type, a reload, a lost connection, submission, the analysis and
 * feedback; the deadline's automatic submission; exam and guest links; and axe-core's WCAG 2.2
 * AA rules on the instruction and exam pages.
 */

const PRACTICE_QUIZ = 'Data Structures: practice quiz';


const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

describe('taking an exam', () => {
  const e = useE2E();

  async function apiAs(token: string | null, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: any } };
  }

  async function login(username: string, role: Role) {
    const { body } = await apiAs(null, '/auth/login', { method: 'POST', body: JSON.stringify({ username, password: DEMO_PASSWORD, role, userTime: Date.now() }) });
    return body.data.token as string;
  }

  /** A quiz of the demo teacher, open now, for the demo group (and guests when asked). */
  async function createQuiz(name: string, { duration, guest = false, closesInMs }: { duration: number; guest?: boolean; closesInMs?: number }) {
    const teacher = await login('teacher', 'TEACHER');
    const closes = closesInMs === undefined ? {} : { valid_to: new Date(Date.now() + closesInMs).toISOString() };
    const { body } = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [1, 3], { duration, options: { guest_flag: guest }, ...closes }) });
    expect(body.success, body.message).toBe(true);
    return { quizId: body.data.id as number, teacher };
  }

  it('takes the open demo quiz: every type, a reload, a lost connection, submission, analysis and feedback the admin sees', async () => {
    const { context, page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');

    // The list, then the instructions.
    await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Available quizzes' }).click();
    const card = page.getByRole('article', { name: PRACTICE_QUIZ });
    await card.waitFor();
    await card.getByRole('link', { name: 'Start' }).click();
    await page.getByRole('heading', { name: PRACTICE_QUIZ, level: 1 }).waitFor();
    await page.getByText('How the exam works').waitFor();
    await page.getByText('Negative marking').waitFor();
    await expectAccessible(page);

    // Start (a double click starts one attempt) and land on the exam page.
    await page.getByRole('button', { name: 'Start exam' }).dblclick();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const attemptId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Question 1 of 6' }).waitFor();
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/^(30:00|29:5\d)$/);
    await expectAccessible(page);

    const next = () => page.getByRole('button', { name: 'Next' }).click();
    const question = (n: number) => page.getByRole('heading', { name: `Question ${n} of 6` }).waitFor();
    const palette = page.getByRole('navigation', { name: 'Questions' });
    const goTo = async (n: number) => {
      await palette.getByRole('button', { name: new RegExp(`^Question ${n}\\b`) }).click();
      await question(n);
    };

    // One answer of every type (a few wrong on purpose: they are corrected while offline).
    await page.getByRole('radio', { name: 'Queue' }).check(); // single (wrong for now)
    await next();
    await question(2);
    await page.getByRole('checkbox', { name: 'AVL tree' }).check(); // multiple
    await page.getByRole('checkbox', { name: 'Red-black tree' }).check();
    await next();
    await question(3);
    await page.getByRole('radio', { name: 'True' }).check(); // true/false
    await page.getByRole('button', { name: 'Flag for review' }).click();
    await next();
    await question(4);
    await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill('9'); // numeric (wrong for now)
    await next();
    await question(5);
    await page.getByRole('textbox', { name: 'Your answer' }).fill('stack'); // short answer (wrong for now)
    await next();
    await question(6);
    const essay = 'It settles the closest unsettled vertex first; a negative edge could shorten a settled distance later.';
    await page.getByRole('textbox', { name: 'Your answer' }).fill(essay); // descriptive

    // The palette says, in words, what is answered and flagged.
    await palette.getByText('6 answered, 0 unanswered, 1 flagged').waitFor();
    expect(await palette.getByRole('button', { name: /^Question 3\b/ }).textContent()).toMatch(/Answered.*Flagged/);

    // Reload at once: the last answer may exist only in this browser's queue; nothing is lost,
    // and the page comes back on the question the student was on.
    await page.reload();
    await question(6);
    await goTo(1);
    expect(await page.getByRole('radio', { name: 'Queue' }).isChecked()).toBe(true);
    await goTo(2);
    expect(await page.getByRole('checkbox', { name: 'AVL tree' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Red-black tree' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Binary heap' }).isChecked()).toBe(false);
    await goTo(3);
    expect(await page.getByRole('radio', { name: 'True' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Flag for review' }).getAttribute('aria-pressed')).toBe('true');
    await goTo(4);
    expect(await page.getByRole('textbox', { name: 'Your answer (a number)' }).inputValue()).toBe('9');
    await goTo(5);
    expect(await page.getByRole('textbox', { name: 'Your answer' }).inputValue()).toBe('stack');
    await goTo(6);
    expect(await page.getByRole('textbox', { name: 'Your answer' }).inputValue()).toBe(essay);
    await page.getByText('All answers saved').waitFor();

    // Offline: the page keeps working, says so once, and keeps the answers on the device.
    await context.setOffline(true);
    await page.getByText('Connection Issue').first().waitFor();
    await goTo(1);
    await page.getByRole('radio', { name: 'Stack' }).check();
    await goTo(4);
    await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill('10');
    await goTo(5);
    await page.getByRole('textbox', { name: 'Your answer' }).fill('queue');
    await page.getByText('Offline: 3 answers kept on this device').waitFor();
    const queued = JSON.parse((await storage(page, `examSaves:${attemptId}`)) ?? '{}');
    expect(Object.keys(queued.saves ?? {}).sort()).toEqual(['1', '4', '5']);

    // Back online: everything reaches the server.
    await context.setOffline(false);
    await page.getByText('All answers saved').waitFor({ timeout: 15_000 });
    const token = await storage(page, 'token');
    const { body: paper } = await apiAs(token, `/student/attempts/${attemptId}`);
    const byQuestion = (id: number) => paper.data.answers[id]?.response;
    expect([byQuestion(1), byQuestion(2), byQuestion(3), byQuestion(4), byQuestion(5), byQuestion(6)]).toEqual(['o2', ['o1', 'o2'], true, 10, 'queue', essay]);
    expect(paper.data.answers[3].flagged).toBe(true);
    expect(await storage(page, `examSaves:${attemptId}`)).toBeNull();

    // Submit: the dialog names the flagged question; the result follows.
    await page.getByRole('button', { name: 'Submit exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your answers?' });
    await dialog.getByText('You have answered all 6 questions.').waitFor();
    await dialog.getByText('Flagged for review: question 3.').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor();
    await page.getByText('Pending teacher grading').waitFor();
    await page.getByText('Marks so far: 12 of 17.', { exact: false }).waitFor();

    // The analysis: summary, breakdown charts with their tables, each question.
    await page.getByRole('link', { name: 'View analysis' }).click();
    await page.getByRole('heading', { name: `Analysis: ${PRACTICE_QUIZ}` }).waitFor();
    await page.getByRole('figure', { name: 'Marks by module (course outcome)' }).waitFor();
    await page.getByRole('figure', { name: 'Marks by difficulty' }).waitFor();
    await page.getByRole('img', { name: /Bar chart, Marks by module/ }).waitFor();
    const q1 = page.getByRole('article', { name: 'Question 1' });
    await q1.getByText('Correct', { exact: true }).waitFor();
    await q1.getByText('Your answer').waitFor();
    await q1.getByText('Correct answer').waitFor();
    await page.getByRole('article', { name: 'Question 6' }).getByText('Awaiting grading').waitFor();

    // Feedback, once.
    await page.getByRole('link', { name: 'Give feedback on this quiz' }).click();
    await page.getByRole('heading', { name: `Feedback on ${PRACTICE_QUIZ}` }).waitFor();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Rating is required').waitFor();
    // The stars are radio buttons: operable from the keyboard.
    const fourStars = page.getByRole('radio', { name: /^4 stars/ });
    await fourStars.focus();
    await page.keyboard.press('Space');
    expect(await fourStars.isChecked()).toBe(true);
    const comment = `Clear questions, fair timing ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForURL('**/student/history');
    const row = page.getByRole('row', { name: new RegExp(PRACTICE_QUIZ) });
    await row.getByRole('link', { name: /Analysis/ }).waitFor();
    expect(await row.getByRole('link', { name: /Give feedback/ }).count()).toBe(0);
    const again = await apiAs(token, '/feedbacks', { method: 'POST', body: JSON.stringify({ quiz: paper.data.quizId, rating: 5 }) });
    expect(again).toMatchObject({ status: 409, body: { message: 'You have already given feedback on this quiz' } });
    await page.goto(`/student/feedback/${paper.data.quizId}`);
    await page.getByText('You have already given feedback on this quiz').waitFor();

    // The admin sees it, through the API and on the feedbacks screen.
    const admin = await login('admin', 'ADMIN');
    const { body: feedbacks } = await apiAs(admin, `/feedbacks?filter=${encodeURIComponent(JSON.stringify({}))}`);
    expect(feedbacks.data).toEqual(expect.arrayContaining([expect.objectContaining({ comment, rating: 4, quiz: paper.data.quizId })]));
    const { page: adminPage } = await e.newPage();
    await signIn(adminPage, 'admin', 'ADMIN');
    await adminPage.goto('/admin/feedbacks');
    await adminPage.getByText(comment).waitFor();
  }, 120_000);

  it('submits by itself when the time is up, for a student who came through an exam link', async () => {
    // The deadline is the earlier of the duration's end and the window's: a window closing 30 s from
    // now ends the exam within that, as the server's clock decides (no browser clock is faked).
    const { quizId, teacher } = await createQuiz(`One-minute check ${Date.now()}`, { duration: 1, closesInMs: 30_000 });
    const { body: links } = await apiAs(teacher, `/quizzes/${quizId}/exam-links`, { method: 'POST' });
    const link = links.data.participants.find((p: { username: string }) => p.username === 'student').examLink as string;

    const { page } = await e.newPage();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.waitForURL(`**/student/availableQuiz/instruction/${quizId}`);
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const attemptId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('radio', { name: 'Stack' }).check();
    // Under a minute left from the start: the 1-minute warning is announced.
    await page.getByText('1 minute remaining. The exam is submitted automatically when the time is up.').waitFor();

    // Nobody clicks Submit.
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor({ timeout: 90_000 });
    await page.getByText('The time was up, so your saved answers were submitted automatically.').waitFor();

    // The exam link's session ended with the submission: the page leads to the sign-in.
    await page.getByText('You came in through an exam link, which ends with this submission.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'View analysis' }).count()).toBe(0);
    const linkToken = await storage(page, 'token');
    expect((await apiAs(linkToken, '/student/verify')).status).toBe(405);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();

    const token = await login('student', 'STUDENT');
    const { body: history } = await apiAs(token, '/student/attempts');
    const attempt = history.data.find((a: { id: number }) => a.id === attemptId);
    expect(attempt.status).toBe('submitted');
    expect(['deadline', 'student']).toContain(attempt.closedBy);
    expect(attempt.score).toBe(2);
  }, 150_000);

  it('asks before a sign-out deletes answers that have not reached the server, and leads back to the exam to send them', async () => {
    const { quizId } = await createQuiz(`Sign-out check ${Date.now()}`, { duration: 30 });
    const { context, page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.goto(`/student/availableQuiz/instruction/${quizId}`);
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const attemptId = Number(new URL(page.url()).pathname.split('/').pop());

    // Offline, an answer stays on the device; the student leaves the exam and signs out.
    const stack = page.getByRole('radio', { name: 'Stack' });
    await stack.waitFor();
    await context.setOffline(true);
    await stack.check();
    await page.getByText('Offline: 1 answer kept on this device').waitFor();
    await page.goBack();
    await page.waitForURL(`**/student/availableQuiz/instruction/${quizId}`);
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answers not sent yet' });
    await dialog.getByText('1 answer of your exam has not reached the server yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'the sign-out with answers not sent');
    expect(await storage(page, 'token')).not.toBeNull();

    // Online again, back to the exam: the answer reaches the server; then nothing holds the sign-out.
    await context.setOffline(false);
    await dialog.getByRole('link', { name: 'Open the exam' }).click();
    await page.waitForURL(`**/student/exam/${attemptId}`);
    await page.getByText('All answers saved').waitFor({ timeout: 15_000 });
    expect(await storage(page, `examSaves:${attemptId}`)).toBeNull();
    const { body: paper } = await apiAs(await storage(page, 'token'), `/student/attempts/${attemptId}`);
    expect(paper.data.answers[1]?.response).toBe('o2');
    await page.goBack();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('lets a guest in through a guest link with a name, onto the instruction page', async () => {
    const { quizId, teacher } = await createQuiz(`Guest check ${Date.now()}`, { duration: 20, guest: true });
    const { body } = await apiAs(teacher, `/quizzes/${quizId}/guest-link`, { method: 'POST' });
    const guestPath = new URL(body.data.guestLink as string).pathname;

    const { page } = await e.newPage();
    await page.goto(guestPath);
    await page.getByRole('heading', { name: /Guest check/ }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter your name').waitFor();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Grace Guest');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/student/availableQuiz/instruction/${quizId}`);
    await page.getByRole('button', { name: 'Start exam' }).waitFor();
    expect(await storage(page, 'role')).toBe('STUDENT');
    expect(await storage(page, 'username')).toMatch(/^guest-/);
    expect(await storage(page, 'quizName')).toMatch(/^Guest check/);

    const { page: other } = await e.newPage();
    await other.goto('/guest/not-a-real-guest-token-0123456789');
    await other.getByText(/This guest link is not valid/).waitFor();
    await e.expectApiRefusals(['404 GET /api/guest/not-a-real-guest-token-0123456789']);
  });
});
