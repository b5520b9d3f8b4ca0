import { entities } from '../../src/schemas';
import { createSchemaOf } from '../../src/schemas/entity';
import type { Role } from '../../src/schemas/roles';
import { generatePassword, hashGeneratedPassword } from '../auth/passwords';
import { AppError } from '../lib/errors';
import { fieldErrors } from '../lib/validation';
import { MAX_SHEET_ROWS, readFirstSheet } from './spreadsheet';
import { writeWorkbook } from './workbook';

/**
 * The student sheet: its template, its rows checked against the student schema and the initial
 * passwords of the accounts it creates (the CPU work of a student upload, run on a worker thread:
 * importJobs.ts), and the refusal of a sheet with errors.
 */

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

export interface StudentSheetForm {
  role: Role;
  semester: string;
  batch: string;
  departmentId: number | null;
}

export interface StudentSheet {
  /** A problem of the whole sheet (its header, no rows, too many rows). */
  problem?: string;
  /** Rows the schema accepts and that repeat no earlier row's username or email. */
  valid: { row: number; data: Record<string, string> }[];
  errors: RowError[];
  /** The first row of each username and email (lower case) among the rows the schema accepts. */
  firstRow: { username: [string, number][]; email: [string, number][] };
}

/** Reads the sheet and checks every row; row numbers are the spreadsheet's (the header is row 1), blank rows are skipped. */
export function checkStudentSheet(buf: Buffer, form: StudentSheetForm): StudentSheet {
  const none = { valid: [], errors: [], firstRow: { username: [], email: [] } };
  const [header = [], ...body] = readFirstSheet(buf);
  const columnIndex = new Map<Column, number>();
  header.forEach((h, i) => {
    const column = HEADER_ALIASES[normaliseHeader(h)];
    if (column && !columnIndex.has(column)) columnIndex.set(column, i);
  });
  const missing = SHEET_COLUMNS.filter((c) => !columnIndex.has(c));
  if (missing.length) return { ...none, problem: `The sheet's first row must name the columns ${SHEET_COLUMNS.join(', ')} (missing: ${missing.join(', ')})` };
  const rows = body.map((cells, i) => ({ row: i + 2, cells })).filter(({ cells }) => cells.some((c) => c !== ''));
  if (rows.length === 0) return { ...none, problem: 'The sheet has no student rows' };
  if (rows.length > MAX_SHEET_ROWS) return { ...none, problem: `The sheet has more than ${MAX_SHEET_ROWS} student rows; split it` };

  const schema = createSchemaOf(entities.students, form.role);
  const errors: RowError[] = [];
  const valid: StudentSheet['valid'] = [];
  const seen = { username: new Map<string, number>(), email: new Map<string, number>() };
  for (const { row, cells } of rows) {
    const record = Object.fromEntries(SHEET_COLUMNS.map((c) => [c, cells[columnIndex.get(c)!] ?? '']));
    const parsed = schema.safeParse({ ...record, semester: form.semester, batch: form.batch, departmentId: form.departmentId });
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
  return { valid, errors, firstRow: { username: [...seen.username], email: [...seen.email] } };
}

export interface NewAccount {
  fullname: string;
  username: string;
  email: string;
}

/** One generated initial password per account, its hash, and the sheet that shows them to the uploader. */
export function studentCredentials(accounts: readonly NewAccount[]): { passwords: string[]; hashes: string[]; sheet: Uint8Array } {
  const passwords = accounts.map(() => generatePassword());
  const hashes = passwords.map(hashGeneratedPassword);
  const sheet = writeWorkbook('Initial passwords', ['fullname', 'username', 'email', 'initialPassword'], accounts.map((a, i) => [a.fullname, a.username, a.email, passwords[i]]));
  return { passwords, hashes, sheet };
}

/** The template a student upload starts from: the columns, and a sheet that says how to fill them. */
export function studentTemplateWorkbook(): Buffer {
  return writeWorkbook('Students', [...SHEET_COLUMNS], [], [
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
}

/** Refuses (400) a sheet with errors, naming each problem by row; no student is imported. */
export function refuseStudentRows(errors: RowError[]): never {
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
