import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, FILE_REQUIRED_MESSAGE, FILE_TOO_LARGE_MESSAGE } from '../../src/schemas/studentUpload';
import { AppError, badRequest, tooLarge } from '../lib/errors';

/**
 * The routes (under /api) that take a multipart upload: their body may be as large as the file
 * limit plus the form's fields, more than a JSON body. A proxy in front gives them that limit.
 */
export const UPLOAD_ROUTES = ['/students/upload', '/questions/import', '/questions/import/preview', '/question-images'];

/** The most a multipart body of one file and its form fields can take. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

export interface UploadedForm {
  fields: Record<string, string>;
  file: { filename: string; buffer: Buffer };
}

/**
 * Reads a multipart form with one file. The size limit is enforced while the file streams
 * in (a larger file is cut off and refused with 413), never after buffering it whole.
 */
export async function readUploadForm(req: FastifyRequest): Promise<UploadedForm> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data', { file: FILE_REQUIRED_MESSAGE });
  const fields: Record<string, string> = {};
  let file: UploadedForm['file'] | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(FILE_TOO_LARGE_MESSAGE);
        file = { filename: part.filename, buffer };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(FILE_TOO_LARGE_MESSAGE);
    // Anything else here is the parser refusing the body (no boundary, truncated, malformed part headers).
    const reason = err instanceof Error && err.message ? err.message : 'malformed multipart body';
    throw badRequest(`The upload could not be read: ${reason}`);
  }
  if (!file || !file.filename) throw badRequest(FILE_REQUIRED_MESSAGE, { file: FILE_REQUIRED_MESSAGE });
  return { fields, file };
}
