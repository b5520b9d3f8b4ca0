import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StudentUploadPage } from '../../../../../src/resources/students/upload/StudentUploadPage';
import { useMswServer } from '../../../helpers/mswServer';
import { renderRoutes } from '../../../helpers/renderRoutes';

const server = useMswServer();

function renderUpload(role = 'TEACHER') {
  localStorage.setItem('role', role);
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/teacher/students/upload', element: <StudentUploadPage /> }], '/teacher/students/upload');
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Excel file'), { target: { files: [file] } });
const upload = () => fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
const excel = (name = 'class.xlsx', bytes = 1024) => new File([new Uint8Array(bytes)], name);

describe('StudentUploadPage', () => {
  it('names every missing field and sends nothing', async () => {
    const received = vi.fn();
    server.use(http.post('/api/students/upload', received));
    renderUpload();

    upload();

    expect(await screen.findByText('Semester is required')).toBeInTheDocument();
    expect(screen.getByText('Batch is required')).toBeInTheDocument();
    expect(screen.getByText('File is required')).toBeInTheDocument();
    expect(received).not.toHaveBeenCalled();
  });

  it('accepts Excel files only', async () => {
    renderUpload();
    choose(new File(['name,phone'], 'class.csv', { type: 'text/csv' }));

    upload();

    expect(await screen.findByText('Only Excel files are allowed')).toBeInTheDocument();
    expect(screen.getByLabelText('Excel file')).toHaveAccessibleDescription('Only Excel files are allowed');
  });

  it('refuses a file over 2 MB before uploading it', async () => {
    renderUpload();
    choose(excel('class.xls', 2 * 1024 * 1024 + 1));

    upload();

    expect(await screen.findByText('File size should be less than 2 MB')).toBeInTheDocument();
  });

  it('checks the lengths of semester and batch', async () => {
    renderUpload();
    type('Semester', '123456');
    type('Batch', '2024-2028-A');

    upload();

    expect(await screen.findByText('Semester should not exceed 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Batch should not exceed 10 characters')).toBeInTheDocument();
  });

  it("asks the institute head for one of the institute's departments", async () => {
    server.use(
      http.get('/api/departments', () =>
        HttpResponse.json({ success: true, message: 'OK', data: [{ id: 4, departmentName: 'Civil' }, { id: 2, departmentName: 'Physics' }] }),
      ),
    );
    renderUpload('INSTITUTE-HEAD');

    upload();
    expect(await screen.findByText('Please select department')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Department/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Civil', 'Physics']);
  });

  it('lists the rows to correct when the server imports nothing', async () => {
    server.use(
      http.post('/api/students/upload', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'No students were imported: 2 rows have errors (row 3, email: Please enter valid email)',
            data: {
              errors: { file: '2 row(s) have errors' },
              rows: [
                { row: 3, field: 'email', message: 'Please enter valid email' },
                { row: 5, field: 'username', message: 'Same username as row 2' },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderUpload();
    type('Semester', '3');
    type('Batch', '2026');
    choose(excel());

    upload();

    expect(await screen.findByText('No students were imported')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows with errors' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['3EmailPlease enter valid email', '5UsernameSame username as row 2']);
  });

  it('sends the form and shows the imported accounts with their initial passwords', async () => {
    let sent: FormData | undefined;
    server.use(
      http.post('/api/students/upload', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(
          {
            success: true,
            message: '1 student imported',
            data: {
              imported: 1,
              accounts: [{ fullname: 'Asha Rao', username: 'asha.r', email: 'asha@example.com', initialPassword: 'Xy7pQ2rT9w' }],
              passwordSheet: btoa('sheet'),
            },
          },
          { status: 201 },
        );
      }),
    );
    renderUpload();
    type('Semester', '3');
    type('Batch', '2026');
    choose(excel());

    upload();

    expect(await screen.findByText('1 student imported')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download initial passwords' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Imported students' })).getByText('Xy7pQ2rT9w')).toBeInTheDocument();
    expect(sent?.get('semester')).toBe('3');
    expect(sent?.get('batch')).toBe('2026');
    expect((sent?.get('file') as File).name).toBe('class.xlsx');
    expect(sent?.has('departmentId')).toBe(false);
    await waitFor(() => expect(screen.queryByText('File is required')).not.toBeInTheDocument());
  });
});
