import * as XLSX from '@e965/xlsx';

/*
 * Writing workbooks: only SheetJS, so that the worker thread that builds a list export's file
 * (listFileWorker.ts) loads nothing else. Reading uploaded sheets is in spreadsheet.ts.
 */

/** A cell that a spreadsheet program would run as a formula gets a leading apostrophe (formula injection). */
export const neutralizeCell = (value: unknown): unknown =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/**
 * Text as a cell stores it: OOXML reads `_xHHHH_` as the character HHHH (Excel writes a carriage
 * return as _x000D_), so such text written literally is escaped as `_x005F_xHHHH_`, which readers
 * give back as written.
 */
const literalCell = (value: unknown): unknown => (typeof value === 'string' ? value.replace(/_x[0-9a-fA-F]{4}_/g, (m) => `_x005F${m}`) : value);

/**
 * An .xlsx workbook of one sheet; every text cell is neutralised against formula injection.
 * Text goes to the shared strings table (bookSST), as Excel writes it: SheetJS writes inline
 * strings as t="str" cells, which its reader unescapes twice, so "&amp;" came back as "&".
 */
export function writeWorkbook(sheetName: string, header: string[], rows: unknown[][], extraSheets: { name: string; rows: unknown[][] }[] = []): Buffer {
  const workbook = XLSX.utils.book_new();
  const cell = (v: unknown) => literalCell(neutralizeCell(v));
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => r.map(cell))]);
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(12, h.length + 2) }));
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  for (const extra of extraSheets) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(extra.rows.map((r) => r.map(cell))), extra.name);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Buffer;
}
