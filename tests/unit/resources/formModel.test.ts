import { describe, expect, it } from 'vitest';
import { entities } from '../../../src/schemas';
import { emptyValueLists, formDataOf, formModelOf } from '../../../src/resources/generator/formModel';

const titles = (model: ReturnType<typeof formModelOf>) =>
  Object.fromEntries(Object.entries(model.jsonSchema.properties ?? {}).map(([name, property]) => [name, (property as { title?: string }).title]));

describe('formModelOf', () => {
  it("builds the department form in the declaration's order with its labels, every field required", () => {
    const model = formModelOf(entities.departments, 'INSTITUTE-HEAD', 'create');

    expect(model.fields).toEqual(['departmentName', 'fullname', 'username', 'email', 'phone']);
    expect(titles(model)).toMatchObject({ departmentName: 'Department name', fullname: 'Department head', phone: 'Phone' });
    expect(model.jsonSchema.required).toEqual(['departmentName', 'email', 'fullname', 'username', 'phone']);
    expect(model.uiSchema['ui:order']).toEqual([...model.fields, '*']);
    expect(model.jsonSchema).not.toHaveProperty('$schema');
  });

  it('shows a createOnly field read-only on edit, neither required nor sent', () => {
    const model = formModelOf(entities.departments, 'INSTITUTE-HEAD', 'edit');

    expect(model.fields).toContain('username');
    expect(model.uiSchema.username).toEqual({ 'ui:readonly': true });
    expect(model.jsonSchema.required).not.toContain('username');
    const body = model.validation.parse({
      departmentName: 'Physics',
      fullname: 'Paul',
      username: 'paul',
      email: 'paul@x.example',
      phone: '9876543210',
    });
    expect(body).not.toHaveProperty('username');
  });

  it("hides a field the role may not set and validates the role's own body", () => {
    const forDepartmentHead = formModelOf(entities.students, 'DEPARTMENT-HEAD', 'create');
    const forInstituteHead = formModelOf(entities.students, 'INSTITUTE-HEAD', 'create');

    expect(forDepartmentHead.fields).not.toContain('departmentId');
    expect(forInstituteHead.fields).toContain('departmentId');
    expect(forInstituteHead.jsonSchema.required).toContain('departmentId');
    const missingDepartment = forInstituteHead.validation.safeParse({});
    expect(missingDepartment.success).toBe(false);
    expect(missingDepartment.error?.issues.find((issue) => issue.path[0] === 'departmentId')?.message).toBe(
      'Please select department',
    );
  });

  it('gives references the searchable select, one or many', () => {
    const model = formModelOf(entities.teachers, 'INSTITUTE-HEAD', 'create');

    expect(model.uiSchema.departmentId).toEqual({
      'ui:widget': 'reference',
      'ui:options': { reference: { resource: 'departments', display: 'departmentName' } },
    });
    expect(model.uiSchema.subjects).toEqual({
      'ui:widget': 'reference',
      'ui:options': { reference: { resource: 'subjects', display: 'subjectname', many: true } },
    });
  });

  it('names the values of a choice in the order declared, and uses a textarea where asked', () => {
    const model = formModelOf(entities.questions, 'TEACHER', 'create');

    expect((model.jsonSchema.properties?.difficulty as { enum: string[] }).enum).toEqual(['easy', 'medium', 'hard']);
    expect(model.uiSchema.difficulty).toEqual({ 'ui:enumNames': ['Easy', 'Medium', 'Hard'] });
    expect(model.uiSchema.question).toEqual({ 'ui:widget': 'textarea', 'ui:options': { rows: 4 } });
  });

  it('gives date-time fields the picker', () => {
    const model = formModelOf(entities.quizzes, 'TEACHER', 'create');

    expect(model.uiSchema.valid_from).toEqual({ 'ui:widget': 'dateTime' });
  });

  it("lets a resource's override choose a field's widget", () => {
    const model = formModelOf(entities.topics, 'TEACHER', 'create', { fieldWidgets: { module_id: 'moduleBySubject' } });

    expect(model.uiSchema.module_id).toMatchObject({ 'ui:widget': 'moduleBySubject' });
  });

  it("reads a record's form fields only, null as empty", () => {
    const model = formModelOf(entities.students, 'INSTITUTE-HEAD', 'edit');

    expect(formDataOf(model, { id: 4, fullname: 'Ann', departmentId: null, extra: 1 })).toEqual({ fullname: 'Ann' });
  });

  it('names each value of a list by the item and its place, keeps the values unordered and starts a required list with one blank value', () => {
    const model = formModelOf(entities['lti-platforms'], 'ADMIN', 'create');
    const ui = model.uiSchema.deploymentIds as { 'ui:options': unknown; items: (item: unknown, index: number) => unknown };

    expect(titles(model).deploymentIds).toBe('Deployment IDs');
    expect(ui['ui:options']).toEqual({ orderable: false });
    expect(ui.items('', 1)).toEqual({ 'ui:title': 'Deployment ID 2' });
    expect(emptyValueLists(model)).toEqual({ deploymentIds: [''] });
    // A reference list is a multi-select, not a list of fields.
    expect(emptyValueLists(formModelOf(entities.quizzes, 'TEACHER', 'create'))).not.toHaveProperty('subjects');
  });
});
