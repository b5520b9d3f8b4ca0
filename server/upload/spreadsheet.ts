import type { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../lib/errors';
import { EXCEL_ONLY_MESSAGE } from '../../src/schemas/studentUpload';

/** Rows a sheet may hold (after its header row). */
export const MAX_SHEET_ROWS = 10_000;
/** Cells of a sheet a parse may read: rows x a generous number of columns. */
const MAX_COLUMNS = 30;

const MB = 1024 * 1024;

/**
 * What a workbook may unpack to, judged from its zip directory before anything is parsed. A parser
 * holds several times the unpacked text in memory, so these bound the memory of an import.
 */
export interface WorkbookLimits {
  /** Which sheet, in messages ("a student sheet"). */
  what: string;
  /** All parts together, unpacked. */
  maxUnpackedBytes: number;
  /** One part (a worksheet, the shared strings), unpacked. */
  maxPartBytes: number;
  /** Texts in xl/sharedStrings.xml (its count and uniqueCount). */
  maxSharedStrings: number;
}

/**
 * 10,000 students (four short columns) unpack to about 2.5 MB, and at most 40,000 texts
 * (a spreadsheet program writes each distinct text once).
 */
export const STUDENT_SHEET_LIMITS: WorkbookLimits = { what: 'a student sheet', maxUnpackedBytes: 8 * MB, maxPartBytes: 6 * MB, maxSharedStrings: 50_000 };

/** 5,000 questions of several hundred characters with their options unpack to about 6 MB. */
export const QUESTION_SHEET_LIMITS: WorkbookLimits = { what: 'a question sheet', maxUnpackedBytes: 16 * MB, maxPartBytes: 12 * MB, maxSharedStrings: 120_000 };

/** Parts a workbook may have (a few dozen in a real one). */
const MAX_PARTS = 1_000;

export type SheetKind = 'xlsx' | 'xls';

/** The workbook's kind judged by its first bytes, not by its name. */
export function sheetKind(buf: Buffer): SheetKind | undefined {
  if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50) return 'xlsx'; // PK\3\4: a zip (Office Open XML)
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls'; // OLE2
  return undefined;
}

const MACRO_MESSAGE = 'Macro-enabled workbooks are not allowed; save the sheet as a plain .xlsx workbook';
const UNREADABLE = () => badRequest('The spreadsheet could not be read; save it again as .xlsx and retry', { file: 'The spreadsheet could not be read' });
const notExcel = () => badRequest(EXCEL_ONLY_MESSAGE, { file: EXCEL_ONLY_MESSAGE });

const megabytes = (bytes: number) =>
  bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;

/** 413, in the envelope, naming the file field and the rule it broke. */
function tooBig(limits: WorkbookLimits, rule: string): AppError {
  const message = `The spreadsheet unpacks to more data than ${limits.what} can hold: ${rule}`;
  return new AppError(413, message, 'TOO_LARGE', { errors: { file: message } });
}

const SHARED_STRINGS = /(^|\/)sharedStrings\d*\.xml$/i;
/** The <sst ...> start tag sits in the first bytes of the part; this much is enough to find it. */
const SST_HEAD_BYTES = 4096;

/** Reads the first bytes of an entry (inflating only those) and stops. */
async function headOf(zip: yauzl.ZipFile, entry: yauzl.Entry, bytes: number): Promise<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes).toString('utf8');
}

/** The count and uniqueCount of a shared-strings part, from its start tag. */
function sharedStringCounts(head: string): number[] {
  const tag = /<(?:\w+:)?sst\b[^>]*>/.exec(head)?.[0] ?? '';
  return [...tag.matchAll(/\b(?:count|uniqueCount)\s*=\s*["'](\d+)["']/g)].map((m) => Number(m[1]));
}

/**
 * The directory's sizes are only claims, and a parser inflates each entry to its end whatever
 * they say. Each entry is inflated here as a stream (zlib works off the event loop) and thrown
 * away as it comes; yauzl stops it as soon as it yields more than its declared size.
 */
async function assertUnpacksAsDeclared(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: WorkbookLimits): Promise<void> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw UNREADABLE();
  }
  try {
    for await (const _chunk of stream as AsyncIterable<Buffer>) {
      // discarded: only the count matters, and yauzl keeps it
    }
  } catch (err) {
    if (/too many bytes/i.test(String((err as Error)?.message))) {
      throw tooBig(limits, `${entry.fileName} holds more than the ${megabytes(entry.uncompressedSize)} its header declares`);
    }
    throw UNREADABLE();
  } finally {
    stream.destroy();
  }
}

/**
 * Refuses what is not a plain workbook before any parser sees it: other files, macros, and
 * workbooks that unpack to more than the limits allow, judged from the zip directory's declared
 * sizes and the shared-strings count (nothing inflated but that part's first bytes), then checked
 * against what the entries really unpack to.
 */
export async function assertSafeWorkbook(buf: Buffer, limits: WorkbookLimits): Promise<SheetKind> {
  const kind = sheetKind(buf);
  if (!kind) throw notExcel();
  if (kind === 'xls') {
    if (buf.includes(Buffer.from('_VBA_PROJECT', 'utf16le')) || buf.includes(Buffer.from('_VBA_PROJECT', 'latin1'))) {
      throw badRequest(MACRO_MESSAGE, { file: MACRO_MESSAGE });
    }
    return kind;
  }
  let zip: yauzl.ZipFile;
  const entries: yauzl.Entry[] = [];
  try {
    zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
    if (zip.entryCount > MAX_PARTS) throw notExcel();
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notExcel();
  }
  if (!entries.some((e) => e.fileName === '[Content_Types].xml')) throw notExcel();
  if (entries.some((e) => /vbaProject\.bin$/i.test(e.fileName))) throw badRequest(MACRO_MESSAGE, { file: MACRO_MESSAGE });

  const biggest = entries.reduce((a, b) => (b.uncompressedSize > a.uncompressedSize ? b : a));
  if (biggest.uncompressedSize > limits.maxPartBytes) {
    throw tooBig(limits, `${biggest.fileName} unpacks to ${megabytes(biggest.uncompressedSize)}, and one part may unpack to at most ${megabytes(limits.maxPartBytes)}`);
  }
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (unpacked > limits.maxUnpackedBytes) {
    throw tooBig(limits, `it unpacks to ${megabytes(unpacked)}, and a workbook may unpack to at most ${megabytes(limits.maxUnpackedBytes)}`);
  }
  const packed = entries.find((e) => e.compressedSize > 0 && e.uncompressedSize / e.compressedSize > 1000);
  if (packed) throw tooBig(limits, `${packed.fileName} is compressed more than 1000 to 1`);

  for (const entry of entries.filter((e) => SHARED_STRINGS.test(e.fileName))) {
    let counts: number[];
    try {
      counts = sharedStringCounts(await headOf(zip, entry, SST_HEAD_BYTES));
    } catch (err) {
      if (/too many bytes/i.test(String((err as Error)?.message))) throw tooBig(limits, `${entry.fileName} holds more than its header declares`);
      throw UNREADABLE();
    }
    const most = Math.max(0, ...counts);
    if (most > limits.maxSharedStrings) {
      throw tooBig(limits, `it holds ${most.toLocaleString('en')} texts, and a workbook may hold at most ${limits.maxSharedStrings.toLocaleString('en')}`);
    }
  }
  for (const entry of entries) await assertUnpacksAsDeclared(zip, entry, limits);
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
