import { z } from 'zod';
import { defineEntity } from './entity';
import { emailField, phoneField, requiredText, usernameField } from './fields';

/** An institute and the account of its head, created together by the admin. */
export const instituteSchema = z.object({
  instituteName: requiredText('Institute name is required').max(200, 'Institute name should not exceed 200 characters'),
  email: emailField('Email is required', 'Please enter the valid E-mail'),
  fullname: requiredText('Full name of institute head is required').max(
    100,
    'Full name of institute head should not exceed 100 characters',
  ),
  username: usernameField({
    required: 'Username of institute head is required',
    invalid: 'Username of institute head may contain only letters, digits, ".", "_", "-" and "@"',
    tooLong: 'Username of institute head should not exceed 50 characters',
  }),
  phone: phoneField('Phone number is required', 'Please enter the valid phone number'),
});
export type InstituteInput = z.input<typeof instituteSchema>;
export type Institute = z.infer<typeof instituteSchema>;
export type InstituteRecord = Institute & { id: number };

/**
 * The admin manages every institute; an institute head reads only their own
 * ('institute' on this table: the row whose id is the caller's institute).
 */
export const instituteEntity = defineEntity({
  resource: 'institutes',
  label: 'Institutes',
  singular: 'Institute',
  schema: instituteSchema,
  fields: {
    instituteName: { label: 'Institute name', list: true, sortable: true, search: true },
    fullname: { label: 'Institute head', list: true, sortable: true, search: true },
    username: { label: 'Username', list: true, sortable: true, search: true, createOnly: true },
    email: { label: 'Email', list: true, search: true },
    phone: { label: 'Phone', list: true },
  },
  recordRepresentation: 'instituteName',
  defaultSort: { field: 'instituteName', order: 'ASC' },
  access: {
    list: ['ADMIN'],
    read: ['ADMIN', 'INSTITUTE-HEAD'],
    create: ['ADMIN'],
    update: ['ADMIN'],
    delete: ['ADMIN'],
  },
  scope: { ADMIN: 'all', 'INSTITUTE-HEAD': 'institute' },
  areas: { ADMIN: 'institutes' },
});
