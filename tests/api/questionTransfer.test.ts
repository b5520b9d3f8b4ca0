import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, useTestApp, type TestApp } from './helper';
import { created } from './fixtures';
import { TEMPLATE_COLUMNS } from '../../server/questions/sheet';

const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, '../fixtures/questions', name));

/** A multipart body built by hand, as a browser would send it. */
function multipart(fields: Record<string, string | number>, file?: { name: string; content: Buffer }) {
  const boundary = '----question-transfer-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importFile = (t: TestApp, token: string, fields: Record<string, string | number>, file?: { name: string; content: Buffer }) => {
  const body = multipart(fields, file);
  return t.portal.app.inject({ method: 'POST', url: '/api/questions/import', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
};

const sheet = (rows: unknown[][]) => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Questions');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const countQuestions = async (t: TestApp) =>
  Number((await t.portal.database.db.selectFrom('questions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The answer key and text of a question record, to compare an import with its source. */
function keyOf(q: Record<string, any>) {
  const choice = q.type === 'single' || q.type === 'multiple';
  return {
    type: q.type,
    question: q.question,
    ...(choice ? { options: q.options.map((o: { text: string; correct: boolean }) => ({ text: o.text, correct: o.correct })) } : {}),
    ...(q.type === 'multiple' ? { scoring: q.scoring } : {}),
    ...(q.type === 'true_false' ? { correct_bool: q.correct_bool } : {}),
    ...(q.type === 'numeric' ? { numeric_value: q.numeric_value, numeric_tolerance: q.numeric_tolerance } : {}),
    ...(q.type === 'short_answer' ? { accepted_answers: q.accepted_answers } : {}),
  };
}

describeDb('question import and export', () => {
  const t = useTestApp();
  let teacher: string;
  let subject: number;
  let module: number;
  let topic: number;
  let otherSubjectModule: number;
  let otherDepartmentModule: number;
  let teacherId: number;
  let departmentId: number;
  let otherDepartment: number;

  /** GET /api/questions for these ids, in id order. */
  const listed = async (ids: number[]) => {
    const res = await t.request('GET', `/api/questions?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}&range=[0,999]`, { token: teacher });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Record<string, any>[]).sort((a, b) => a.id - b.id);
  };
  const base = () => ({ subject, module });

  beforeAll(async () => {
    teacher = await t.login('teacher', 'TEACHER');
    const db = t.portal.database.db;
    subject = (await db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const me = await db.selectFrom('users').select(['id', 'institute_id', 'department_id']).where('username', '=', 'teacher').executeTakeFirstOrThrow();
    teacherId = me.id;
    departmentId = me.department_id!;
    module = created(await t.request('POST', '/api/modules', { token: teacher, body: { course_outcome_name: 'Trees', subject_id: subject } }), 'module').id;
    topic = created(await t.request('POST', '/api/topics', { token: teacher, body: { name: 'Heaps', module_id: module } }), 'topic').id;

    const head = await t.login('institute-head', 'INSTITUTE-HEAD');
    const algorithms = created(await t.request('POST', '/api/subjects', { token: head, body: { subjectname: 'Algorithms', code: 'CS301', semester: '5' } }), 'subject');
    otherSubjectModule = created(await t.request('POST', '/api/modules', { token: teacher, body: { course_outcome_name: 'Sorting', subject_id: algorithms.id } }), 'module').id;

    // Another department of the same institute, with a module of the same subject.
    const now = Date.now();
    const other = await db.insertInto('departments').values({ institute_id: me.institute_id!, name: 'Mathematics', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    otherDepartment = other.id;
    otherDepartmentModule = (
      await db
        .insertInto('modules')
        .values({ course_outcome_name: 'Their trees', subject_id: subject, institute_id: me.institute_id, department_id: other.id, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('offers the spreadsheet template with its columns and a How to fill sheet', async () => {
    const res = await t.request('GET', '/api/questions/import/template', { token: teacher });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="questions-template.xlsx"');
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Questions', 'How to fill']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets.Questions, { header: 1 })[0]).toEqual([...TEMPLATE_COLUMNS]);
  });

  it('imports an Aiken file into the teacher\'s department, with the form\'s module, topic and defaults', async () => {
    const before = await countQuestions(t);
    const res = await importFile(t, teacher, { format: 'aiken', ...base(), topic, marks: 2, difficulty: 'easy' }, { name: 'bank.txt', content: fixture('aiken-valid.txt') });
    expect(res.statusCode, res.body).toBe(201);
    const { imported, ids } = res.json().data;
    expect(imported).toBe(4);
    expect(await countQuestions(t)).toBe(before + 4);
    const records = await listed(ids);
    expect(records.map((r) => r.question)[0]).toBe('Which data structure works first in, first out?');
    for (const r of records) {
      expect(r).toMatchObject({ type: 'single', subject, module, topic, marks: 2, time_required: 1, difficulty: 'easy', created_by: teacherId });
      expect(r.options.every((o: { id: string }) => typeof o.id === 'string' && o.id.length > 0)).toBe(true);
    }
    const row = await t.portal.database.db.selectFrom('questions').select(['department_id', 'created_by']).where('id', '=', ids[0]).executeTakeFirstOrThrow();
    expect(row).toEqual({ department_id: departmentId, created_by: teacherId });
  });

  it('imports a GIFT file of every type, the format taken from the file name', async () => {
    const res = await importFile(t, teacher, base(), { name: 'bank.gift.txt', content: fixture('gift-all-types.gift.txt') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('13 questions imported');
    const records = await listed(res.json().data.ids);
    expect(records.map((r) => r.type)).toEqual([
      'single', 'multiple', 'multiple', 'true_false', 'true_false', 'numeric', 'numeric', 'short_answer', 'descriptive', 'single', 'single', 'true_false', 'numeric',
    ]);
    expect(records[1]).toMatchObject({ scoring: 'partial', options: [expect.objectContaining({ text: 'Array', correct: true }), expect.anything(), expect.objectContaining({ correct: false })] });
    expect(records[5]).toMatchObject({ numeric_value: 3.14, numeric_tolerance: 0.01 });
    expect(records[10].question).toBe('Which characters start a GIFT comment & a title?');
  });

  it('imports a spreadsheet, rows naming their module and topic by name or id', async () => {
    const res = await importFile(t, teacher, { format: 'xlsx', ...base() }, { name: 'bank.xlsx', content: fixture('questions-valid.xlsx') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.imported).toBe(7);
    const records = await listed(res.json().data.ids);
    expect(records.map((r) => [r.type, r.marks, r.difficulty])).toEqual([
      ['single', 2, 'easy'], ['multiple', 2, 'medium'], ['true_false', 1, 'medium'], ['numeric', 1, 'medium'],
      ['short_answer', 1, 'medium'], ['descriptive', 5, 'hard'], ['multiple', 3, 'medium'],
    ]);
    expect(records[4].accepted_answers).toEqual(['inorder', 'in-order', 'symmetric | LNR']);

    const named = await importFile(t, teacher, { subject }, {
      name: 'named.xlsx',
      content: sheet([
        ['question', 'type', 'correct', 'module', 'topic'],
        ['By name', 'true_false', 'TRUE', 'trees', 'Heaps'],
        ['By id', 'true_false', 'FALSE', module, ''],
      ]),
    });
    expect(named.statusCode, named.body).toBe(201);
    expect((await listed(named.json().data.ids)).map((r) => [r.module, r.topic])).toEqual([[module, topic], [module, null]]);
  });

  it.each([
    ['an Aiken file', 'aiken', 'errors.txt', 'aiken-errors.txt', 'No questions were imported: 4 questions have errors (line 11, answer: ANSWER must name one of the options A-D)', [
      { row: 11, field: 'answer', message: 'ANSWER must name one of the options A-D' },
      { row: 16, field: 'answer', message: 'The question on line 13 has no "ANSWER:" line after its options' },
      { row: 19, field: 'options', message: 'Expected option B here, found C (options run A, B, C, … in order)' },
      { row: 23, field: 'options', message: 'Add at least two options' },
    ]],
    ['a GIFT file', 'gift', 'errors.gift', 'gift-errors.txt', 'No questions were imported: 5 questions have errors (line 6, syntax: Expected "}" but end of input found (line 6, column 8))', [
      { row: 6, field: 'syntax', message: 'Expected "}" but end of input found (line 6, column 8)' },
      { row: 8, field: 'match_pairs', message: 'Write at least 2 subquestions and 3 answers (a pair without a subquestion is an extra wrong answer)' },
      { row: 13, field: 'syntax', message: 'Expected "}" but "x" found (line 13, column 39)' },
      { row: 23, field: 'syntax', message: 'Expected "}" but "~" found (line 23, column 2)' },
      { row: 26, field: 'syntax', message: 'Expected (blank lines separator) but "{" found (line 26, column 41)' },
    ]],
    ['a spreadsheet', 'xlsx', 'errors.xlsx', 'questions-errors.xlsx', 'No questions were imported: 11 rows have errors (row 3, marks: Enter valid marks)', [
      { row: 3, field: 'marks', message: 'Enter valid marks' },
      { row: 4, field: 'options', message: 'Add at least two options' },
      { row: 5, field: 'difficulty', message: 'Choose difficulty' },
      { row: 6, field: 'correct', message: 'E names no option; this row has options A-D' },
      // Matching is a type now; the sheet has no column for its pairs.
      { row: 7, field: 'match_pairs', message: 'Write at least 2 subquestions and 3 answers (a pair without a subquestion is an extra wrong answer)' },
      { row: 8, field: 'correct', message: 'Write TRUE or FALSE' },
      { row: 9, field: 'correct', message: 'Enter the correct value' },
      { row: 10, field: 'option_b', message: 'option_b is empty but a later option is filled; fill the options from option_a on' },
      { row: 11, field: 'question', message: 'Question is required' },
      { row: 12, field: 'scoring', message: 'Choose how the question is scored' },
      { row: 13, field: 'tolerance', message: 'Tolerance cannot be negative' },
    ]],
  ])('imports nothing from %s with errors and names every row or line', async (_what, format, name, file, message, rows) => {
    const before = await countQuestions(t);
    const res = await importFile(t, teacher, { format, ...base() }, { name, content: fixture(file) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
    expect(body.data.rows).toEqual(rows);
    expect(await countQuestions(t)).toBe(before);
  });

  it('checks that the subject, module and topic are the teacher\'s to choose, naming the field', async () => {
    const file = { name: 'one.gift', content: Buffer.from('Q {T}') };
    const cases: [Record<string, string | number>, string, string][] = [
      [{ subject, module: otherDepartmentModule }, 'module', 'Choose a valid module'],
      [{ subject, module: otherSubjectModule }, 'module', 'The module does not belong to the selected subject'],
      [{ subject }, 'module', 'Select the module (a GIFT file names none)'],
      [{ subject: 999_999, module }, 'subject', 'Choose a valid subject'],
      [{ subject, module: otherSubjectModule, topic }, 'module', 'The module does not belong to the selected subject'],
      [{ subject, module, topic: 999_999 }, 'topic', 'Please select a valid topic'],
      [{ subject, module, marks: 0 }, 'marks', 'Enter valid marks'],
      [{ subject, module, difficulty: 'impossible' }, 'difficulty', 'Choose difficulty'],
      [{ subject, module, format: 'csv' }, 'format', 'Choose the format: xlsx, aiken, gift or xml (Moodle XML)'],
    ];
    const before = await countQuestions(t);
    for (const [fields, field, message] of cases) {
      const res = await importFile(t, teacher, fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().data.errors[field]).toBe(message);
      expect(res.json().message).toContain(field);
    }
    // A sheet row may name a module too; another department's is refused on its row.
    const res = await importFile(t, teacher, { subject, module }, {
      name: 'rows.xlsx',
      content: sheet([['question', 'type', 'correct', 'module'], ['Ours', 'true_false', 'TRUE', ''], ['Theirs', 'true_false', 'TRUE', otherDepartmentModule]]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.rows).toEqual([{ row: 3, field: 'module', message: 'No module "' + otherDepartmentModule + '" in the selected subject (write a module\'s id or exact name)' }]);
    expect(await countQuestions(t)).toBe(before);
  });

  it('checks the file: a spreadsheet sent as GIFT, a text that is not UTF-8, an unknown format, an empty file, a renamed executable', async () => {
    const cases: [Record<string, string | number>, { name: string; content: Buffer }, string, string][] = [
      [{ format: 'gift' }, { name: 'bank.xlsx', content: fixture('questions-valid.xlsx') }, 'format', 'This file is a spreadsheet; choose the xlsx format'],
      [{ format: 'gift' }, { name: 'latin1.txt', content: Buffer.from('Caf\xe9 {T}', 'latin1') }, 'file', 'The file is not UTF-8 text; save it again with the UTF-8 encoding'],
      [{}, { name: 'bank.doc', content: Buffer.from('hello') }, 'format', 'Choose the format: xlsx, aiken, gift or xml (Moodle XML)'],
      [{ format: 'aiken' }, { name: 'empty.txt', content: Buffer.from('\n\n') }, 'file', 'The file has no questions'],
      [{ format: 'xlsx' }, { name: 'bank.xlsx', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]) }, 'file', 'Only Excel files are allowed'],
    ];
    for (const [fields, file, field, message] of cases) {
      const res = await importFile(t, teacher, { ...base(), ...fields }, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().data.errors[field]).toBe(message);
    }
  });

  it('refuses a file over 2 MB with 413 and a file of more than 5,000 questions with 400', async () => {
    const big = await importFile(t, teacher, { format: 'gift', ...base() }, { name: 'big.gift', content: Buffer.alloc(2 * 1024 * 1024 + 10, 0x41) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size should be less than 2 MB');
    const many = Array.from({ length: 5001 }, (_, i) => `Q${i}{T}`).join('\n\n');
    const res = await importFile(t, teacher, { format: 'gift', ...base() }, { name: 'many.gift', content: Buffer.from(many) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.file).toBe('The file has more than 5000 questions; split it into smaller files');
  });

  it('lets only teachers import and export', async () => {
    for (const [username, role] of [['student', 'STUDENT'], ['department-head', 'DEPARTMENT-HEAD']] as const) {
      const token = await t.login(username, role);
      expect((await importFile(t, token, base(), { name: 'a.gift', content: Buffer.from('Q {T}') })).statusCode).toBe(403);
      expect((await t.request('GET', '/api/questions/export?format=gift', { token })).statusCode).toBe(403);
      expect((await t.request('GET', '/api/questions/import/template', { token })).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/questions/export?format=gift')).statusCode).toBe(405);
  });

  it('exports as GIFT and as a spreadsheet and imports the same questions back (every type)', async () => {
    const source = await importFile(t, teacher, { ...base(), topic, marks: 3, time_required: 2, difficulty: 'hard' }, { name: 'bank.gift', content: fixture('gift-all-types.gift.txt') });
    const ids: number[] = source.json().data.ids;
    const originals = await listed(ids);

    const gift = await t.request('GET', `/api/questions/export?format=gift&ids=${encodeURIComponent(JSON.stringify(ids))}`, { token: teacher });
    expect(gift.statusCode).toBe(200);
    expect(gift.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gift.headers['content-disposition']).toMatch(/^attachment; filename="questions-\d{4}-\d{2}-\d{2}\.gift\.txt"$/);
    const again = await importFile(t, teacher, { ...base(), topic, marks: 3, time_required: 2, difficulty: 'hard' }, { name: 'export.gift.txt', content: gift.rawPayload });
    expect(again.statusCode, again.body).toBe(201);
    const copies = await listed(again.json().data.ids);
    expect(copies.map(keyOf)).toEqual(originals.map(keyOf));

    // The spreadsheet carries marks, time, difficulty, module and topic itself.
    const xlsx = await t.request('POST', '/api/questions/export', { token: teacher, body: { format: 'xlsx', ids } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="questions-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const fromSheet = await importFile(t, teacher, { subject }, { name: 'export.xlsx', content: xlsx.rawPayload });
    expect(fromSheet.statusCode, fromSheet.body).toBe(201);
    const sheetCopies = await listed(fromSheet.json().data.ids);
    expect(sheetCopies.map(keyOf)).toEqual(originals.map(keyOf));
    for (const c of sheetCopies) expect(c).toMatchObject({ module, topic, marks: 3, time_required: 2, difficulty: 'hard' });
  });

  it('exports single choice as Aiken and refuses other types with a clear 400', async () => {
    const source = await importFile(t, teacher, { format: 'aiken', ...base() }, { name: 'bank.txt', content: fixture('aiken-valid.txt') });
    const ids: number[] = source.json().data.ids;
    const aiken = await t.request('GET', `/api/questions/export?format=aiken&ids=${JSON.stringify(ids)}`, { token: teacher });
    expect(aiken.statusCode).toBe(200);
    expect(aiken.body.split('\n').slice(0, 6)).toEqual(['Which data structure works first in, first out?', 'A. Stack', 'B. Queue', 'C. Binary tree', 'D. Graph', 'ANSWER: B']);
    const again = await importFile(t, teacher, base(), { name: 'export.aiken.txt', content: aiken.rawPayload });
    expect(again.statusCode, again.body).toBe(201);
    // Aiken keeps one line per question: the two-line question comes back on one line.
    const expected = (await listed(ids)).map((q) => ({ ...keyOf(q), question: q.question.replace(/\n/g, ' ') }));
    expect((await listed(again.json().data.ids)).map(keyOf)).toEqual(expected);

    const tf = await importFile(t, teacher, base(), { name: 'tf.gift', content: Buffer.from('Is it? {T}') });
    const mixed = [...ids, tf.json().data.ids[0]];
    const refused = await t.request('GET', `/api/questions/export?format=aiken&ids=${JSON.stringify(mixed)}`, { token: teacher });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Aiken carries single-choice questions only: 1 selected question is of another type \(id \d+\)/);
    expect(refused.json().data.ids).toEqual([tf.json().data.ids[0]]);
  });

  it('neutralises formula-looking text in the spreadsheet export, and reads it back as written', async () => {
    const text = '=HYPERLINK("http://attacker.example","Click")';
    const q = created(
      await t.request('POST', '/api/questions', {
        token: teacher,
        body: { ...base(), type: 'single', question: text, marks: 1, time_required: 1, difficulty: 'easy', options: [{ text: '+1', correct: true }, { text: '@SUM(1)', correct: false }] },
      }),
      'question',
    );
    const res = await t.request('GET', `/api/questions/export?format=xlsx&ids=[${q.id}]`, { token: teacher });
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    const ws = wb.Sheets.Questions;
    expect(ws.A2.f).toBeUndefined();
    expect(ws.A2.v).toBe(`'${text}`);
    expect(ws.C2.v).toBe("'+1");
    const again = await importFile(t, teacher, { subject }, { name: 'back.xlsx', content: res.rawPayload });
    expect(again.statusCode, again.body).toBe(201);
    const [copy] = await listed(again.json().data.ids);
    expect(copy.question).toBe(text);
    expect(copy.options.map((o: { text: string }) => o.text)).toEqual(['+1', '@SUM(1)']);
  });

  it('exports by filter like the list, and only the department\'s questions', async () => {
    const filter = encodeURIComponent(JSON.stringify({ module, type: 'numeric' }));
    const res = await t.request('GET', `/api/questions/export?format=gift&filter=${filter}`, { token: teacher });
    expect(res.statusCode).toBe(200);
    const numeric = await t.portal.database.db.selectFrom('questions').select('id').where('module_id', '=', module).where('type', '=', 'numeric').execute();
    expect(numeric.length).toBeGreaterThan(0);
    expect(res.body.match(/^\/\/ question: /gm)).toHaveLength(numeric.length);
    expect(res.body).not.toMatch(/type: single/);

    // Another department's question is not exported, whether asked for by id or not.
    const now = Date.now();
    const theirs = await t.portal.database.db
      .insertInto('questions')
      .values({ subject_id: subject, module_id: otherDepartmentModule, type: 'true_false', question: 'Theirs', marks: 1, time_required: 1, difficulty: 'easy', correct_bool: 1, department_id: otherDepartment, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byId = await t.request('GET', `/api/questions/export?format=gift&ids=[${theirs.id}]`, { token: teacher });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe("1 selected question was not found in your department's bank");
    const all = await t.request('GET', `/api/questions/export?format=gift&filter=${encodeURIComponent('{"type":"true_false"}')}`, { token: teacher });
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain('Theirs');
    const bad = await t.request('GET', '/api/questions/export?format=gift&ids=[1,"x"]', { token: teacher });
    expect(bad.statusCode).toBe(400);
    const badFilter = await t.request('GET', `/api/questions/export?format=gift&filter=${encodeURIComponent('{"type":"essay"}')}`, { token: teacher });
    expect(badFilter.statusCode).toBe(400);
    // The list's own filters on the author and the date, with its refusals.
    const me = (await t.portal.database.db.selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow()).id;
    const mine = await t.portal.database.db.selectFrom('questions').select('id').where('module_id', '=', module).where('type', '=', 'numeric').where('created_by', '=', me).execute();
    expect(mine.length).toBeGreaterThan(0);
    const byMe = await t.request('GET', `/api/questions/export?format=gift&filter=${encodeURIComponent(JSON.stringify({ module, type: 'numeric', createdBy: 'ME', endDate: '2999-12-31' }))}`, { token: teacher });
    expect(byMe.statusCode, byMe.body).toBe(200);
    expect(byMe.body.match(/^\/\/ question: /gm) ?? []).toHaveLength(mine.length);
    for (const [filter, rule] of [
      [{ createdBy: 0 }, 'createdBy must be "ME" or a user id'],
      [{ startDate: 'soon' }, 'startDate must be a date'],
    ] as const) {
      const refused = await t.request('GET', `/api/questions/export?format=gift&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: teacher });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: `Invalid filter: ${rule}`, data: { errors: { filter: rule } } });
    }
    const badFormat = await t.request('GET', '/api/questions/export?format=csv', { token: teacher });
    expect(badFormat.statusCode).toBe(400);
  });
});
