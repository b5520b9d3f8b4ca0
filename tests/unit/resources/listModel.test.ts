import { describe, expect, it } from 'vitest';
import { entities } from '../../../src/schemas';
import { declaredColumn, declaredColumns, declaredFilterLabel, listModelOf } from '../../../src/resources/generator/listModel';

const summary = (model: ReturnType<typeof listModelOf>) =>
  model.columns.map(({ source, label, kind, sortable }) => ({ source, label, kind, sortable }));

describe('listModelOf', () => {
  it("gives the institute head's department list its columns, search and rights", () => {
    const model = listModelOf(entities.departments, 'INSTITUTE-HEAD');

    expect(summary(model)).toEqual([
      { source: 'departmentName', label: 'Department name', kind: 'text', sortable: true },
      { source: 'fullname', label: 'Department head', kind: 'text', sortable: true },
      { source: 'username', label: 'Username', kind: 'text', sortable: true },
      { source: 'email', label: 'Email', kind: 'text', sortable: false },
      { source: 'phone', label: 'Phone', kind: 'text', sortable: false },
    ]);
    expect(model.filters).toEqual([{ source: 'q', label: 'Search', kind: 'search' }]);
    expect(model.defaultSort).toEqual({ field: 'departmentName', order: 'ASC' });
    expect(model).toMatchObject({ canCreate: true, canUpdate: true, canDelete: true });
  });

  it('shows references through their display field and filters on them', () => {
    const model = listModelOf(entities.teachers, 'INSTITUTE-HEAD');

    expect(model.columns.find((column) => column.source === 'departmentId')).toEqual({
      source: 'departmentId',
      label: 'Department',
      kind: 'reference',
      sortable: true,
      reference: { resource: 'departments', display: 'departmentName' },
    });
    expect(model.columns.map((column) => column.source)).not.toContain('subjects');
    expect(model.filters.map((filter) => [filter.source, filter.kind])).toEqual([
      ['q', 'search'],
      ['departmentId', 'reference'],
    ]);
  });

  it('leaves out a field the role may not set, which the server fills from its scope', () => {
    const forInstituteHead = listModelOf(entities.students, 'INSTITUTE-HEAD');
    const forDepartmentHead = listModelOf(entities.students, 'DEPARTMENT-HEAD');

    expect(forInstituteHead.columns.map((column) => column.source)).toContain('departmentId');
    expect(forInstituteHead.filters.map((filter) => filter.source)).toEqual(['q', 'batch', 'semester', 'departmentId', 'groups']);
    expect(forDepartmentHead.columns.map((column) => column.source)).toEqual([
      'fullname',
      'username',
      'email',
      'phone',
      'batch',
      'semester',
    ]);
    expect(forDepartmentHead.filters.map((filter) => filter.source)).toEqual(['q', 'batch', 'semester', 'groups']);
  });

  it('filters by one value of a list-valued reference (the students of a group)', () => {
    const groups = listModelOf(entities.students, 'DEPARTMENT-HEAD').filters.find((filter) => filter.source === 'groups');
    expect(groups).toMatchObject({ kind: 'reference', reference: { resource: 'groups', display: 'groupName', many: true } });
    // Not shown as a column: a student's groups are a form field.
    expect(listModelOf(entities.students, 'DEPARTMENT-HEAD').columns.map((column) => column.source)).not.toContain('groups');
  });

  it("follows the role's rights: a teacher adds students but neither opens nor deletes them", () => {
    expect(listModelOf(entities.students, 'TEACHER')).toMatchObject({ canCreate: true, canUpdate: false, canDelete: false });
  });

  it("gives the admin a read-only feedback list with delete, showing quizzes it cannot look up by id", () => {
    const model = listModelOf(entities.feedbacks, 'ADMIN');

    expect(summary(model)).toEqual([
      { source: 'quiz', label: 'Quiz', kind: 'referenceId', sortable: true },
      { source: 'rating', label: 'Rating', kind: 'number', sortable: true },
      { source: 'comment', label: 'Comment', kind: 'longText', sortable: false },
    ]);
    expect(model.filters.map((filter) => [filter.source, filter.kind])).toEqual([
      ['q', 'search'],
      ['rating', 'number'],
    ]);
    expect(model).toMatchObject({ canCreate: false, canUpdate: false, canDelete: true });
    expect(model.defaultSort).toEqual({ field: 'id', order: 'DESC' });
  });

  it('shows choices as such and offers them as a select filter', () => {
    const model = listModelOf(entities.questions, 'TEACHER');

    expect(model.columns.find((column) => column.source === 'difficulty')).toMatchObject({
      kind: 'choice',
      choices: { easy: 'Easy', medium: 'Medium', hard: 'Hard' },
    });
    expect(model.filters.find((filter) => filter.source === 'type')?.kind).toBe('choice');
  });

  it('gives a role without rights nothing to do', () => {
    expect(listModelOf(entities.institutes, undefined)).toMatchObject({ canCreate: false, canUpdate: false, canDelete: false });
  });
});

describe('declaredColumn and declaredFilterLabel', () => {
  it("give the hand-written question and quiz lists the declaration's headings, sorting and filter labels", () => {
    const { questions, quizzes } = entities;
    expect(['question', 'type', 'difficulty', 'marks', 'module'].map((source) => declaredColumn(questions, source))).toEqual([
      { source: 'question', label: 'Question', disableSort: true },
      { source: 'type', label: 'Type', disableSort: false },
      { source: 'difficulty', label: 'Difficulty', disableSort: false },
      { source: 'marks', label: 'Marks', disableSort: false },
      { source: 'module', label: 'Module', disableSort: true },
    ]);
    expect(declaredColumns(quizzes, ['name', 'group_id'])).toEqual({
      name: { source: 'name', label: 'Name', disableSort: false },
      group_id: { source: 'group_id', label: 'Group', disableSort: true },
    });
    expect(['type', 'difficulty', 'marks'].map((source) => declaredFilterLabel(questions, source))).toEqual(['Type', 'Difficulty', 'Marks']);
  });

  it('refuses a field the declaration does not list or filter, naming it', () => {
    expect(() => declaredColumn(entities.questions, 'time_required')).toThrow('questions.time_required is not declared as a list column');
    expect(() => declaredFilterLabel(entities.quizzes, 'name')).toThrow('quizzes.name is not declared as a list filter');
  });
});
