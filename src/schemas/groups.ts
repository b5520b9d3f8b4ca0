import { z } from 'zod';
import { defineEntity } from './entity';
import { idList, requiredText } from './fields';

/** A named set of students of one department, to whom quizzes are given. */
export const groupSchema = z.object({
  groupName: requiredText('Group name required').max(100, 'Group name should not exceed 100 characters'),
  students: idList('Select students', 'Select a valid student'),
});
export type GroupInput = z.input<typeof groupSchema>;
export type Group = z.infer<typeof groupSchema>;
export type GroupRecord = Group & { id: number };

/**
 * Department heads manage their department's groups. Teachers see the department's groups
 * (to give quizzes to them) and create groups, but change or delete only the ones they
 * created, so one teacher cannot rearrange another's class. Institute heads look.
 */
export const groupEntity = defineEntity({
  resource: 'groups',
  label: 'Groups',
  singular: 'Group',
  schema: groupSchema,
  fields: {
    groupName: { label: 'Group name', list: true, sortable: true, search: true },
    students: { label: 'Students', reference: { resource: 'students', display: 'fullname', many: true } },
  },
  recordRepresentation: 'groupName',
  defaultSort: { field: 'groupName', order: 'ASC' },
  access: {
    list: ['DEPARTMENT-HEAD', 'TEACHER', 'INSTITUTE-HEAD'],
    read: ['DEPARTMENT-HEAD', 'TEACHER', 'INSTITUTE-HEAD'],
    create: ['DEPARTMENT-HEAD', 'TEACHER'],
    update: ['DEPARTMENT-HEAD', 'TEACHER'],
    delete: ['DEPARTMENT-HEAD', 'TEACHER'],
  },
  scope: { 'DEPARTMENT-HEAD': 'department', TEACHER: 'department', 'INSTITUTE-HEAD': 'institute' },
  writeScope: { TEACHER: 'own' },
  areas: { 'DEPARTMENT-HEAD': 'groups', TEACHER: 'groups' },
});
