import { z } from 'zod';
import { idRef } from '../../../schemas/fields';
import { studentUploadSchema } from '../../../schemas/studentUpload';

export const DEPARTMENT_REQUIRED_MESSAGE = 'Please select department';

/** What the upload form holds while it is edited. */
export interface UploadFormValues {
  semester: string;
  batch: string;
  /** The institute head's choice, as the select's value ('' for none). */
  departmentId: string;
  file: File | null;
}

export const emptyUploadForm = (): UploadFormValues => ({ semester: '', batch: '', departmentId: '', file: null });

/**
 * studentUploadSchema (semester, batch, an Excel file of at most 2 MB), plus the
 * department for the institute head, who uploads into one of the institute's departments
 * (the server's rule and message).
 */
export const uploadSchemaFor = (chooseDepartment: boolean) =>
  chooseDepartment ? studentUploadSchema.extend({ departmentId: idRef(DEPARTMENT_REQUIRED_MESSAGE) }) : studentUploadSchema;

export type UploadFormData = z.output<ReturnType<typeof uploadSchemaFor>> & { departmentId?: number };

/** Accepted by the file picker; the schema (and the server, by content) decide. */
export const EXCEL_ACCEPT = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
