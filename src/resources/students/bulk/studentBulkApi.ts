import { send } from '../../../api/httpClient';
import type { ApiResult } from '../../../schemas/envelope';
import { studentBulkFilterSchema, type StudentBulkAction, type StudentBulkFilter, type StudentBulkResult } from '../../../schemas/studentBulk';

/** The chosen students, or every student the list's filter matches. */
export type BulkTarget = { ids: number[] } | { filter: StudentBulkFilter };

const FILTER_KEYS = Object.keys(studentBulkFilterSchema.shape) as (keyof StudentBulkFilter)[];

/** The list's filter values as the bulk endpoint takes them: its known filters, empty ones left out. */
export function bulkFilterOf(filterValues: Record<string, unknown>): StudentBulkFilter {
  const filter: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = filterValues[key];
    if (value !== undefined && value !== null && value !== '') filter[key] = value;
  }
  return filter as StudentBulkFilter;
}

/** POST /api/students/bulk; the caller reports the answer (no toast here). */
export function runStudentBulk(action: StudentBulkAction, target: BulkTarget, groupId?: number): Promise<ApiResult<StudentBulkResult>> {
  return send<StudentBulkResult>('/students/bulk', { action, ...target, ...(groupId === undefined ? {} : { groupId }) }, { toast: false });
}
