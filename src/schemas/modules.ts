import { z } from 'zod';
import { defineEntity } from './entity';
import { idRef, requiredText } from './fields';

export const MODULE_NAME_MIN = 3;
export const MODULE_NAME_MAX = 30;

/** A module (course outcome) of a subject. */
export const moduleSchema = z.object({
  course_outcome_name: requiredText('Module name is required')
    .min(MODULE_NAME_MIN, 'Module name should be atleast 3 characters')
    .max(MODULE_NAME_MAX, 'Module length should not exceed 30 characters'),
  subject_id: idRef('Select the subject'),
});
export type ModuleInput = z.input<typeof moduleSchema>;
export type Module = z.infer<typeof moduleSchema>;
export type ModuleRecord = Module & { id: number };

/**
 * Teachers keep their department's course outcomes: every teacher of the department sees and uses
 * them, but only the teacher who made one, or the department head, changes or deletes it.
 */
export const moduleEntity = defineEntity({
  resource: 'modules',
  label: 'Modules',
  singular: 'Module',
  schema: moduleSchema,
  fields: {
    course_outcome_name: { label: 'Module name', list: true, sortable: true, search: true },
    subject_id: {
      label: 'Subject',
      list: true,
      filter: true,
      sortable: true,
      reference: { resource: 'subjects', display: 'subjectname' },
    },
  },
  recordRepresentation: 'course_outcome_name',
  defaultSort: { field: 'course_outcome_name', order: 'ASC' },
  access: {
    list: ['TEACHER', 'DEPARTMENT-HEAD'],
    read: ['TEACHER', 'DEPARTMENT-HEAD'],
    create: ['TEACHER'],
    update: ['TEACHER', 'DEPARTMENT-HEAD'],
    delete: ['TEACHER', 'DEPARTMENT-HEAD'],
  },
  scope: { TEACHER: 'department', 'DEPARTMENT-HEAD': 'department' },
  writeScope: { TEACHER: 'own' },
  areas: { TEACHER: 'modules' },
});
