import { z } from 'zod';
import { defineEntity } from './entity';
import { batchField, emailField, idRef, optionalIdRef, phoneField, requiredText, semesterField, usernameField } from './fields';

export const STUDENT_FULLNAME_MAX = 50;
export const STUDENT_USERNAME_MAX = 20;
/** A student's full name has letters and spaces only (letters of any alphabet). */
export const STUDENT_NAME_PATTERN = /^[\p{L} ]+$/u;

/**
 * A student account. Batch, semester and username are required:
 * the account needs a login name, and exams are given to a batch and semester.
 * `departmentId` is picked by the institute head only (see studentSchemaForInstituteHead);
 * department heads and teachers create students in their own department, which the server
 * fills in from the caller.
 */
export const studentSchema = z.object({
  batch: batchField(),
  email: emailField('Please enter valid email', 'Please enter valid email'),
  fullname: requiredText('Full name is required')
    .max(STUDENT_FULLNAME_MAX, 'Full name should not exceed 50 characters')
    .regex(STUDENT_NAME_PATTERN, 'Full name should contain only letters and spaces'),
  phone: phoneField('Please enter valid phone number', 'Please enter valid phone number'),
  semester: semesterField(),
  username: usernameField(
    {
      required: 'Username is required',
      invalid: 'Username may contain only letters, digits, ".", "_", "-" and "@"',
      tooLong: 'Username should not exceed 20 characters',
    },
    STUDENT_USERNAME_MAX,
  ),
  departmentId: optionalIdRef('Please select department'),
  /** The groups the student is in (groups of the student's department); saved with the student. */
  groups: z.array(idRef('Choose valid groups'), { error: 'Choose valid groups' }).max(100, 'A student may be in at most 100 groups').optional(),
});
export type StudentInput = z.input<typeof studentSchema>;
export type Student = z.infer<typeof studentSchema>;
export type StudentRecord = Student & { id: number };

/** The institute head's create body: the department is required. */
export const studentSchemaForInstituteHead = studentSchema.extend({
  departmentId: idRef('Please select department'),
});

/**
 * The institute head and department heads manage students; teachers see and add students
 * of their department; a student reads their own record.
 */
export const studentEntity = defineEntity({
  resource: 'students',
  label: 'Students',
  singular: 'Student',
  schema: studentSchema,
  roleSchemas: { 'INSTITUTE-HEAD': studentSchemaForInstituteHead },
  fields: {
    fullname: { label: 'Full name', list: true, sortable: true, search: true },
    username: { label: 'Username', list: true, sortable: true, search: true, createOnly: true },
    email: { label: 'Email', list: true, search: true },
    phone: { label: 'Phone', list: true },
    batch: { label: 'Batch', list: true, sortable: true, filter: true },
    semester: { label: 'Semester', list: true, sortable: true, filter: true },
    departmentId: {
      label: 'Department',
      list: true,
      filter: true,
      reference: { resource: 'departments', display: 'departmentName' },
      editableBy: ['INSTITUTE-HEAD'],
    },
    groups: { label: 'Groups', filter: true, reference: { resource: 'groups', display: 'groupName', many: true } },
  },
  recordRepresentation: 'fullname',
  defaultSort: { field: 'fullname', order: 'ASC' },
  access: {
    list: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    read: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER', 'STUDENT'],
    create: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    update: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD'],
    delete: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD'],
  },
  scope: { 'INSTITUTE-HEAD': 'institute', 'DEPARTMENT-HEAD': 'department', TEACHER: 'department', STUDENT: 'self' },
  areas: { 'INSTITUTE-HEAD': 'student', 'DEPARTMENT-HEAD': 'students', TEACHER: 'students' },
});
