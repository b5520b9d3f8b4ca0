import { beforeAll, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { Kysely } from 'kysely';
import { describeDb, useTestApp } from './helper';
import { demoTenant, newTenant, type Tenant } from './fixtures';
import { LIST_EXPORT_MAX_ROWS } from '../../server/crud/listExport';
import { QUESTION_TYPE_LABELS } from '../../src/schemas/questions';

/**
 * GET /api/<resource>/list-export: every row the list's filters match (not a page), with the
 * list's columns under the screen's headings, the list's access and row scope, and text cells
 * neutralised against formula injection.
 */
describeDb('list export', () => {
  // A cap above the seeded rows but within reach of the test, to see the 413 on the real server.
  const CAP = 1500;
  const t = useTestApp({ LIST_EXPORT_MAX_ROWS: String(CAP) });
  let a: Tenant;
  let b: Tenant;
  const SEEDED = 1200;

  const url = (resource: string, params: Record<string, unknown>) => {
    const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
    return `/api/${resource}/list-export?${query.toString()}`;
  };
  /** The CSV's rows (BOM removed), each split into cells. */
  const csvRows = (body: string) =>
    XLSX.utils.sheet_to_json<string[]>(XLSX.read(body.replace(/^\ufeff/, ''), { type: 'string', raw: true }).Sheets.Sheet1, { header: 1, raw: false, defval: '' });
  const xlsxRows = (payload: Buffer) => {
    const book = XLSX.read(payload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: '' });
  };

  beforeAll(async () => {
    a = await demoTenant(t);
    b = await newTenant(t, await t.login('admin', 'ADMIN'));
    // More rooms than the list's largest page (1000), in department A: 1,200 in building "North", one of them a formula.
    const db = t.portal.database.db as unknown as Kysely<any>; // rooms are a plain entity: no table type of their own
    const rows = Array.from({ length: SEEDED }, (_, i) => ({
      name: i === 0 ? '=1+1' : `Room ${String(i).padStart(4, '0')}`,
      capacity: 10 + (i % 50),
      building: 'North',
      institute_id: a.institute,
      department_id: a.department,
      created_by: a.who['DEPARTMENT-HEAD'].userId,
      created_at: Date.now(),
      updated_at: Date.now(),
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('rooms').values(rows.slice(i, i + 200)).execute();
  }, 120_000);

  it('exports every filtered row as CSV, more than a page, under the screen headings, with formulas neutralised', async () => {
    const res = await t.request('GET', url('rooms', { format: 'csv', filter: { building: 'North' }, sort: ['name', 'ASC'] }), { token: a.tokens['DEPARTMENT-HEAD'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rooms-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual(['Room', 'Building', 'Capacity']);
    expect(rows.length - 1).toBe(SEEDED);
    // The filter applies: the fixture's room in "Main block" is not there.
    expect(rows.slice(1).every((row) => row[1] === 'North')).toBe(true);
    // The formula comes out as text: a leading apostrophe, as the analysis exports write it.
    expect(rows[1][0]).toBe("'=1+1");
    expect(res.body).not.toMatch(/^=1\+1/m);
    // The sort applies ('=' sorts before 'R'), the last row is the last name.
    expect(rows[SEEDED][0]).toBe('Room 1199');
  });

  it('exports XLSX that parses back, with only the asked columns in the asked order', async () => {
    const res = await t.request('GET', url('rooms', { format: 'xlsx', filter: { building: 'North' }, sort: ['name', 'ASC'], columns: ['capacity', 'name'] }), {
      token: a.tokens['DEPARTMENT-HEAD'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(['Capacity', 'Room']);
    expect(rows).toHaveLength(SEEDED + 1);
    expect(rows[1]).toEqual([10, "'=1+1"]);
    expect(rows[2]).toEqual([11, 'Room 0001']);
  });

  it('searches as the list does', async () => {
    const res = await t.request('GET', url('rooms', { format: 'csv', filter: { q: 'room 001' } }), { token: a.tokens.TEACHER });
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.body).slice(1).map((row) => row[0]).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Room 001${i}`));
  });

  it("keeps to the caller's rows: another department's head gets none of them, a student may not export", async () => {
    const other = await t.request('GET', url('rooms', { format: 'csv' }), { token: b.tokens['DEPARTMENT-HEAD'] });
    expect(other.statusCode).toBe(200);
    const names = csvRows(other.body).slice(1).map((row) => row[0]);
    expect(names).toHaveLength(1); // department B's own room only
    expect(names.some((name) => name.includes('=1+1') || name.startsWith('Room 0'))).toBe(false);

    const student = await t.request('GET', url('rooms', { format: 'csv' }), { token: a.tokens.STUDENT });
    expect(student.statusCode).toBe(403);
    expect(student.json().success).toBe(false);

    const anonymous = await t.request('GET', url('rooms', { format: 'csv' }));
    expect([401, 405]).toContain(anonymous.statusCode);
  });

  it('writes references as names and choices as labels', async () => {
    const modules = await t.request('GET', url('modules', { format: 'csv', filter: { id: [a.module] } }), { token: a.tokens.TEACHER });
    expect(modules.statusCode).toBe(200);
    const subject = (await t.request('GET', `/api/subjects/${a.subject}`, { token: a.tokens.TEACHER })).json().data;
    const [header, row] = csvRows(modules.body);
    expect(header).toEqual(['Module name', 'Subject']);
    expect(row[1]).toBe(subject.subjectname);

    const questions = await t.request('GET', url('questions', { format: 'csv', filter: { id: [a.question] }, columns: ['type', 'module'] }), { token: a.tokens.TEACHER });
    expect(questions.statusCode).toBe(200);
    const moduleName = (await t.request('GET', `/api/modules/${a.module}`, { token: a.tokens.TEACHER })).json().data.course_outcome_name;
    const question = (await t.request('GET', `/api/questions/${a.question}`, { token: a.tokens.TEACHER })).json().data;
    expect(csvRows(questions.body)[1]).toEqual([QUESTION_TYPE_LABELS[question.type as keyof typeof QUESTION_TYPE_LABELS], moduleName]);
  });

  it('refuses a bad format, an unknown column or filter with a 400 naming the field', async () => {
    const token = a.tokens['DEPARTMENT-HEAD'];
    const format = await t.request('GET', url('rooms', { format: 'pdf' }), { token });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toMatch(/format must be csv or xlsx/);

    const column = await t.request('GET', url('rooms', { format: 'csv', columns: ['password'] }), { token });
    expect(column.statusCode).toBe(400);
    expect(column.json().data.errors).toEqual({ columns: '"password" is not a column of this list' });

    const filter = await t.request('GET', url('rooms', { format: 'csv', filter: { created_by: 1 } }), { token });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().data.errors).toEqual({ filter: 'cannot filter by "created_by"' });
  });

  it('refuses more rows than the cap with a 413 naming both numbers, and exports once the filters narrow them', async () => {
    expect(LIST_EXPORT_MAX_ROWS).toBe(100_000); // the default cap
    const db = t.portal.database.db as unknown as Kysely<any>; // rooms are a plain entity: no table type of their own
    const more = Array.from({ length: 400 }, (_, i) => ({
      name: `Annex ${i}`,
      capacity: 5,
      building: 'Annex',
      institute_id: a.institute,
      department_id: a.department,
      created_by: a.who['DEPARTMENT-HEAD'].userId,
      created_at: Date.now(),
      updated_at: Date.now(),
    }));
    await db.insertInto('rooms').values(more).execute();
    const token = a.tokens['DEPARTMENT-HEAD'];
    const all = await t.request('GET', url('rooms', { format: 'xlsx' }), { token });
    expect(all.statusCode).toBe(413);
    expect(all.json()).toMatchObject({
      success: false,
      message: `The filters match ${(SEEDED + 401).toLocaleString('en-US')} rows; an export holds at most 1,500. Narrow the filters and export again.`,
    });
    const annex = await t.request('GET', url('rooms', { format: 'csv', filter: { building: 'Annex' } }), { token });
    expect(annex.statusCode).toBe(200);
    expect(csvRows(annex.body)).toHaveLength(401);
  });
});
