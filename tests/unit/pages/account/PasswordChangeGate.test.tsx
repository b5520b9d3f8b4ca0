import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PasswordChangeGate } from '../../../../src/pages/account/PasswordChangeGate';
import { useMswServer } from '../../helpers/mswServer';
import { renderRoutes } from '../../helpers/renderRoutes';
import { resetToastsAfterEach } from '../../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

const profile = (mustChangePassword: boolean) => ({
  id: 9,
  username: 'asha.r',
  fullname: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  role: 'STUDENT',
  semester: '3',
  batch: '2026',
  institute: 'Demo Institute',
  department: 'Computer Science',
  mustChangePassword,
  groups: [],
  subjects: [],
});

function renderGate() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', 'STUDENT');
  return renderRoutes(
    [
      { path: '/student', element: <PasswordChangeGate><p>student area</p></PasswordChangeGate> },
      { path: '/', element: <p>login</p> },
    ],
    '/student',
  );
}

describe('PasswordChangeGate', () => {
  it('shows the area when the account has its own password', async () => {
    server.use(http.get('/api/profile', () => HttpResponse.json({ success: true, message: 'OK', data: profile(false) })));
    renderGate();

    expect(await screen.findByText('student area')).toBeInTheDocument();
  });

  it('asks for a new password first, then lets the user in', async () => {
    server.use(
      http.get('/api/profile', () => HttpResponse.json({ success: true, message: 'OK', data: profile(true) })),
      http.post('/api/auth/change-password', () => HttpResponse.json({ success: true, message: 'Password changed', data: null })),
    );
    renderGate();

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Asha Rao/)).toBeInTheDocument();
    expect(screen.queryByText('student area')).not.toBeInTheDocument();

    fireEvent.change(await screen.findByLabelText('Initial password'), { target: { value: 'Init1alPass' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my-own-pass-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'my-own-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and continue' }));

    expect(await screen.findByText('student area')).toBeInTheDocument();
  });

  it('lets the user log out instead', async () => {
    server.use(
      http.get('/api/profile', () => HttpResponse.json({ success: true, message: 'OK', data: profile(true) })),
      http.post('/api/auth/logout', () => HttpResponse.json({ success: true, message: 'Signed out', data: null })),
    );
    const router = renderGate();

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
