import { inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { badRequest, tooLarge } from '../lib/errors';
import { EXCEL_ONLY_MESSAGE } from '../../src/schemas/studentUpload';
import { entryData, readZipDirectory, type ZipEntry } from './zipDirectory';

/** Rows a sheet may hold (after its header row). */
export const MAX_SHEET_ROWS = 10_000;
/** What an .xlsx may unpack to; a 2 MB workbook of 10,000 students unpacks to a few MB. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Cells of a sheet a parse may read: rows x a generous number of columns. */
const MAX_COLUMNS = 30;

export type SheetKind = 'xlsx' | 'xls';

/** The workbook's kind judged by its first bytes, not by its name. */
export function sheetKind(buf: Buffer): SheetKind | undefined {
  if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50) return 'xlsx'; // PK\3\4: a zip (Office Open XML)
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls'; // OLE2
  return undefined;
}

const MACRO_MESSAGE = 'Macro-enabled workbooks are not allowed; save the sheet as a plain .xlsx workbook';

const BOMB_MESSAGE = 'The spreadsheet unpacks to more data than a student sheet can hold';
const UNREADABLE = () => badRequest('The spreadsheet could not be read; save it again as .xlsx and retry', { file: 'The spreadsheet could not be read' });

/**
 * The directory's sizes are only claims, and the parser inflates each entry to its end whatever they
 * say: an entry is unpacked here with an output limit of its declared size, so one that claims 1 KB
 * but holds gigabytes of zeros is refused after that 1 KB instead of costing seconds of CPU.
 */
function assertUnpacksAsDeclared(buf: Buffer, entry: ZipEntry) {
  const data = entryData(buf, entry);
  if (!data) throw UNREADABLE();
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw UNREADABLE();
    return;
  }
  if (entry.method !== 8) throw UNREADABLE();
  let size: number;
  try {
    size = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(BOMB_MESSAGE);
    throw UNREADABLE();
  }
  if (size > entry.uncompressedSize) throw tooLarge(BOMB_MESSAGE);
  if (size !== entry.uncompressedSize) throw UNREADABLE();
}

/** Refuses what is not a plain workbook before the parser sees it: other files, macros, zip bombs (declared or disguised). */
export function assertSafeWorkbook(buf: Buffer): SheetKind {
  const kind = sheetKind(buf);
  if (!kind) throw badRequest(EXCEL_ONLY_MESSAGE, { file: EXCEL_ONLY_MESSAGE });
  if (kind === 'xlsx') {
    const entries = readZipDirectory(buf);
    if (!entries || !entries.some((e) => e.name === '[Content_Types].xml')) {
      throw badRequest(EXCEL_ONLY_MESSAGE, { file: EXCEL_ONLY_MESSAGE });
    }
    if (entries.some((e) => /vbaProject\.bin$/i.test(e.name))) {
      throw badRequest(MACRO_MESSAGE, { file: MACRO_MESSAGE });
    }
    const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    const ratioBomb = entries.some((e) => e.compressedSize > 0 && e.uncompressedSize / e.compressedSize > 1000);
    if (unpacked > MAX_UNPACKED_BYTES || ratioBomb) throw tooLarge(BOMB_MESSAGE);
    for (const entry of entries) assertUnpacksAsDeclared(buf, entry);
  } else if (buf.includes(Buffer.from('_VBA_PROJECT', 'utf16le')) || buf.includes(Buffer.from('_VBA_PROJECT', 'latin1'))) {
    throw badRequest(MACRO_MESSAGE, { file: MACRO_MESSAGE });
  }
  return kind;
}

/** The first sheet as rows of trimmed text, header row first; at most MAX_SHEET_ROWS data rows are read. */
export function readFirstSheet(buf: Buffer): string[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buf, {
      type: 'buffer',
      sheetRows: MAX_SHEET_ROWS + 2, // one over the limit, to notice it
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw badRequest('The spreadsheet could not be read; save it again as .xlsx and retry', { file: 'The spreadsheet could not be read' });
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) throw badRequest('The spreadsheet has no sheet', { file: 'The spreadsheet has no sheet' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  return rows.map((row) => row.slice(0, MAX_COLUMNS).map((cell) => String(cell ?? '').trim()));
}

/** A cell that a spreadsheet program would run as a formula gets a leading apostrophe (formula injection). */
export const neutralizeCell = (value: unknown): unknown =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** An .xlsx workbook of one sheet; every text cell is neutralised against formula injection. */
export function writeWorkbook(sheetName: string, header: string[], rows: unknown[][], extraSheets: { name: string; rows: unknown[][] }[] = []): Buffer {
  const workbook = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => r.map(neutralizeCell))]);
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(12, h.length + 2) }));
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  for (const extra of extraSheets) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(extra.rows.map((r) => r.map(neutralizeCell))), extra.name);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

