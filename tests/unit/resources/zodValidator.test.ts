import { describe, expect, it } from 'vitest';
import { entities, guidelineSchema } from '../../../src/schemas';
import { formModelOf } from '../../../src/resources/generator/formModel';
import { zodValidator } from '../../../src/resources/generator/zodValidator';

const validate = (schema: Parameters<typeof zodValidator>[0], data: unknown) =>
  zodValidator(schema).validateFormData(data, {}, undefined, undefined, undefined);

describe('zodValidator', () => {
  it('puts the required-field messages under the fields of an empty department form', () => {
    const { errorSchema, errors } = validate(formModelOf(entities.departments, 'INSTITUTE-HEAD', 'create').validation, {});

    expect(errorSchema).toEqual({
      departmentName: { __errors: ['Department name is required'] },
      email: { __errors: ['Email is required'] },
      fullname: { __errors: ['Full name of department head is required'] },
      username: { __errors: ['Username of department head is required'] },
      phone: { __errors: ['Phone number is required'] },
    });
    expect(errors).toContainEqual({
      property: '.departmentName',
      message: 'Department name is required',
      stack: '.departmentName Department name is required',
    });
  });

  it('gives one message per field, the rule that failed first', () => {
    const { errorSchema } = validate(entities.departments.schema, {
      departmentName: 'Physics',
      fullname: 'Paul',
      username: 'paul',
      email: 'not-an-address',
      phone: '12345',
    });

    expect(errorSchema).toEqual({
      email: { __errors: ['Please enter the valid E-mail'] },
      phone: { __errors: ['Please enter the valid phone number'] },
    });
  });

  it('checks the module name length and the subject', () => {
    const { errorSchema } = validate(entities.modules.schema, { course_outcome_name: 'ab' });

    expect(errorSchema).toEqual({
      course_outcome_name: { __errors: ['Module name should be atleast 3 characters'] },
      subject_id: { __errors: ['Select the subject'] },
    });
  });

  it('keeps an empty number empty, so the field says what is missing', () => {
    const { errorSchema } = validate(entities.questions.schema, { marks: undefined, time_required: '' });

    expect(errorSchema).toMatchObject({ marks: { __errors: ['Enter valid marks'] }, time_required: { __errors: ['Enter valid time'] } });
  });

  it('places errors of nested list items under their own item', () => {
    const { errorSchema } = validate(guidelineSchema, {
      role: 'TEACHER',
      content: [{ title: 'Rules', description: 'Be on time', faqs: [] }, { title: '', description: 'x', faqs: [{ question: 'Why?' }] }],
    });

    expect(errorSchema).toEqual({
      content: {
        1: {
          title: { __errors: ['Title is required'] },
          faqs: { 0: { answer: { __errors: ['Answer is required'] } } },
        },
      },
    });
  });

  it('lists the errors in the order the form shows the fields', () => {
    const model = formModelOf(entities.students, 'DEPARTMENT-HEAD', 'create');
    const { errors } = zodValidator(model.validation, model.fields).validateFormData({}, {}, undefined, undefined, undefined);

    expect(errors.map((error) => error.property)).toEqual(['.fullname', '.username', '.email', '.phone', '.batch', '.semester']);
  });

  it('accepts valid data', () => {
    expect(validate(entities.modules.schema, { course_outcome_name: 'Kinematics', subject_id: 3 })).toEqual({
      errors: [],
      errorSchema: {},
    });
  });
});
