import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ProfilePage } from '../../../../src/pages/account/ProfilePage';
import { useMswServer } from '../../helpers/mswServer';
import { resetToastsAfterEach } from '../../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

const TEACHER = {
  id: 4,
  username: 'teacher',
  fullname: 'Tara Teacher',
  email: 'teacher@demo.example',
  phone: '9000000004',
  role: 'TEACHER',
  semester: null,
  batch: null,
  institute: 'Demo Institute of Technology',
  department: 'Computer Science',
  mustChangePassword: false,
  groups: [],
  subjects: [{ id: 1, subjectname: 'Data Structures', code: 'CS201' }],
};

describe('ProfilePage', () => {
  it("shows the user's details and a teacher's subjects", async () => {
    server.use(http.get('/api/profile', () => HttpResponse.json({ success: true, message: 'OK', data: TEACHER })));
    render(<ProfilePage />);

    expect(await screen.findByText('teacher@demo.example')).toBeInTheDocument();
    expect(screen.getByText('Demo Institute of Technology')).toBeInTheDocument();
    expect(screen.getByText('Data Structures (CS201)')).toBeInTheDocument();
    expect(screen.queryByText('Semester')).not.toBeInTheDocument();
  });

  it("shows a student's semester, batch and groups", async () => {
    const student = { ...TEACHER, role: 'STUDENT', semester: '3', batch: '2026', subjects: [], groups: [{ id: 1, name: 'Section A' }] };
    server.use(http.get('/api/profile', () => HttpResponse.json({ success: true, message: 'OK', data: student })));
    render(<ProfilePage />);

    const details = await screen.findByText('Semester');
    expect(details.nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Batch').nextSibling).toHaveTextContent('2026');
    expect(screen.getByText('Section A')).toBeInTheDocument();
  });

  it('checks the phone number before saving it', async () => {
    let sent: unknown;
    server.use(
      http.get('/api/profile', () => HttpResponse.json({ success: true, message: 'OK', data: TEACHER })),
      http.put('/api/profile', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Profile updated', data: { ...TEACHER, phone: '9876501234' } });
      }),
    );
    render(<ProfilePage />);
    const phone = await screen.findByLabelText('Phone number');
    const form = screen.getByRole('form', { name: 'Change phone number' });

    fireEvent.change(phone, { target: { value: '98765' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save phone number' }));
    expect(await screen.findByText('Please enter the valid phone number')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    fireEvent.change(phone, { target: { value: '9876501234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save phone number' }));

    await screen.findByDisplayValue('9876501234');
    expect(sent).toEqual({ phone: '9876501234' });
  });
});
