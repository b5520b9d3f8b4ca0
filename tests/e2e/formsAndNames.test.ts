import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { entities, placementOf, type EntityDef, type Role } from '../../src/schemas';
import { rolePath } from '../../src/schemas/roles';
import { fieldErrorsOfIssues } from '../../src/resources/generator/fieldErrors';
import { emptyValueLists, formModelOf } from '../../src/resources/generator/formModel';
import { AREA_SECTIONS, type StaffAreaPath } from '../../src/shell/areaSections';
import { ENTITY_ICONS, FALLBACK_SECTION_ICON, PAGE_ICONS } from '../../src/shell/sectionIcons';
import { named, openInApp, signIn, useE2E } from './support';

/**
 * Issue 23, points 17 and 18: the dashboards greet the account by its full name, buttons keep the
 * case of the names they carry, every menu entry has its own icon, a teacher of one subject finds
 * it chosen on a new question and topic, and every message of every form (each generated create
 * screen of the registry, the question and quiz editors, a server's refusal) sits under its field.
 */

const fullnameOf = (role: Role) => DEMO_ACCOUNTS.find((account) => account.role === role)!.fullname;
const usernameOf = (role: Role) => DEMO_ACCOUNTS.find((account) => account.role === role)!.username;

/** What the element shows, after CSS (innerText applies text-transform; textContent does not). */
const shownText = (locator: Locator) => locator.evaluate((element) => (element as HTMLElement).innerText.trim());

/** An icon told by its drawing (the production build gives MUI's icons no test ids). */
const drawingOf = (icon: ComponentType) => /<path d="([^"]+)"/.exec(renderToStaticMarkup(createElement(icon)))![1]!;

/** The generated create screens, straight from the entity registry: each entity, each staff role that may create it where it is placed. */
function createScreens(): { def: EntityDef; role: Role; path: string }[] {
  return Object.values(entities as Record<string, EntityDef>).flatMap((def) =>
    (def.access.create ?? []).flatMap((role) => {
      const placement = placementOf(def, role);
      if (!placement) return [];
      const screen = placement.screens?.some((s) => s.path === 'add') ? 'add' : 'create';
      return [{ def, role, path: `/${rolePath(role)}/${placement.section}/${screen}` }];
    }),
  );
}

/** Create screens that are hand-written editors with their own error placement, not RJSF forms. */
const HAND_WRITTEN = ['TEACHER questions', 'TEACHER quizzes', 'ADMIN guidelines'];

/** The box of a field's control (the MUI form control around the input RJSF gave the field's id). */
const controlOf = (page: Page, id: string) =>
  page.locator(`[id="${id}"]`).locator('xpath=ancestor-or-self::div[contains(concat(" ", @class, " "), " MuiFormControl-root ")][1]');

/**
 * Each expected message is the text of the field's error line, and that line sits right below the
 * field's own control, starting within it (not under the field beside it); no other field shows one.
 */
async function expectMessagesOnFields(page: Page, expected: Record<string, string>) {
  for (const [path, message] of Object.entries(expected)) {
    const id = `root_${path.split('.').join('_')}`;
    const error = page.locator(`[id="${id}__error"]`);
    await expect.poll(() => error.textContent().catch(() => null), { message: `message of ${path}`, timeout: 10_000 }).toBe(message);
    const [field, line] = [await controlOf(page, id).boundingBox(), await error.boundingBox()];
    if (!field || !line) throw new Error(`${path}: the field's control or its message is not on the page`);
    const where = `${path}: "${message}" at (${line.x}, ${line.y}), its field at (${field.x}, ${field.y}) ${field.width}x${field.height}`;
    expect(line.x >= field.x - 1 && line.x < field.x + field.width / 2, where).toBe(true);
    expect(line.y >= field.y + field.height - 1 && line.y <= field.y + field.height + 24, where).toBe(true);
  }
  const shown = await page.locator('form.rjsf [id$="__error"]').evaluateAll((nodes) => nodes.map((node) => node.id));
  expect(shown.sort()).toEqual(Object.keys(expected).map((path) => `root_${path.split('.').join('_')}__error`).sort());
}

describe('names, icons and form messages', () => {
  const e = useE2E();

  it('greets the teacher, the admin and the student by their full names', async () => {
    for (const role of ['TEACHER', 'ADMIN', 'STUDENT'] as const) {
      const { page } = await e.newPage();
      await signIn(page, usernameOf(role), role);
      await page.getByText(`Welcome, ${fullnameOf(role)}`, { exact: true }).waitFor();
      expect(await page.getByText(`Welcome, ${usernameOf(role)}`, { exact: true }).count()).toBe(0);
    }
  });

  it('shows quiz names with lower-case letters as typed, in the list and in buttons', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/quiz');
    const practice = page.getByRole('cell').getByText('Data Structures: practice quiz', { exact: true });
    await practice.waitFor();
    expect(await shownText(practice)).toBe('Data Structures: practice quiz');
    // The staff areas' buttons keep the case of their text too.
    const create = page.getByRole('link', { name: 'Create quiz' }).first();
    expect(await shownText(create)).toBe('Create quiz');

    const student = (await e.newPage()).page;
    await signIn(student, 'student', 'STUDENT');
    const result = student.getByRole('table', { name: 'Recent results' }).getByRole('link', { name: 'Data Structures: weekly test 1' });
    await result.waitFor();
    expect(await shownText(result)).toBe('Data Structures: weekly test 1');
    const nav = student.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Upcoming quizzes' });
    expect(await shownText(nav)).toBe('Upcoming quizzes');
  });

  it("shows each menu entry's own icon: rooms, profile and guideline included, never the generic one", async () => {
    for (const role of ['TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD', 'ADMIN'] as const) {
      const { page } = await e.newPage();
      await signIn(page, usernameOf(role), role);
      const sections = AREA_SECTIONS[rolePath(role) as StaffAreaPath];
      const icons: string[] = [];
      for (const section of sections) {
        const item = page.getByRole('menuitem', { name: section.label, exact: true }).first();
        await item.waitFor();
        icons.push((await item.locator('svg path').first().getAttribute('d')) ?? '');
      }
      expect(icons, role).not.toContain(drawingOf(FALLBACK_SECTION_ICON));
      expect(icons.every(Boolean), role).toBe(true);
      expect(new Set(icons).size, role).toBe(sections.length);
      const iconOf = (name: string) => icons[sections.findIndex((section) => section.name === name)];
      if (role === 'TEACHER') {
        expect(iconOf('rooms')).toBe(drawingOf(ENTITY_ICONS.rooms));
        expect(iconOf('profile')).toBe(drawingOf(PAGE_ICONS.profile!));
      }
      if (sections.some((section) => section.name === 'guideline')) expect(iconOf('guideline')).toBe(drawingOf(ENTITY_ICONS.guidelines));
    }
    // Four sign-ins, each role's first screen scanned by axe-core in both themes.
  }, 120_000);

  it("preselects a teacher's only subject on a new question and a new topic", async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions/add');
    await expect.poll(() => page.getByRole('combobox', { name: named('Subject') }).inputValue(), { timeout: 10_000 }).toBe('Data Structures (CS201)');
    await page.goto('/teacher/topics/add');
    await expect.poll(() => page.getByRole('combobox', { name: 'Subject', exact: true }).inputValue(), { timeout: 10_000 }).toBe('Data Structures');
  });

  it('puts every message of every generated form, submitted empty, under the field it names', async () => {
    const screens = createScreens();
    const seen: string[] = [];
    const pages = new Map<Role, Page>();
    for (const { def, role, path } of screens) {
      let page = pages.get(role);
      if (!page) {
        page = (await e.newPage()).page;
        await signIn(page, usernameOf(role), role);
        pages.set(role, page);
      }
      // From screen to screen inside the app, as a user goes (no reload), each screen settled: its
      // chunks (and the form's, loaded on demand) arrived, nothing loading.
      await openInApp(page, path);
      const submit = page.getByRole('button', { name: `Add ${def.singular.toLowerCase()}` });
      // A generated form must come (on a busy machine it may render after the network is quiet);
      // a hand-written editor is told by its having none.
      if (!HAND_WRITTEN.includes(`${role} ${def.resource}`)) await page.locator('form.rjsf').first().waitFor({ timeout: 15_000 });
      if (!(await page.locator('form.rjsf').count())) {
        seen.push(`${role} ${def.resource}`);
        continue;
      }
      await submit.click();
      const model = formModelOf(def, role, 'create');
      // Submitted empty: nothing typed, the lists of plain values with the blank fields they start with.
      const result = model.validation.safeParse(emptyValueLists(model));
      expect(result.success, `${role} ${def.resource}`).toBe(false);
      await expectMessagesOnFields(page, fieldErrorsOfIssues(result.error!.issues));
    }
    // A new entity with a create screen is walked here; only the hand-written editors are not RJSF forms.
    expect(seen.sort()).toEqual([...HAND_WRITTEN].sort());
    expect(screens.length).toBeGreaterThan(HAND_WRITTEN.length + 8);
  }, 300_000);

  it('keeps each message of the hand-written question and quiz editors, submitted empty, under the field it names', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    for (const [path, save, expected] of [
      ['/teacher/questions/add', 'Save question', { Module: 'Select the module', 'Question type': 'Select the question type', 'Question text': 'Question is required', Difficulty: 'Choose difficulty' }],
      ['/teacher/quiz/create', 'Save quiz', { Name: 'Name is required', Subjects: 'At least one subject is required', Group: 'Group is required' }],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: save }).click();
      for (const [label, message] of Object.entries(expected)) {
        const line = page.locator('.MuiFormHelperText-root.Mui-error').filter({ hasText: message });
        await line.waitFor();
        // The message is the helper line of the control labelled with its field's name.
        const owner = await line.evaluate((node) => {
          const control = node.closest('.MuiFormControl-root');
          const box = control?.getBoundingClientRect();
          const own = node.getBoundingClientRect();
          return { label: control?.querySelector('label')?.textContent?.replace(/\s*\*$/, '').trim(), below: !!box && own.y >= box.y && own.x >= box.x && own.x < box.x + box.width };
        });
        expect(owner, `${path}: ${message}`).toEqual({ label, below: true });
      }
    }
  });

  it("puts the server's refusal of a value the form accepts under its field (a subject code already in use)", async () => {
    const { page } = await e.newPage();
    await signIn(page, 'institute-head', 'INSTITUTE-HEAD');
    await page.goto('/institute-head/subject/create');
    await page.getByRole('textbox', { name: named('Subject name') }).fill('Algorithms');
    await page.getByRole('textbox', { name: named('Code') }).fill('cs201');
    await page.getByRole('textbox', { name: named('Semester') }).fill('3');
    await page.getByRole('button', { name: 'Add subject' }).click();
    await expectMessagesOnFields(page, { code: 'This code is already in use' });
    await e.expectApiRefusals(['409 POST /api/subjects']);
  });
});
