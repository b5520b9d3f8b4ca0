import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { HttpError } from 'react-admin';
import { departments } from '../../../src/resources/departments';
import { students } from '../../../src/resources/students';
import { InitialPasswordDialog } from '../../../src/resources/generator';

afterEach(() => vi.restoreAllMocks());

function signIn(role: string) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', role);
  localStorage.setItem('username', 'someone');
}

function renderScreen(resource: string, Screen: React.ComponentType, dataProvider: Partial<DataProvider>) {
  return render(
    <AdminContext dataProvider={testDataProvider(dataProvider)}>
      <ResourceContextProvider value={resource}>
        <Screen />
      </ResourceContextProvider>
      <InitialPasswordDialog />
    </AdminContext>,
  );
}

const department = { id: 1, departmentName: 'Physics', fullname: 'Paul Physics', username: 'paul', email: 'paul@x.example', phone: '9876543210' };

describe('generated list', () => {
  it('shows the declared columns, search and the add button to the institute head', async () => {
    signIn('INSTITUTE-HEAD');
    const getList = vi.fn(async () => ({ data: [department], total: 1 }));
    renderScreen('department', departments.list, { getList: getList as never });

    expect(await screen.findByText('Physics')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Department name', 'Department head', 'Username', 'Email', 'Phone']));
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /add department/i })).toBeInTheDocument();
    // The export of the whole filtered set, in both formats, the reset and the column chooser.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeInTheDocument();
    // react-admin's column chooser ("Columns" in the app's English messages; its message key here, without them).
    expect(screen.getByRole('button', { name: /columns/i })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'department',
      expect.objectContaining({ sort: { field: 'departmentName', order: 'ASC' }, pagination: { page: 1, perPage: 25 } }),
    );
  });

  it('lets a teacher add students but not select or delete them, without the department column', async () => {
    signIn('TEACHER');
    const student = { id: 9, fullname: 'Sam', username: 'sam', email: 's@x.example', phone: '9876543210', batch: '2025', semester: '1', departmentId: 2 };
    renderScreen('students', students.list, { getList: async () => ({ data: [student], total: 1 }) as never });

    expect(await screen.findByText('Sam')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Department')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /add student/i })).toBeInTheDocument();
  });

  it('offers the first record to be added when the list is empty', async () => {
    signIn('INSTITUTE-HEAD');
    renderScreen('department', departments.list, { getList: async () => ({ data: [], total: 0 }) });

    expect(await screen.findByText('No departments yet')).toBeInTheDocument();
    expect(screen.getByText('Add the first department and it will be listed here.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /add department/i }).length).toBeGreaterThan(0);
  });
});

describe('generated create screen', () => {
  it('shows the initial password of the new account once it is created', async () => {
    signIn('INSTITUTE-HEAD');
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({
      data: { ...data, id: 2, initialPassword: 'Xq7-secret' },
    }));
    renderScreen('department', departments.create, { create: create as never, getList: async () => ({ data: [], total: 0 }) });

    fireEvent.change(await screen.findByLabelText(/^Department name/), { target: { value: 'Physics' } });
    fireEvent.change(screen.getByLabelText(/^Department head/), { target: { value: 'Paul Physics' } });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'paul' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'paul@x.example' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: /add department/i }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('paul')).toBeInTheDocument();
    expect(within(dialog).getByTestId('initial-password')).toHaveTextContent('Xq7-secret');
    expect(within(dialog).getByText(/share it with them; they must change it at first sign-in/i)).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith('department', expect.objectContaining({ data: expect.objectContaining({ username: 'paul' }) }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts a 409's message on the field it names", async () => {
    signIn('INSTITUTE-HEAD');
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refused save
    const create = vi.fn(async () => {
      throw new HttpError('This username is already taken', 409, {
        success: false,
        message: 'This username is already taken',
        data: { errors: { username: 'This username is already taken' } },
      });
    });
    renderScreen('department', departments.create, { create: create as never });

    fireEvent.change(await screen.findByLabelText(/^Department name/), { target: { value: 'Physics' } });
    fireEvent.change(screen.getByLabelText(/^Department head/), { target: { value: 'Paul Physics' } });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'paul' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'paul@x.example' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: /add department/i }));

    const username = await screen.findByText('This username is already taken');
    expect(username.closest('.rjsf-field')).toContainElement(screen.getByLabelText(/^Username/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
