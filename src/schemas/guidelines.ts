import { z } from 'zod';
import { defineEntity } from './entity';
import { requiredText } from './fields';
import { ROLE_LABELS, ROLES } from './roles';

/** One question and answer under a tab. */
export const guidelineFaqSchema = z.object({
  question: requiredText('Question is required')
    .max(1000, 'Question should not exceed 1000 characters')
    .meta({ title: 'Question' }),
  answer: requiredText('Answer is required')
    .max(10000, 'Answer should not exceed 10000 characters')
    .meta({ title: 'Answer' }),
});

/** One tab of a role's guideline page: a title, its text and optional FAQs. */
export const guidelineItemSchema = z.object({
  title: requiredText('Title is required')
    .max(200, 'Title should not exceed 200 characters')
    .meta({ title: 'Title' }),
  description: requiredText('Description is required')
    .max(20000, 'Description should not exceed 20000 characters')
    .meta({ title: 'Description' }),
  faqs: z.array(guidelineFaqSchema, { error: 'FAQs must be a list' }).default([]).meta({ title: 'FAQs' }),
});

/**
 * The guideline page shown to one role. Errors sit at their
 * nested paths, e.g. content.0.faqs.1.answer.
 */
export const guidelineSchema = z.object({
  role: z.enum(ROLES, { error: 'Invalid role selected' }),
  content: z
    .array(guidelineItemSchema, { error: 'Add atleast one Tab Menu item' })
    .min(1, 'Add atleast one Tab Menu item'),
});
export type GuidelineInput = z.input<typeof guidelineSchema>;
export type Guideline = z.infer<typeof guidelineSchema>;
export type GuidelineRecord = Guideline & { id: number };

/** The admin writes the guidelines; every other role reads those written for it ('role' scope). */
export const guidelineEntity = defineEntity({
  resource: 'guidelines',
  label: 'Guidelines',
  singular: 'Guideline',
  schema: guidelineSchema,
  fields: {
    role: { label: 'Role', list: true, filter: true, sortable: true, choices: ROLE_LABELS },
    content: { label: 'Tab menu items' },
  },
  recordRepresentation: 'role',
  defaultSort: { field: 'role', order: 'ASC' },
  access: {
    list: ['ADMIN', 'INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER', 'STUDENT'],
    read: ['ADMIN', 'INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER', 'STUDENT'],
    create: ['ADMIN'],
    update: ['ADMIN'],
    delete: ['ADMIN'],
  },
  scope: { ADMIN: 'all', 'INSTITUTE-HEAD': 'role', 'DEPARTMENT-HEAD': 'role', TEACHER: 'role', STUDENT: 'role' },
  // The other roles read their guideline on a page of their own area, not on these screens.
  areas: {
    ADMIN: {
      section: 'guideline',
      screens: [
        { path: 'add', title: 'Add guideline' },
        { path: 'edit/:guidelineId', title: 'Edit guideline' },
      ],
    },
  },
});
