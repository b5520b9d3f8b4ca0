import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { entities } from '../../../src/schemas';
import { EntityForm } from '../../../src/resources/generator/EntityForm';
import { formModelOf } from '../../../src/resources/generator/formModel';

const departmentModel = formModelOf(entities.departments, 'INSTITUTE-HEAD', 'create');

/** The helper line under a field (RJSF's FieldTemplate wraps the input and its error). */
const fieldError = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  return input.closest('.MuiFormControl-root')?.parentElement?.closest('.MuiFormControl-root') ?? input.closest('.form-group');
};

const submit = (name: RegExp = /save/i) => fireEvent.click(screen.getByRole('button', { name }));

describe('EntityForm', () => {
  it('shows the required-field messages under the fields of an empty department form and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<EntityForm model={departmentModel} initialData={{}} onSubmit={onSubmit} />);

    submit();

    for (const message of [
      'Department name is required',
      'Email is required',
      'Phone number is required',
      'Full name of department head is required',
      'Username of department head is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(within(fieldError(/^Department name/) as HTMLElement).getByText('Department name is required')).toBeInTheDocument();
    expect(within(fieldError(/^Phone/) as HTMLElement).getByText('Phone number is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the validated body: trimmed, nothing else', async () => {
    const onSubmit = vi.fn();
    render(<EntityForm model={departmentModel} initialData={{}} onSubmit={onSubmit} submitLabel="Add department" />);

    fireEvent.change(screen.getByLabelText(/^Department name/), { target: { value: '  Physics ' } });
    fireEvent.change(screen.getByLabelText(/^Department head/), { target: { value: 'Paul Physics' } });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'paul' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'paul@x.example' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '9876543210' } });
    submit(/add department/i);

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        departmentName: 'Physics',
        fullname: 'Paul Physics',
        username: 'paul',
        email: 'paul@x.example',
        phone: '9876543210',
      }),
    );
  });

  it("lands the server's field errors on their fields until the field changes", async () => {
    const data = { departmentName: 'Physics', fullname: 'Paul', username: 'paul', email: 'paul@x.example', phone: '9876543210' };
    const { rerender } = render(<EntityForm model={departmentModel} initialData={data} onSubmit={vi.fn()} />);
    submit();
    rerender(
      <EntityForm
        model={departmentModel}
        initialData={data}
        onSubmit={vi.fn()}
        serverErrors={{ username: 'This username is already taken', email: 'This email is already in use' }}
      />,
    );

    expect(within(fieldError(/^Username/) as HTMLElement).getByText('This username is already taken')).toBeInTheDocument();
    expect(within(fieldError(/^Email/) as HTMLElement).getByText('This email is already in use')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'paula' } });

    await waitFor(() => expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument());
    expect(screen.getByText('This email is already in use')).toBeInTheDocument();
  });

  it('shows a createOnly field read-only when editing', () => {
    const model = formModelOf(entities.departments, 'INSTITUTE-HEAD', 'edit');
    render(<EntityForm model={model} initialData={{ username: 'paul' }} onSubmit={vi.fn()} />);

    // The MUI theme renders a read-only text input as a disabled one.
    expect(screen.getByLabelText(/^Username/)).toBeDisabled();
    expect(screen.getByLabelText(/^Username/)).toHaveValue('paul');
    expect(screen.getByLabelText(/^Department name/)).toBeEnabled();
  });

  it('checks the module name and offers the subjects as a select', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 3, subjectname: 'Physics', code: 'PH1', semester: '1' }], total: 1 }));
    const dataProvider = testDataProvider({ getList } as Partial<DataProvider>);
    const model = formModelOf(entities.modules, 'TEACHER', 'create');
    const onSubmit = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider}>
        <EntityForm model={model} initialData={{}} onSubmit={onSubmit} />
      </AdminContext>,
    );

    fireEvent.change(screen.getByLabelText(/^Module name/), { target: { value: 'ab' } });
    submit();
    expect(await screen.findByText('Module name should be atleast 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Select the subject')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Module name/), { target: { value: 'Kinematics' } });
    fireEvent.mouseDown(screen.getByLabelText(/^Subject/));
    fireEvent.click(await screen.findByRole('option', { name: /Physics/ }));
    submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ course_outcome_name: 'Kinematics', subject_id: 3 }));
    expect(getList).toHaveBeenCalledWith('subjects', expect.objectContaining({ pagination: { page: 1, perPage: 1000 } }));
  });
});
