import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signIn, useE2E } from './support';

/**
 * The management console from end to end, in Chromium against the real server and its demo
 * data, driven the way people use it (labels, roles, visible text):
 *
 * 1. the institute head creates a department with its head (after seeing the
 *    required-field messages for an empty form), a subject and a teacher of that subject in that department, then uploads a
 *    student sheet with one bad row (the row is named, nothing is imported), fixes it and
 *    imports it;
 * 2. the new department head signs in with the initial password from the dialog, sets their own
 *    password on the first sign-in screen and makes a group of the uploaded students;
 * 3. the new teacher adds a module (a too short name is refused first) and a topic;
 * 4. the admin adds a tab with an FAQ to the teacher guideline, and the teacher reads it.
 *
 * The API is only used to read state back and to let the new teacher choose a password
 * (the first sign-in screen itself is driven once, by the department head).
 */

const SUFFIX = 'e2e';
const DEPARTMENT = {
  name: 'Electronics and Communication',
  head: 'Elena Circuit',
  username: `ece-head-${SUFFIX}`,
  email: `ece-head-${SUFFIX}@college.example`,
  phone: '9123400001',
};
const SUBJECT = { name: 'Signals and Systems', code: 'EC301', semester: '5' };
const TEACHER = { fullname: 'Nikhil Network', username: `ece-teacher-${SUFFIX}`, email: `ece-teacher-${SUFFIX}@college.example`, phone: '9123400002' };
/** The class of the sheet; usernames share a prefix, so the API's free-text search finds exactly them. */
const STUDENT_PREFIX = `ece26${SUFFIX}`;
const STUDENTS = [
  { fullname: 'Asha Verma', username: `${STUDENT_PREFIX}-asha`, email: `asha.${SUFFIX}@college.example`, phone: '9876500001' },
  { fullname: 'Bilal Khan', username: `${STUDENT_PREFIX}-bilal`, email: `bilal.${SUFFIX}@college.example`, phone: '9876500002' },
  { fullname: 'Chen Liu', username: `${STUDENT_PREFIX}-chen`, email: `chen.${SUFFIX}@college.example`, phone: '9876500003' },
];
const GROUP = 'ECE 2026 - Lab batch';
const MODULE = 'Fourier analysis';
const TOPIC = 'Discrete Fourier transform';
const GUIDELINE_TAB = { title: 'Lab sessions', description: 'Book the signals lab one week ahead.\nBring your own probes.' };
const GUIDELINE_FAQ = { question: 'Who grades the lab reports?', answer: 'The teacher of the lab batch grades them within a week.' };
const NEW_PASSWORD = 'Circuit-2026-ok';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));

/** An .xlsx of the template's columns with these rows, written to the temp folder. */
function studentSheet(name: string, rows: (typeof STUDENTS)[number][]): string {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['fullname', 'username', 'email', 'phone'],
    ...rows.map((row) => [row.fullname, row.username, row.email, row.phone]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Students');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}


/** A field of a generated (RJSF) form by its label; required fields add ' *' to it. */
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

/** Picks `option` in a searchable select (MUI Autocomplete) labelled `label`, typing to narrow it. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) });
  await box.click();
  await box.fill(option.slice(0, 6));
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
}

/** Opens a section from the area's menu. */
const openSection = (page: Page, label: string) => page.getByRole('menuitem', { name: label }).first().click();

/** Reads the one-time password from the dialog shown after creating an account, and closes it. */
async function takeInitialPassword(page: Page, username: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Initial password' });
  await dialog.getByText(username, { exact: true }).waitFor();
  const password = (await dialog.getByTestId('initial-password').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return password;
}

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

describe('the schema-driven management console', () => {
  const e = useE2E();
  /** What one step hands to the next. */
  const state: { imported?: boolean; headPassword?: string; teacherPassword?: string; teacherPage?: Page } = {};

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  async function api<T = unknown>(token: string | null, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: T } };
  }

  /** The students the API lists for this search, as the signed-in page's account. */
  async function studentsFound(page: Page, q: string) {
    const token = await storage(page, 'token');
    const { body } = await api<{ username: string }[]>(token, `/students?filter=${encodeURIComponent(JSON.stringify({ q }))}`);
    expect(body.success, body.message).toBe(true);
    return body.data.map((student) => student.username).sort();
  }

  it('institute head: adds a department with its head, a subject and a teacher, and imports a class from a sheet', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'institute-head', 'INSTITUTE-HEAD');

    // Department: the empty form shows its required-field messages, then the filled one is saved.
    await openSection(page, 'Departments');
    await page.getByRole('link', { name: 'Add department' }).click();
    await page.getByRole('button', { name: 'Add department' }).click();
    for (const message of [
      'Department name is required',
      'Email is required',
      'Full name of department head is required',
      'Username of department head is required',
      'Phone number is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await field(page, 'Department name').fill(DEPARTMENT.name);
    await field(page, 'Email').fill(DEPARTMENT.email);
    await field(page, 'Department head').fill(DEPARTMENT.head);
    await field(page, 'Username').fill(DEPARTMENT.username);
    await field(page, 'Phone').fill('12345');
    await page.getByText('Please enter the valid phone number', { exact: true }).waitFor();
    await field(page, 'Phone').fill(DEPARTMENT.phone);
    await page.getByText('Please enter the valid phone number').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add department' }).click();
    state.headPassword = await takeInitialPassword(page, DEPARTMENT.username);
    await page.getByRole('cell', { name: DEPARTMENT.name }).waitFor();

    // Subject.
    await openSection(page, 'Subjects');
    await page.getByRole('link', { name: 'Add subject' }).click();
    await field(page, 'Subject name').fill(SUBJECT.name);
    await field(page, 'Code').fill(SUBJECT.code);
    await field(page, 'Semester').fill(SUBJECT.semester);
    await page.getByRole('button', { name: 'Add subject' }).click();
    await page.getByRole('cell', { name: SUBJECT.name }).waitFor();

    // Teacher of that subject in the new department.
    await openSection(page, 'Teachers');
    await page.getByRole('link', { name: 'Add teacher' }).click();
    await field(page, 'Full name').fill(TEACHER.fullname);
    await field(page, 'Username').fill(TEACHER.username);
    await field(page, 'Email').fill(TEACHER.email);
    await field(page, 'Phone').fill(TEACHER.phone);
    await choose(page, 'Department', DEPARTMENT.name);
    await choose(page, 'Subjects', SUBJECT.name);
    await page.getByRole('button', { name: 'Add teacher' }).click();
    state.teacherPassword = await takeInitialPassword(page, TEACHER.username);
    await page.getByRole('cell', { name: TEACHER.fullname }).waitFor();

    // Student sheet: row 3 has a bad phone number, so nothing is imported.
    await openSection(page, 'Students');
    await page.getByRole('link', { name: 'Upload students' }).click();
    await page.getByRole('heading', { name: 'Upload students', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: DEPARTMENT.name }).click();
    await page.getByLabel('Semester').fill('5');
    await page.getByLabel('Batch').fill('2026');
    const bad = studentSheet('ece-2026.xlsx', [STUDENTS[0]!, { ...STUDENTS[1]!, phone: '98765' }, STUDENTS[2]!]);
    await page.getByLabel('Excel file').setInputFiles(bad);
    await page.getByRole('button', { name: 'Upload' }).click();
    const rejected = page.getByRole('table', { name: 'Rows with errors' });
    const badRow = rejected.getByRole('row').filter({ hasText: 'Please enter valid phone number' });
    await badRow.waitFor();
    expect(await badRow.getByRole('cell').allTextContents()).toEqual(['3', 'Phone', 'Please enter valid phone number']);
    expect(await rejected.getByRole('row').count()).toBe(2); // the header and row 3
    await page.getByText('No students were imported').waitFor();
    expect(await studentsFound(page, STUDENT_PREFIX)).toEqual([]);
    await e.expectApiRefusals(['400 POST /api/students/upload']);

    // Corrected sheet: all three are imported, each with an initial password.
    const good = studentSheet('ece-2026-fixed.xlsx', STUDENTS);
    await page.getByLabel('Excel file').setInputFiles(good);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('3 students imported').waitFor();
    await page.getByRole('button', { name: 'Download initial passwords' }).waitFor();
    const imported = page.getByRole('table', { name: 'Imported students' });
    for (const student of STUDENTS) {
      const row = imported.getByRole('row').filter({ hasText: student.username });
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 3)).toEqual([student.fullname, student.username, student.email]);
      expect(cells[3]!.length).toBeGreaterThanOrEqual(8);
    }
    expect(await studentsFound(page, STUDENT_PREFIX)).toEqual(STUDENTS.map((s) => s.username).sort());
    state.imported = true;
  });

  it('new department head: sets their own password at first sign-in and groups the uploaded students', async () => {
    expect(state.headPassword && state.imported, 'the department or its students were not created').toBeTruthy();
    const { page } = await e.newPage();
    await signIn(page, DEPARTMENT.username, 'DEPARTMENT-HEAD', state.headPassword);

    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByText(`Welcome, ${DEPARTMENT.head}.`, { exact: false }).waitFor();
    await page.getByLabel('Initial password', { exact: true }).fill(state.headPassword!);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await page.getByRole('heading', { name: 'Department head dashboard' }).waitFor();

    await openSection(page, 'Groups');
    await page.getByRole('link', { name: 'Add group' }).click();
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByText('Group name required', { exact: true }).waitFor();
    await page.getByText('Select students', { exact: true }).waitFor();
    await field(page, 'Group name').fill(GROUP);
    // The department's students, picked by batch and semester: all three at once.
    await page.getByRole('textbox', { name: 'Batch', exact: true }).fill('2026');
    await page.getByRole('textbox', { name: 'Semester', exact: true }).fill('5');
    await page.getByTestId('match-count').filter({ hasText: /^3 students match$/ }).waitFor();
    await page.getByRole('button', { name: 'Add all shown' }).click();
    await page.getByTestId('member-count').filter({ hasText: /^3$/ }).waitFor();
    for (const student of STUDENTS) await page.getByRole('table', { name: 'Students in the group' }).getByRole('cell', { name: student.fullname, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add group' }).click();
    const row = page.getByRole('row').filter({ hasText: GROUP });
    await row.waitFor();
    expect(await row.getByRole('cell').last().textContent()).toBe('3');

    const token = await storage(page, 'token');
    const { body } = await api<{ groupName: string; students: number[] }[]>(token, `/groups?filter=${encodeURIComponent(JSON.stringify({ q: GROUP }))}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.students).toHaveLength(3);
  });

  it('new teacher: adds a module of their subject (a too short name first) and a topic of it', async () => {
    expect(state.teacherPassword, 'the teacher was not created').toBeTruthy();
    // The first sign-in screen was driven above; this account chooses its password through the API.
    const login = await api<{ token: string }>(null, '/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: TEACHER.username, password: state.teacherPassword, role: 'TEACHER', userTime: Date.now() }),
    });
    expect(login.body.success, login.body.message).toBe(true);
    const changed = await api(login.body.data.token, '/auth/change-password', {
      method: 'POST',
      body: JSON.stringify({ currentPassword: state.teacherPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    });
    expect(changed.body.success, changed.body.message).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, TEACHER.username, 'TEACHER', NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Teacher dashboard' }).waitFor();

    await openSection(page, 'Modules');
    await page.getByRole('link', { name: 'Add module' }).click();
    await field(page, 'Module name').fill('ab');
    await choose(page, 'Subject', SUBJECT.name);
    await page.getByRole('button', { name: 'Add module' }).click();
    await page.getByText('Module name should be atleast 3 characters', { exact: true }).waitFor();
    await field(page, 'Module name').fill(MODULE);
    await page.getByText('Module name should be atleast 3 characters').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add module' }).click();
    await page.getByRole('cell', { name: MODULE }).waitFor();

    await openSection(page, 'Topics');
    await page.getByRole('link', { name: 'Add topic' }).click();
    await page.waitForURL('**/teacher/topics/add');
    await field(page, 'Topic').fill(TOPIC);
    await choose(page, 'Subject', SUBJECT.name);
    await choose(page, 'Module', MODULE);
    await page.getByRole('button', { name: 'Add topic' }).click();
    const row = page.getByRole('row').filter({ hasText: TOPIC });
    await row.waitFor();
    expect(await row.textContent()).toContain(MODULE);
    state.teacherPage = page;
  });

  it('admin: adds a tab with an FAQ to the teacher guideline, and the teacher reads it', async () => {
    expect(state.teacherPage, 'the teacher did not sign in').toBeTruthy();
    const { page } = await e.newPage();
    await signIn(page, 'admin', 'ADMIN');
    await openSection(page, 'Guidelines');
    await page.getByRole('button', { name: 'Edit the Teacher guideline' }).click();
    await page.getByRole('heading', { name: 'Edit guideline', level: 1 }).waitFor();
    const tabs = page.getByRole('group', { name: /^Tab \d+$/ });
    const existing = await tabs.count();
    await page.getByRole('button', { name: 'Add tab' }).click();
    const tab = page.getByRole('group', { name: `Tab ${existing + 1}`, exact: true });
    await tab.getByRole('textbox', { name: 'Title', exact: true }).fill(GUIDELINE_TAB.title);
    await tab.getByRole('textbox', { name: 'Description', exact: true }).fill(GUIDELINE_TAB.description);
    await tab.getByRole('button', { name: `Add a question to tab ${existing + 1}` }).click();
    await tab.getByRole('textbox', { name: 'Question', exact: true }).fill(GUIDELINE_FAQ.question);
    await tab.getByRole('textbox', { name: 'Answer', exact: true }).fill(GUIDELINE_FAQ.answer);
    await page.getByRole('button', { name: 'Save guideline' }).click();
    await page.getByRole('row').filter({ hasText: GUIDELINE_TAB.title }).waitFor();

    const teacher = state.teacherPage!;
    await openSection(teacher, 'Guideline');
    const newTab = teacher.getByRole('tab', { name: GUIDELINE_TAB.title });
    await newTab.click();
    const panel = teacher.getByRole('tabpanel');
    await panel.getByRole('heading', { name: GUIDELINE_TAB.title }).waitFor();
    await panel.getByText('Book the signals lab one week ahead.', { exact: false }).waitFor();
    const question = panel.getByRole('button', { name: GUIDELINE_FAQ.question });
    const answer = panel.getByText(GUIDELINE_FAQ.answer);
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await answer.waitFor({ state: 'visible' });
    expect(await question.getAttribute('aria-expanded')).toBe('true');
  });
});
