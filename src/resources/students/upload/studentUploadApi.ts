import { read } from '../../../api/httpClient';
import { downloadFile, isDownloadedFile, uploadWithProgress, type TransferProgress } from '../../../api/fileTransfer';
import type { ApiResult } from '../../../schemas/envelope';
import { saveBlob } from '../../../ui/saveBlob';

/** One imported student and the initial password they were given. */
export interface ImportedAccount {
  fullname: string;
  username: string;
  email: string;
  initialPassword: string;
}

export interface ImportResult {
  imported: number;
  accounts: ImportedAccount[];
  /** The same accounts as an .xlsx workbook, base64-encoded. */
  passwordSheet: string;
}

/** A spreadsheet row the server refused; `row` is the sheet's own row number (the header is row 1). */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface UploadFields {
  semester: string;
  batch: string;
  file: File;
  /** Only the institute head chooses a department; the others upload into their own. */
  departmentId?: number;
}

export interface DepartmentOption {
  id: number;
  departmentName: string;
}

const UPLOAD_PATH = '/students/upload';
const TEMPLATE_PATH = '/students/upload/template';
const TEMPLATE_NAME = 'students-template.xlsx';

/** POST /api/students/upload, reporting the upload's progress. The page reports failures itself. */
export async function uploadStudents(fields: UploadFields, onProgress: (progress: TransferProgress) => void) {
  const body = new FormData();
  body.append('semester', fields.semester);
  body.append('batch', fields.batch);
  if (fields.departmentId !== undefined) body.append('departmentId', String(fields.departmentId));
  body.append('file', fields.file, fields.file.name);
  return uploadWithProgress<ImportResult | { errors?: Record<string, string>; rows?: RowError[] }>(UPLOAD_PATH, body, {
    toast: false,
    onProgress,
  });
}

/** Fetches the template with the session's token and saves it; false when it failed (already reported). */
export async function downloadTemplate(): Promise<boolean> {
  const answer = await downloadFile(TEMPLATE_PATH);
  if (!isDownloadedFile(answer)) return false;
  saveBlob(answer.blob, answer.filename ?? TEMPLATE_NAME);
  return true;
}

/** The institute's departments, for the institute head's department select. */
export function fetchDepartments(): Promise<ApiResult<DepartmentOption[]>> {
  const sort = encodeURIComponent(JSON.stringify(['departmentName', 'ASC']));
  const range = encodeURIComponent(JSON.stringify([0, 999]));
  return read<DepartmentOption[]>(`/departments?sort=${sort}&range=${range}`, { toast: false });
}
