import * as XLSX from '@e965/xlsx';
import { neutralizeCell, writeWorkbook } from '../upload/workbook';
import type { ListExportFormat } from './listExport';

/*
 * The file of a list export, built from plain rows on a worker thread (listFileWorker.ts): this
 * module loads SheetJS and nothing else of the server, so the thread starts quickly.
 */

export interface ListExportFile {
  body: Buffer | string;
  contentType: string;
  filename: string;
}

/** What the file is built from: plain data, so that it can be built on a worker thread (server/upload/listFileWorker.ts). */
export interface ListFileJob {
  format: ListExportFormat;
  /** The resource's path name (the file's name) and its label (the sheet's name). */
  resource: string;
  label: string;
  header: string[];
  rows: unknown[][];
  /** The day in the file's name, as epoch milliseconds. */
  today: number;
}

/** The file: CSV (UTF-8 with a byte-order mark, as the analysis export) or an .xlsx workbook of one sheet. */
export function listExportFile({ format, resource, label, header, rows, today }: ListFileJob): ListExportFile {
  const base = `${resource}-${new Date(today).toISOString().slice(0, 10)}`;
  if (format === 'xlsx') {
    const sheetName = label.slice(0, 31);
    return { body: writeWorkbook(sheetName, header, rows), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: `${base}.xlsx` };
  }
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows].map((row) => row.map(neutralizeCell)));
  return { body: `\ufeff${XLSX.utils.sheet_to_csv(sheet, { blankrows: true })}`, contentType: 'text/csv; charset=utf-8', filename: `${base}.csv` };
}
