import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entities } from '../../src/schemas';
import { excelFileProblem, studentUploadSchema } from '../../src/schemas/studentUpload';
import { optionalIdRef } from '../../src/schemas/fields';
import { departmentOfInstitute, insertStudentAccounts, takenAccountValues } from '../accounts/studentImport';
import { ok } from '../lib/envelope';
import { fieldErrors, validationError } from '../lib/validation';
import { assertSafeWorkbook, STUDENT_SHEET_LIMITS } from '../upload/spreadsheet';
import { refuseStudentRows, SHEET_COLUMNS, studentTemplateWorkbook, type RowError } from '../upload/studentSheet';
import { withImportPlace } from '../upload/importGate';
import { parseOffThread } from '../upload/offThread';

export { SHEET_COLUMNS };

const formFields = z.object({ departmentId: optionalIdRef('Please select department') });

const studentUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = entities.students.access.create ?? [];
  const onRequest = app.requireRole(...roles);

  app.get(
    '/students/upload/template',
    { onRequest, schema: { tags: ['students'], summary: 'The student sheet template (.xlsx)' } },
    async (_req, reply) => {
      const workbook = studentTemplateWorkbook();
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
    (req, reply) => withImportPlace(app, req, reply, async ({ fields, file }) => {
      const caller = req.user!;
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
        const dept = chosen ? await departmentOfInstitute(app.db, chosen, caller.instituteId) : undefined;
        if (!dept) throw validationError({ departmentId: 'Please select department' });
        departmentId = dept.id;
      }

      await assertSafeWorkbook(file.buffer, STUDENT_SHEET_LIMITS);
      // Reading the sheet and checking every row against the student schema run on a worker thread.
      const sheet = await parseOffThread({
        kind: 'students',
        file: file.buffer,
        role: caller.role,
        semester: form.data.semester,
        batch: form.data.batch,
        departmentId,
      });
      if (sheet.problem) throw validationError({ file: sheet.problem });
      const { valid } = sheet;
      const errors: RowError[] = [...sheet.errors];

      // Accounts that already exist, looked up in chunks rather than row by row.
      const rowOf = { username: new Map(sheet.firstRow.username), email: new Map(sheet.firstRow.email) };
      for (const key of ['username', 'email'] as const) {
        for (const value of await takenAccountValues(app.db, key, [...rowOf[key].keys()])) {
          errors.push({ row: rowOf[key].get(value)!, field: key, message: key === 'username' ? 'This username is already taken' : 'This email is already used by another account' });
        }
      }

      if (errors.length) refuseStudentRows(errors);

      // The initial passwords, their hashes and the sheet that shows them, made on a worker thread.
      const { passwords, hashes, sheet: passwordSheet } = await parseOffThread({
        kind: 'student-accounts',
        accounts: valid.map(({ data }) => ({ fullname: data.fullname, username: data.username.toLowerCase(), email: data.email.toLowerCase() })),
      });
      const now = Date.now();
      const students = valid.map(({ data }, i) => ({
        fullname: data.fullname,
        username: data.username.toLowerCase(),
        email: data.email.toLowerCase(),
        phone: data.phone,
        semester: data.semester,
        batch: data.batch,
        passwordHash: hashes[i],
      }));
      await app.db.transaction().execute((trx) =>
        insertStudentAccounts(trx, students, { instituteId: caller.instituteId, departmentId, createdBy: caller.userId, now }),
      );

      const accounts = valid.map(({ data }, i) => ({ fullname: data.fullname, username: data.username.toLowerCase(), email: data.email.toLowerCase(), initialPassword: passwords[i] }));
      reply.code(201);
      return ok(
        { imported: accounts.length, accounts, passwordSheet: Buffer.from(passwordSheet.buffer, passwordSheet.byteOffset, passwordSheet.byteLength).toString('base64') },
        `${accounts.length} student${accounts.length === 1 ? '' : 's'} imported`,
      );
    }),
  );
};

export default studentUploadRoutes;
