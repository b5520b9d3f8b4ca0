import { entities } from '../../src/schemas';
import { tableAdapter } from '../crud/adapter';
import { makeRegistry, resource } from '../crud/registry';
import { departmentAdapter, instituteAdapter, studentAdapter, teacherAdapter } from './accountAdapters';
import { feedbackAdapter } from './feedbackAdapter';
import { questionAdapter } from './questionAdapter';
import { quizAdapter } from './quizAdapter';

const fieldsOf = (def: { fields: object }) => Object.keys(def.fields);

/**
 * Every entity served by the CRUD generator. A plain entity is one line:
 * `resource(entities.x, tableAdapter('x', fieldsOf(entities.x)))`.
 */
export const registry = makeRegistry([
  resource(entities.institutes, instituteAdapter),
  resource(entities.departments, departmentAdapter),
  resource(entities.teachers, teacherAdapter),
  resource(entities.students, studentAdapter),
  resource(
    entities.subjects,
    tableAdapter('subjects', fieldsOf(entities.subjects), {
      dependents: [
        { table: 'modules', column: 'subject_id', label: 'modules' },
        { table: 'teacher_subjects', column: 'subject_id', label: 'teachers' },
      ],
    }),
  ),
  resource(
    entities.groups,
    tableAdapter('groups', fieldsOf(entities.groups), {
      rename: { groupName: 'name' },
      many: { students: { table: 'group_students', ownKey: 'group_id', otherKey: 'student_id' } },
    }),
  ),
  resource(
    entities.modules,
    tableAdapter('modules', fieldsOf(entities.modules), { dependents: [{ table: 'topics', column: 'module_id', label: 'topics' }] }),
  ),
  resource(entities.topics, tableAdapter('topics', fieldsOf(entities.topics))),
  resource(
    entities.guidelines,
    tableAdapter('guidelines', fieldsOf(entities.guidelines), { tenant: { institute: false, department: false }, roleColumn: 'role' }),
  ),
  resource(entities.questions, questionAdapter),
  resource(entities.quizzes, quizAdapter),
  resource(entities.feedbacks, feedbackAdapter),
]);
