import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError } from '../lib/errors';
import { writeWorkbook } from '../upload/workbook';
import { aikenProblem, writeAiken } from './aiken';
import { giftProblem, moodleProblem, writeGift } from './gift';
import { writeMoodleXml } from './moodleXml';
import { imagesOf } from './imageStore';
import { questionSheetRows, sheetProblem } from './sheet';
import { fromStoredRow } from './store';
import { plural } from './transferForm';
import { departmentBank } from './transferQueries';
import type { ExportQuestion, TransferFormat } from './types';
import type { BankLookup } from './validate';

/** Writing an export of questions: the file in the chosen format, or the refusal naming what it cannot carry. */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportFile {
  contentType: string;
  filename: string;
  body: string | Buffer;
}

const day = () => new Date().toISOString().slice(0, 10);

/** How a sheet names a module or topic: its name when no sibling shares it (names travel between portals), else its id. */
function namer(bank: BankLookup) {
  const key = (scope: number, name: string) => `${scope}|${name.trim().toLowerCase()}`;
  const moduleNames = new Map<string, number>();
  for (const m of bank.modules) moduleNames.set(key(m.subject_id, m.name), (moduleNames.get(key(m.subject_id, m.name)) ?? 0) + 1);
  const topicNames = new Map<string, number>();
  for (const t of bank.topics) topicNames.set(key(t.module_id, t.name), (topicNames.get(key(t.module_id, t.name)) ?? 0) + 1);
  const modules = new Map(bank.modules.map((m) => [m.id, m]));
  const topics = new Map(bank.topics.map((t) => [t.id, t]));
  const plain = (name: string) => !/^\d+$/.test(name.trim());
  return {
    module(id: number) {
      const m = modules.get(id);
      return m && moduleNames.get(key(m.subject_id, m.name)) === 1 && plain(m.name) ? m.name : id;
    },
    topic(id: number | null) {
      if (id === null) return null;
      const t = topics.get(id);
      return t && topicNames.get(key(t.module_id, t.name)) === 1 && plain(t.name) ? t.name : id;
    },
  };
}

/** A format that would mark a question differently refuses the export, naming each such question. */
function refuseUnwritable(rows: Record<string, unknown>[], problemOf: (q: ExportQuestion) => string | null) {
  const problems = rows.flatMap((r) => {
    const problem = problemOf(fromStoredRow(r));
    return problem ? [`question ${Number(r.id)} ${problem}`] : [];
  });
  if (!problems.length) return;
  const message = `These questions would be marked differently after export: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? '; …' : ''}`;
  throw new AppError(400, message, 'UNSUPPORTED_MARKING', { errors: { format: message } });
}

/**
 * The export file of these questions in the format: its content type, file name and content.
 * Refused (400, naming the questions) when the format cannot carry a question or would mark it
 * differently.
 */
export async function questionExportFile(
  db: Kysely<Database>,
  caller: { departmentId: number },
  format: TransferFormat,
  rows: Record<string, unknown>[],
): Promise<ExportFile> {
  if (format === 'aiken') {
    const others = rows.filter((r) => r.type !== 'single');
    if (others.length) {
      const ids = others.map((r) => Number(r.id));
      const shown = ids.length > 10 ? `${ids.slice(0, 10).join(', ')}, …` : ids.join(', ');
      const message = `Aiken carries single-choice questions only: ${plural(others.length, 'selected question')} ${others.length === 1 ? 'is' : 'are'} of another type (id ${shown}); export them as GIFT or Excel, or leave them out`;
      throw new AppError(400, message, 'UNSUPPORTED_TYPE', { errors: { format: message }, ids });
    }
    refuseUnwritable(rows, aikenProblem);
    return { contentType: 'text/plain; charset=utf-8', filename: `questions-${day()}.aiken.txt`, body: writeAiken(rows.map(fromStoredRow)) };
  }
  if (format === 'xml') {
    refuseUnwritable(rows, (q) => moodleProblem(q, 'xml'));
    // The images the questions show travel inside the file, as Moodle's embedded files.
    const texts = rows.flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string'));
    const images = await imagesOf(db, caller.departmentId, texts);
    return { contentType: 'application/xml; charset=utf-8', filename: `questions-${day()}.moodle.xml`, body: writeMoodleXml(rows.map(fromStoredRow), images) };
  }
  if (format === 'gift') {
    refuseUnwritable(rows, giftProblem);
    return { contentType: 'text/plain; charset=utf-8', filename: `questions-${day()}.gift.txt`, body: writeGift(rows.map(fromStoredRow)) };
  }
  refuseUnwritable(rows, sheetProblem);
  const names = namer(await departmentBank(db, caller));
  const list = rows.map((r) => fromStoredRow({ ...r, module: names.module(Number(r.module_id)), topic: names.topic(r.topic_id == null ? null : Number(r.topic_id)) }));
  const { header, rows: cells } = questionSheetRows(list);
  return { contentType: XLSX_TYPE, filename: `questions-${day()}.xlsx`, body: writeWorkbook('Questions', header, cells) };
}
