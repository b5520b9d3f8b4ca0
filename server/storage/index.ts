import { entities, type ResourceName } from '../../src/schemas';
import { tableAdapter, type ResourceAdapter } from '../crud/adapter';
import { makeRegistry } from '../crud/registry';
import { departmentAdapter, instituteAdapter, studentAdapter, teacherAdapter } from './accountAdapters';
import { feedbackAdapter } from './feedbackAdapter';
import { ltiPlatformAdapter } from './ltiPlatformAdapter';
import { questionAdapter } from './questionAdapter';
import { quizAdapter } from './quizAdapter';

const fieldsOf = (def: { fields: object }) => Object.keys(def.fields);

/**
 * The entities whose storage is not a plain table (accounts, link tables, rows that block a
 * delete, renamed columns). Every other entity of src/schemas is served by the plain table
 * adapter: its table is named after the resource, with a column per field and the tenant
 * columns institute_id, department_id and created_by.
 */
const customAdapters: { readonly [R in ResourceName]?: ResourceAdapter } = {
  institutes: instituteAdapter,
  departments: departmentAdapter,
  teachers: teacherAdapter,
  students: studentAdapter,
  subjects: tableAdapter('subjects', fieldsOf(entities.subjects), {
    dependents: [
      { table: 'modules', column: 'subject_id', label: 'modules' },
      { table: 'teacher_subjects', column: 'subject_id', label: 'teachers' },
    ],
  }),
  groups: tableAdapter('groups', fieldsOf(entities.groups), {
    rename: { groupName: 'name' },
    many: { students: { table: 'group_students', ownKey: 'group_id', otherKey: 'student_id' } },
  }),
  modules: tableAdapter('modules', fieldsOf(entities.modules), { dependents: [{ table: 'topics', column: 'module_id', label: 'topics' }] }),
  guidelines: tableAdapter('guidelines', fieldsOf(entities.guidelines), { tenant: { institute: false, department: false }, roleColumn: 'role' }),
  questions: questionAdapter,
  quizzes: quizAdapter,
  feedbacks: feedbackAdapter,
  'lti-platforms': ltiPlatformAdapter,
};

/** Every entity served by the CRUD generator. */
export const registry = makeRegistry(entities, customAdapters);
