import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entities } from '../../src/schemas';
import { createSchemaOf } from '../../src/schemas/entity';
import { excelFileProblem, studentUploadSchema } from '../../src/schemas/studentUpload';
import { optionalIdRef } from '../../src/schemas/fields';
import { generatePassword, hashGeneratedPassword } from '../auth/passwords';
import { AppError } from '../lib/errors';
import { ok } from '../lib/envelope';
import { fieldErrors, validationError } from '../lib/validation';
import { readUploadForm } from '../upload/multipart';
import { assertSafeWorkbook, MAX_SHEET_ROWS, STUDENT_SHEET_LIMITS, writeWorkbook } from '../upload/spreadsheet';
import { withImportPlace } from '../upload/importGate';
import { parseOffThread } from '../upload/offThread';

/** The sheet's columns, in the template's order; headers are matched without case, spaces or punctuation. */
export const SHEET_COLUMNS = ['fullname', 'username', 'email', 'phone'] as const;
type Column = (typeof SHEET_COLUMNS)[number];
const HEADER_ALIASES: Record<string, Column> = {
  fullname: 'fullname', name: 'fullname', studentname: 'fullname',
  username: 'username', login: 'username',
  email: 'email', emailaddress: 'email', mail: 'email',
  phone: 'phone', mobile: 'phone', phonenumber: 'phone', contact: 'phone',
};
const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');

export interface RowError {
  row: number;
  field: string;
  message: string;
}

const formFields = z.object({ departmentId: optionalIdRef('Please select department') });

const studentUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = entities.students.access.create ?? [];
  const onRequest = app.requireRole(...roles);

  app.get(
    '/students/upload/template',
    { onRequest, schema: { tags: ['students'], summary: 'The student sheet template (.xlsx)' } },
    async (_req, reply) => {
      const workbook = writeWorkbook('Students', [...SHEET_COLUMNS], [], [
        {
          name: 'How to fill',
          rows: [
            ['One student per row, from row 2 of the Students sheet. Keep the header row.'],
            ['fullname: letters and spaces, at most 50 characters'],
            ['username: at most 20 characters (letters, digits, . _ - @), unique'],
            ['email: a valid address, unique'],
            ['phone: exactly 10 digits'],
            [`At most ${MAX_SHEET_ROWS} students per sheet and 2 MB per file. Semester and batch are chosen on the upload page.`],
          ],
        },
      ]);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="students-template.xlsx"')
        .send(workbook);
    },
  );

  /**
   * All rows or none: every row is validated with the student schema first, and only a
   * sheet without a single bad row is imported, in one transaction.
   */
  app.post(
    '/students/upload',
    { onRequest, schema: { tags: ['students'], summary: 'Import students from an Excel sheet (multipart: semester, batch, file)' } },
    (req, reply) => withImportPlace(app, reply, async () => {
      const caller = req.user!;
      const { fields, file } = await readUploadForm(req);
      const form = studentUploadSchema.safeParse({ ...fields, file: { filename: file.filename, size: file.buffer.length } });
      if (!form.success) throw validationError(fieldErrors(form.error.issues));
      const extra = formFields.safeParse(fields);
      if (!extra.success) throw validationError(fieldErrors(extra.error.issues));
      const fileProblem = excelFileProblem({ filename: file.filename, size: file.buffer.length });
      if (fileProblem) throw validationError({ file: fileProblem });

      // Department: the institute head picks one of their institute's; others upload into their own.
      let departmentId = caller.departmentId;
      if (caller.role === 'INSTITUTE-HEAD') {
        const chosen = extra.data.departmentId;
        const dept = chosen
          ? await app.db.selectFrom('departments').select('id').where('id', '=', chosen).where('institute_id', '=', caller.instituteId).executeTakeFirst()
          : undefined;
        if (!dept) throw validationError({ departmentId: 'Please select department' });
        departmentId = dept.id;
      }

      await assertSafeWorkbook(file.buffer, STUDENT_SHEET_LIMITS);
      const [header = [], ...body] = await parseOffThread({ kind: 'student-sheet', file: file.buffer });
      const columnIndex = new Map<Column, number>();
      header.forEach((h, i) => {
        const column = HEADER_ALIASES[normaliseHeader(h)];
        if (column && !columnIndex.has(column)) columnIndex.set(column, i);
      });
      const missing = SHEET_COLUMNS.filter((c) => !columnIndex.has(c));
      if (missing.length) {
        const message = `The sheet's first row must name the columns ${SHEET_COLUMNS.join(', ')} (missing: ${missing.join(', ')})`;
        throw validationError({ file: message });
      }
      // Row numbers are the spreadsheet's: the header is row 1. Blank rows are skipped.
      const rows = body
        .map((cells, i) => ({ row: i + 2, cells }))
        .filter(({ cells }) => cells.some((c) => c !== ''));
      if (rows.length === 0) throw validationError({ file: 'The sheet has no student rows' });
      if (rows.length > MAX_SHEET_ROWS) throw validationError({ file: `The sheet has more than ${MAX_SHEET_ROWS} student rows; split it` });

      const schema = createSchemaOf(entities.students, caller.role);
      const errors: RowError[] = [];
      const valid: { row: number; data: Record<string, string> }[] = [];
      const seen = { username: new Map<string, number>(), email: new Map<string, number>() };
      for (const { row, cells } of rows) {
        const record = Object.fromEntries(SHEET_COLUMNS.map((c) => [c, cells[columnIndex.get(c)!] ?? '']));
        const parsed = schema.safeParse({ ...record, semester: form.data.semester, batch: form.data.batch, departmentId });
        if (!parsed.success) {
          for (const [field, message] of Object.entries(fieldErrors(parsed.error.issues))) errors.push({ row, field, message });
          continue;
        }
        const data = parsed.data as Record<string, string>;
        let duplicate = false;
        for (const key of ['username', 'email'] as const) {
          const value = data[key].toLowerCase();
          const first = seen[key].get(value);
          if (first !== undefined) {
            errors.push({ row, field: key, message: `Same ${key} as row ${first}` });
            duplicate = true;
          } else seen[key].set(value, row);
        }
        if (!duplicate) valid.push({ row, data });
      }

      // Accounts that already exist, looked up in chunks rather than row by row.
      const rowOf = { username: seen.username, email: seen.email };
      for (const key of ['username', 'email'] as const) {
        const values = [...rowOf[key].keys()];
        for (let i = 0; i < values.length; i += 500) {
          const chunk = values.slice(i, i + 500);
          const taken = await app.db
            .selectFrom('users')
            .select(key)
            .where((eb) => eb(eb.fn('lower', [key]), 'in', chunk))
            .execute();
          for (const t of taken) {
            const value = String(t[key]).toLowerCase();
            errors.push({ row: rowOf[key].get(value)!, field: key, message: key === 'username' ? 'This username is already taken' : 'This email is already used by another account' });
          }
        }
      }

      if (errors.length) {
        errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
        const badRows = new Set(errors.map((e) => e.row)).size;
        const first = errors[0];
        throw new AppError(
          400,
          `No students were imported: ${badRows} row${badRows === 1 ? ' has' : 's have'} errors (row ${first.row}, ${first.field}: ${first.message})`,
          'BAD_ROWS',
          { errors: { file: `${badRows} row(s) have errors` }, rows: errors },
        );
      }

      const passwords = valid.map(() => generatePassword());
      const hashes = passwords.map(hashGeneratedPassword);
      const now = Date.now();
      await app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < valid.length; i += 500) {
          await trx
            .insertInto('users')
            .values(
              valid.slice(i, i + 500).map(({ data }, j) => ({
                role: 'STUDENT' as const,
                username: data.username.toLowerCase(),
                password_hash: hashes[i + j],
                email: data.email.toLowerCase(),
                fullname: data.fullname,
                phone: data.phone,
                semester: data.semester,
                batch: data.batch,
                institute_id: caller.instituteId,
                department_id: departmentId,
                must_change_password: 1,
                created_by: caller.userId,
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
        }
      });

      const accounts = valid.map(({ data }, i) => ({ fullname: data.fullname, username: data.username.toLowerCase(), email: data.email.toLowerCase(), initialPassword: passwords[i] }));
      const sheet = writeWorkbook('Initial passwords', ['fullname', 'username', 'email', 'initialPassword'], accounts.map((a) => [a.fullname, a.username, a.email, a.initialPassword]));
      reply.code(201);
      return ok(
        { imported: accounts.length, accounts, passwordSheet: sheet.toString('base64') },
        `${accounts.length} student${accounts.length === 1 ? '' : 's'} imported`,
      );
    }),
  );
};

export default studentUploadRoutes;
