import { z } from 'zod';
import { defineEntity } from './entity';
import { idRef, requiredText } from './fields';

export const TOPIC_NAME_MAX = 100;

/** A topic within a module; questions may be tagged with one. */
export const topicSchema = z.object({
  name: requiredText('Topic name is required').max(TOPIC_NAME_MAX, 'Topic name should not exceed 100 characters'),
  module_id: idRef('Select the module'),
});
export type TopicInput = z.input<typeof topicSchema>;
export type Topic = z.infer<typeof topicSchema>;
export type TopicRecord = Topic & { id: number };

/**
 * Teachers keep their department's topics: every teacher of the department sees and uses them,
 * but only the teacher who made one, or the department head, changes or deletes it.
 */
export const topicEntity = defineEntity({
  resource: 'topics',
  label: 'Topics',
  singular: 'Topic',
  schema: topicSchema,
  fields: {
    name: { label: 'Topic', list: true, sortable: true, search: true },
    module_id: {
      label: 'Module',
      list: true,
      filter: true,
      sortable: true,
      reference: { resource: 'modules', display: 'course_outcome_name' },
    },
  },
  recordRepresentation: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  access: {
    list: ['TEACHER'],
    read: ['TEACHER'],
    create: ['TEACHER'],
    update: ['TEACHER', 'DEPARTMENT-HEAD'],
    delete: ['TEACHER', 'DEPARTMENT-HEAD'],
  },
  scope: { TEACHER: 'department', 'DEPARTMENT-HEAD': 'department' },
  writeScope: { TEACHER: 'own' },
  areas: { TEACHER: { section: 'topics', screens: [{ path: 'add', title: 'Add topic' }] } },
});
