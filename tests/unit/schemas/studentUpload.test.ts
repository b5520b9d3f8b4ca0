// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EXCEL_EXTENSIONS,
  MAX_UPLOAD_BYTES,
  excelFileProblem,
  excelFileSchema,
  studentUploadSchema,
} from '../../../src/schemas/studentUpload';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const excel = (name = 'class.xlsx', bytes = 10) => new File([new Uint8Array(bytes)], name);
const valid = { semester: 'IV', batch: '2022-26', file: excel() };

describe('student upload schema', () => {
  it('exports the limits', () => {
    expect(MAX_UPLOAD_BYTES).toBe(2 * 1024 * 1024);
    expect(EXCEL_EXTENSIONS).toEqual(['.xlsx', '.xls']);
  });

  it('parses a valid upload and keeps the File', () => {
    const parsed = parseOk(studentUploadSchema, valid);
    expect(parsed.file).toBe(valid.file);
  });

  it('accepts what the server knows about an uploaded part', () => {
    expect(parseOk(studentUploadSchema, { ...valid, file: { filename: 'class.xls', size: 2048 } }).file).toEqual({
      filename: 'class.xls',
      size: 2048,
    });
  });

  it('requires the semester, up to 5 characters', () => {
    expectIssue(studentUploadSchema, { ...valid, semester: '' }, 'semester', 'Semester is required');
    expectIssue(studentUploadSchema, { ...valid, semester: repeat(6) }, 'semester', 'Semester should not exceed 5 characters');
  });

  it('requires the batch, up to 10 characters', () => {
    expectIssue(studentUploadSchema, without(valid, 'batch'), 'batch', 'Batch is required');
    expectIssue(studentUploadSchema, { ...valid, batch: repeat(11) }, 'batch', 'Batch should not exceed 10 characters');
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', 'class.xlsx'],
  ])('requires a file (%s)', (_, file) => {
    expectIssue(studentUploadSchema, { ...valid, file }, 'file', 'File is required');
  });

  it.each(['class.csv', 'class.xlsx.exe', 'class', 'xlsx'])('allows only Excel files (%s)', (name) => {
    expectIssue(studentUploadSchema, { ...valid, file: excel(name) }, 'file', 'Only Excel files are allowed');
    expect(excelFileProblem({ filename: name, size: 1 })).toBe('Only Excel files are allowed');
  });

  it.each(['CLASS.XLSX', 'Class.Xls', 'class.xls'])('matches the extension case-insensitively (%s)', (name) => {
    expect(excelFileSchema.safeParse(excel(name)).success).toBe(true);
  });

  it('allows 2 MB and refuses a byte more', () => {
    expect(excelFileSchema.safeParse(excel('big.xlsx', MAX_UPLOAD_BYTES)).success).toBe(true);
    expectIssue(
      studentUploadSchema,
      { ...valid, file: excel('big.xlsx', MAX_UPLOAD_BYTES + 1) },
      'file',
      'File size should be less than 2 MB',
    );
    expect(excelFileProblem({ filename: 'big.xlsx', size: MAX_UPLOAD_BYTES + 1 })).toBe('File size should be less than 2 MB');
  });

  it('answers undefined for an acceptable file', () => {
    expect(excelFileProblem({ filename: 'class.xlsx', size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(excelFileProblem(excel())).toBeUndefined();
  });

  it('converts to JSON Schema with a binary file field', () => {
    const json = z.toJSONSchema(studentUploadSchema, { target: 'draft-07' }) as { properties: Record<string, unknown> };
    expect(Object.keys(json.properties)).toEqual(['semester', 'batch', 'file']);
  });
});
