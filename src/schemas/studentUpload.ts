import { z } from 'zod';
import { batchField, semesterField } from './fields';

/** Uploads are at most 2 MB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Excel workbooks only, matched case-insensitively on the file name. */
export const EXCEL_EXTENSIONS = ['.xlsx', '.xls'] as const;

export const FILE_REQUIRED_MESSAGE = 'File is required';
export const EXCEL_ONLY_MESSAGE = 'Only Excel files are allowed';
export const FILE_TOO_LARGE_MESSAGE = 'File size should be less than 2 MB';

/** A browser File, or what a multipart parser reports about an uploaded part. */
export type UploadedFile = File | { filename: string; size: number };

/** Name and size of a File-like value (`name` or `filename`, and `size`), or undefined when it is not one. */
export function fileInfo(value: unknown): { name: string; size: number } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, filename, size } = value as { name?: unknown; filename?: unknown; size?: unknown };
  const fileName = typeof filename === 'string' ? filename : name;
  if (typeof fileName !== 'string' || typeof size !== 'number' || !Number.isFinite(size) || size < 0) return undefined;
  return { name: fileName, size };
}

/**
 * The message for an unacceptable spreadsheet upload (none, not an Excel file, or over
 * 2 MB), or undefined when it may be sent.
 * The name check is only the first filter: the server also checks the content's type.
 */
export function excelFileProblem(value: unknown): string | undefined {
  const info = fileInfo(value);
  if (!info || info.name.trim() === '') return FILE_REQUIRED_MESSAGE;
  const lower = info.name.toLowerCase();
  if (!EXCEL_EXTENSIONS.some((extension) => lower.endsWith(extension))) return EXCEL_ONLY_MESSAGE;
  if (info.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return undefined;
}

/**
 * The spreadsheet of a student upload: a File in the browser, `{ filename, size }` on the
 * server. In JSON Schema it is a binary string, which is how form libraries render a file input.
 */
export const excelFileSchema = z
  .union([z.file(), z.object({ filename: z.string(), size: z.number() })], { error: FILE_REQUIRED_MESSAGE })
  .superRefine((value, ctx) => {
    const problem = excelFileProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ title: 'Excel file' });

/** The student upload form: a class's semester and batch, and their spreadsheet. */
export const studentUploadSchema = z.object({
  semester: semesterField(),
  batch: batchField(),
  file: excelFileSchema,
});
export type StudentUploadInput = z.input<typeof studentUploadSchema>;
export type StudentUpload = z.infer<typeof studentUploadSchema>;
