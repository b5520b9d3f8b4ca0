import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope';
import { questionExportFile, XLSX_TYPE, type ExportFile } from '../questions/exportFile';
import { importPreviewOf, readQuestionImport, refuseImportRows } from '../questions/importFile';
import { TEMPLATE_COLUMNS, templateHelpRows } from '../questions/sheet';
import { exportBody, exportQuery, parseIds, plural, transferringTeacher } from '../questions/transferForm';
import { selectForExport, storeImportedQuestions } from '../questions/transferQueries';
import { writeWorkbook } from '../upload/workbook';
import { withImportPlace } from '../upload/importGate';

/**
 * Bulk import and export of the question bank (teachers):
 * - POST /api/questions/import/preview (the same form): reads the file and stores nothing; answers
 *   every question with what it becomes and every refused one with its line (row) and the reason.
 * - POST /api/questions/import (multipart: format, subject, module, topic, marks, time_required,
 *   difficulty, skip_refused, file): a spreadsheet, an Aiken, a GIFT or a Moodle XML file. All
 *   questions or none: any error answers 400 with every problem by row (sheet) or line (text), and
 *   nothing is stored; with skip_refused=true (after the preview) the questions that can be
 *   imported are stored, in one transaction, and the refused ones are left out. A Moodle XML file's
 *   embedded images are stored in the same transaction (server/questions/moodleFiles.ts).
 * - GET /api/questions/import/template: the spreadsheet template with a 'How to fill' sheet.
 * - GET /api/questions/export?format=xlsx|aiken|gift|xml&ids=[1,2] (or filter={...} like the list),
 *   and POST /api/questions/export with the same as JSON for long selections.
 */

const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
const sendFile = (reply: FastifyReply, file: ExportFile) => attachment(reply, file.contentType, file.filename).send(file.body);

const questionTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRole('TEACHER');
  const tags = ['questions'];

  app.get('/questions/import/template', { onRequest, schema: { tags, summary: 'The question sheet template (.xlsx)' } }, async (_req, reply) => {
    const workbook = writeWorkbook('Questions', [...TEMPLATE_COLUMNS], [], [{ name: 'How to fill', rows: templateHelpRows() }]);
    return attachment(reply, XLSX_TYPE, 'questions-template.xlsx').send(workbook);
  });

  app.post(
    '/questions/import/preview',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Read an import file without storing anything (same multipart form as the import): every question with what it becomes, and every refused question with its line and the reason',
      },
    },
    (req, reply) => withImportPlace(app, req, reply, async ({ fields, file }) => {
      const { format, kind, result, bank } = await readQuestionImport(app.db, req.user, fields, file);
      const questions = result.valid.map((v) => importPreviewOf(v, bank));
      const refusals = result.errors.map((e) => ({ line: e.row, field: e.field, message: e.message }));
      const images = questions.reduce((n, q) => n + q.images, 0);
      return ok(
        { format, rowsAre: kind === 'sheet' ? 'rows' : 'lines', questions, refusals, refused: result.bad, images },
        `${plural(questions.length, 'question')}${images ? ` (${plural(images, 'image')})` : ''} can be imported${result.bad ? `, ${plural(result.bad, kind === 'sheet' ? 'row' : 'question')} cannot` : ''}`,
      );
    }),
  );

  app.post(
    '/questions/import',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Import questions from a spreadsheet, an Aiken, a GIFT or a Moodle XML file (multipart: format, subject, module, topic, marks, time_required, difficulty, skip_refused, file)',
      },
    },
    (req, reply) => withImportPlace(app, req, reply, async ({ fields, file }) => {
      const { caller, kind, result, skipRefused } = await readQuestionImport(app.db, req.user, fields, file);
      const { valid, errors, bad } = result;
      // All or none, unless the teacher saw the preview and chose to leave the refused questions out.
      if (errors.length && (!skipRefused || valid.length === 0)) refuseImportRows(errors, Math.max(1, bad), kind);

      // The questions and their images in one transaction: nothing is stored unless everything is.
      const { ids, images } = await storeImportedQuestions(app.db, caller, valid, Date.now());
      reply.code(201);
      return ok({ imported: ids.length, ids, skipped: errors.length ? bad : 0, images }, `${plural(ids.length, 'question')} imported${images ? ` with ${plural(images, 'image')}` : ''}`);
    }),
  );

  app.get(
    '/questions/export',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Export questions as xlsx, Aiken or GIFT: ids=[1,2,3] (a JSON list) or filter={...} as in the list',
        querystring: exportQuery,
      },
    },
    async (req, reply) => {
      const caller = transferringTeacher(req.user);
      const rows = await selectForExport(app.db, caller, parseIds(req.query.ids), req.query.filter);
      return sendFile(reply, await questionExportFile(app.db, caller, req.query.format, rows));
    },
  );

  app.post(
    '/questions/export',
    {
      onRequest,
      schema: { tags, summary: 'Export questions (JSON body: format, ids or filter), for selections too long for a URL', body: exportBody },
    },
    async (req, reply) => {
      const caller = transferringTeacher(req.user);
      const { format, ids, filter } = req.body;
      const rows = await selectForExport(app.db, caller, ids, filter === undefined ? undefined : JSON.stringify(filter));
      return sendFile(reply, await questionExportFile(app.db, caller, format, rows));
    },
  );
};

export default questionTransferRoutes;
