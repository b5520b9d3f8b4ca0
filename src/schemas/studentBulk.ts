import { z } from 'zod';
import { idRef } from './fields';

/** The most students one bulk action changes: the chosen ones, or all that a filter matches. */
export const STUDENT_BULK_MAX = 1000;

export const STUDENT_BULK_ACTIONS = ['addToGroup', 'removeFromGroup', 'resetPasswords', 'delete'] as const;
export type StudentBulkAction = (typeof STUDENT_BULK_ACTIONS)[number];

/** The actions that need a group (`groupId`). */
export const GROUP_ACTIONS: readonly StudentBulkAction[] = ['addToGroup', 'removeFromGroup'];

const text = z.union([z.string().max(100, 'is too long'), z.number()]);

/**
 * "Everything filtered": the students list's own filters (the search `q` over name, username and
 * email; batch, semester, department, group), as the list sends them.
 */
export const studentBulkFilterSchema = z.strictObject(
  {
    q: z.string().max(100, 'Search should not exceed 100 characters').optional(),
    batch: text.optional(),
    semester: text.optional(),
    departmentId: idRef('Choose a valid department').optional(),
    groups: idRef('Choose a valid group').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `cannot filter by "${issue.keys.join('", "')}"` : 'filter must be an object') },
);
export type StudentBulkFilter = z.infer<typeof studentBulkFilterSchema>;

/**
 * POST /api/students/bulk: one action on the chosen students (`ids`) or on every student the
 * filter matches (`filter`), never both; `groupId` names the group of the group actions.
 */
export const studentBulkSchema = z
  .object({
    action: z.enum(STUDENT_BULK_ACTIONS, { error: `Choose one of ${STUDENT_BULK_ACTIONS.join(', ')}` }),
    ids: z
      .array(idRef('Select valid students'), { error: 'Select valid students' })
      .min(1, 'Select at least one student')
      .max(STUDENT_BULK_MAX, `Select at most ${STUDENT_BULK_MAX} students at once`)
      .optional(),
    filter: studentBulkFilterSchema.optional(),
    groupId: idRef('Choose a valid group').optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Give either the chosen students (ids) or a filter, not both' });
    }
    if (GROUP_ACTIONS.includes(body.action) && body.groupId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'Choose a group' });
    }
  });
export type StudentBulkRequest = z.infer<typeof studentBulkSchema>;

/** A student whose password a bulk reset replaced, with the new initial password (answered once). */
export interface ResetPassword {
  id: number;
  fullname: string;
  username: string;
  email: string | null;
  initialPassword: string;
}

export interface StudentBulkResult {
  action: StudentBulkAction;
  /** How many students the action changed. */
  count: number;
  /** Only for resetPasswords. */
  passwords?: ResetPassword[];
  /** Only for resetPasswords: the new passwords as an .xlsx workbook, base64 (as a student upload answers). */
  passwordSheet?: string;
}
