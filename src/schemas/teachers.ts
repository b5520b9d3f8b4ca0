import { z } from 'zod';
import { defineEntity } from './entity';
import { emailField, idList, idRef, phoneField, requiredText, usernameField } from './fields';

/** A person's name: letters (any alphabet), spaces, dots, apostrophes and hyphens, starting with a letter. */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L} .'-]*$/u;

/** A teacher's account, their department and the subjects they teach. */
export const teacherSchema = z.object({
  email: emailField('Email is required', 'Please enter the valid E-mail'),
  fullname: requiredText('Please enter the valid name')
    .max(100, 'Name should not exceed 100 characters')
    .regex(PERSON_NAME_PATTERN, 'Please enter the valid name'),
  username: usernameField({ required: 'Please enter the valid username', invalid: 'Please enter the valid username' }),
  phone: phoneField('Phone number is required', 'Please enter the valid phone number'),
  departmentId: idRef('Please select department'),
  subjects: idList('Please select atleast 1 subject', 'Please select a valid subject'),
});
export type TeacherInput = z.input<typeof teacherSchema>;
export type Teacher = z.infer<typeof teacherSchema>;
export type TeacherRecord = Teacher & { id: number };

/** The institute head manages teachers; a department head looks at the department's; a teacher reads their own record. */
export const teacherEntity = defineEntity({
  resource: 'teachers',
  label: 'Teachers',
  singular: 'Teacher',
  schema: teacherSchema,
  fields: {
    fullname: { label: 'Full name', list: true, sortable: true, search: true },
    username: { label: 'Username', list: true, sortable: true, search: true, createOnly: true },
    email: { label: 'Email', list: true, search: true },
    phone: { label: 'Phone', list: true },
    departmentId: {
      label: 'Department',
      list: true,
      filter: true,
      sortable: true,
      reference: { resource: 'departments', display: 'departmentName' },
    },
    subjects: { label: 'Subjects', reference: { resource: 'subjects', display: 'subjectname', many: true } },
  },
  recordRepresentation: 'fullname',
  defaultSort: { field: 'fullname', order: 'ASC' },
  access: {
    list: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD'],
    read: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    create: ['INSTITUTE-HEAD'],
    update: ['INSTITUTE-HEAD'],
    delete: ['INSTITUTE-HEAD'],
  },
  scope: { 'INSTITUTE-HEAD': 'institute', 'DEPARTMENT-HEAD': 'department', TEACHER: 'self' },
  areas: { 'INSTITUTE-HEAD': 'teacher' },
});
