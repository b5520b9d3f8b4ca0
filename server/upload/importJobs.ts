import type { RaschColumns, RaschResult } from '../analysis/rasch';
import { parseAiken } from '../questions/aiken';
import { parseGift } from '../questions/gift';
import { parseMoodleXml } from '../questions/moodleXml';
import { parseQuestionSheet, readQuestionSheet } from '../questions/sheet';
import { TooManyQuestions, type ParseResult, type RowError, type TransferFormat } from '../questions/types';
import { placeByCategory, resolveSheetRefs, validateDrafts, type BankLookup, type ImportDefaults, type ValidQuestion } from '../questions/validate';
import type { ListExportFile, ListFileJob } from '../crud/listFile';
import { validationError } from '../lib/validation';
import { checkStudentSheet, studentCredentials, type NewAccount, type StudentSheet, type StudentSheetForm } from './studentSheet';

/**
 * The work an import does on its file, as plain data in and out so that it can run on a worker
 * thread (importWorker.ts): the file's bytes or text in; rows, or validated questions, out.
 */
export type ImportJob =
  | ({ kind: 'students'; file: Uint8Array } & StudentSheetForm)
  | { kind: 'student-accounts'; accounts: NewAccount[] }
  | { kind: 'questions'; format: TransferFormat; file?: Uint8Array; text?: string; defaults: ImportDefaults; bank: BankLookup }
  // Not an import, but the same kind of long CPU work: a subject's Rasch calibration (analysis/calibration.ts).
  | ({ kind: 'rasch'; minResponses: number } & RaschColumns)
  // And the file of a list export (crud/listExport.ts): a workbook of 100,000 rows takes seconds.
  | ({ kind: 'list-file' } & ListFileJob);

/** A question file read and checked: a problem of the whole file, or each question checked against the schema. */
export interface QuestionImport {
  problem?: string;
  /** The questions that can be imported (the others have errors). */
  valid: ValidQuestion[];
  errors: RowError[];
  /** Rows (sheet) or questions (text) with errors. */
  bad: number;
}

export interface ImportJobResults {
  students: StudentSheet;
  'student-accounts': ReturnType<typeof studentCredentials>;
  questions: QuestionImport;
  rasch: RaschResult;
  'list-file': ListExportFile;
}

const bufferOf = (file: Uint8Array) => Buffer.from(file.buffer, file.byteOffset, file.byteLength);

function readQuestions(job: Extract<ImportJob, { kind: 'questions' }>): QuestionImport {
  const { format, defaults, bank } = job;
  let parsed: ParseResult;
  let known: RowError[] = [];
  if (format === 'xlsx') {
    const sheet = parseQuestionSheet(readQuestionSheet(bufferOf(job.file!)));
    if (sheet.problem) return { problem: sheet.problem, valid: [], errors: [], bad: 0 };
    parsed = sheet;
    known = resolveSheetRefs(sheet.drafts, bank, defaults);
  } else {
    try {
      if (format === 'xml') {
        const xml = parseMoodleXml(job.text!);
        if (xml.problem) return { problem: xml.problem, valid: [], errors: [], bad: 0 };
        parsed = xml;
      } else parsed = format === 'aiken' ? parseAiken(job.text!) : parseGift(job.text!);
    } catch (err) {
      if (err instanceof TooManyQuestions) throw validationError({ file: err.message });
      throw err;
    }
    if (parsed.drafts.length === 0 && parsed.errors.length === 0) return { problem: 'The file has no questions', valid: [], errors: [], bad: 0 };
    placeByCategory(parsed.drafts, bank, defaults);
  }
  const kind = format === 'xlsx' ? 'sheet' : 'text';
  const { valid, errors, failed } = validateDrafts(parsed.drafts, defaults, kind, [...parsed.errors, ...known]);
  const bad = kind === 'sheet' ? new Set(errors.map((e) => e.row)).size : parsed.errors.length + failed;
  return { valid, errors, bad };
}

/** The jobs of the import worker (importWorker.ts); a calibration and a list's file have threads of their own. */
export type FileImportJob = Extract<ImportJob, { kind: 'students' | 'student-accounts' | 'questions' }>;

export function runImportJob(job: FileImportJob): ImportJobResults[FileImportJob['kind']] {
  switch (job.kind) {
    case 'students':
      return checkStudentSheet(bufferOf(job.file), job);
    case 'student-accounts':
      return studentCredentials(job.accounts);
    case 'questions':
      return readQuestions(job);
  }
}
