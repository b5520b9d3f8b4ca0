import { z } from 'zod';
import { defineEntity } from './entity';
import { emailField, phoneField, requiredText, usernameField } from './fields';

/** A department and the account of its head, created together by the institute head. */
export const departmentSchema = z.object({
  departmentName: requiredText('Department name is required').max(100, 'Department name should not exceed 100 characters'),
  email: emailField('Email is required', 'Please enter the valid E-mail'),
  fullname: requiredText('Full name of department head is required').max(
    100,
    'Full name of department head should not exceed 100 characters',
  ),
  username: usernameField({
    required: 'Username of department head is required',
    invalid: 'Username of department head may contain only letters, digits, ".", "_", "-" and "@"',
    tooLong: 'Username of department head should not exceed 50 characters',
  }),
  phone: phoneField('Phone number is required', 'Please enter the valid phone number'),
});
export type DepartmentInput = z.input<typeof departmentSchema>;
export type Department = z.infer<typeof departmentSchema>;
export type DepartmentRecord = Department & { id: number };

/**
 * The institute head manages the institute's departments; the admin looks at all of them;
 * a department head reads only their own ('department' on this table: the row whose id is
 * the caller's department).
 */
export const departmentEntity = defineEntity({
  resource: 'departments',
  label: 'Departments',
  singular: 'Department',
  schema: departmentSchema,
  fields: {
    departmentName: { label: 'Department name', list: true, sortable: true, search: true },
    fullname: { label: 'Department head', list: true, sortable: true, search: true },
    username: { label: 'Username', list: true, sortable: true, search: true, createOnly: true },
    email: { label: 'Email', list: true, search: true },
    phone: { label: 'Phone', list: true },
  },
  recordRepresentation: 'departmentName',
  defaultSort: { field: 'departmentName', order: 'ASC' },
  access: {
    list: ['INSTITUTE-HEAD', 'ADMIN'],
    read: ['INSTITUTE-HEAD', 'ADMIN', 'DEPARTMENT-HEAD', 'TEACHER'],
    create: ['INSTITUTE-HEAD'],
    update: ['INSTITUTE-HEAD'],
    delete: ['INSTITUTE-HEAD'],
  },
  scope: { 'INSTITUTE-HEAD': 'institute', ADMIN: 'all', 'DEPARTMENT-HEAD': 'department', TEACHER: 'department' },
  areas: { 'INSTITUTE-HEAD': 'department' },
});
