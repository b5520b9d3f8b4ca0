import { forwardRef, useImperativeHandle } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LoginPage } from '../../../src/pages/login/LoginPage';
import { getToasts } from '../../../src/ui/toast/toastStore';
import { useMswServer } from '../helpers/mswServer';
import { renderRoutes } from '../helpers/renderRoutes';
import { resetToastsAfterEach } from '../helpers/toasts';

const resetCaptcha = vi.hoisted(() => vi.fn());

// The real widget loads Google's script; this stand-in exposes the same callbacks as buttons.
vi.mock('react-google-recaptcha', () => ({
  default: forwardRef<unknown, { onChange: (token: string | null) => void; onExpired: () => void }>(
    function FakeCaptcha({ onChange }, ref) {
      useImperativeHandle(ref, () => ({ reset: resetCaptcha }));
      return (
        <button type="button" onClick={() => onChange('captcha-token')}>
          Solve captcha
        </button>
      );
    },
  ),
}));

const server = useMswServer();
resetToastsAfterEach();

function renderLogin(recaptchaSiteKey?: string) {
  return renderRoutes(
    [
      { path: '/', element: <LoginPage recaptchaSiteKey={recaptchaSiteKey} /> },
      { path: '/teacher', element: <p>teacher area</p> },
    ],
    '/',
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

describe('LoginPage', () => {
  it('shows the required-field messages and sends nothing when submitted empty', async () => {
    const login = vi.fn();
    server.use(http.post('/api/auth/login', login));
    renderLogin();

    submit();

    expect(await screen.findByText('Enter Username')).toBeInTheDocument();
    expect(screen.getByText('Enter Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Enter Username');
    expect(login).not.toHaveBeenCalled();
  });

  it('offers the roles in order with STUDENT selected', async () => {
    renderLogin();
    const select = screen.getByRole('combobox', { name: /Role/ });
    expect(select).toHaveTextContent('STUDENT');

    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');

    expect(options.map((option) => option.textContent)).toEqual([
      'STUDENT',
      'TEACHER',
      'DEPARTMENT-HEAD',
      'INSTITUTE-HEAD',
      'ADMIN',
    ]);
  });

  it('toggles the password between hidden and shown', () => {
    renderLogin();
    const toggle = screen.getByRole('button', { name: 'Show characters' });
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');

    fireEvent.click(toggle);

    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('logs in, stores the session and opens the role area', async () => {
    let payload: Record<string, unknown> = {};
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        payload = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: 'Welcome', data: { token: 'tok-1' } });
      }),
    );
    const router = renderLogin();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'TEACHER' }));
    type('Username', 'Ann.Lee');
    type('Password', 'secret');
    submit();

    expect(await screen.findByText('teacher area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teacher');
    expect(payload).toMatchObject({ username: 'Ann.Lee', password: 'secret', role: 'TEACHER', recaptchaValue: null });
    expect(payload.userTime).toEqual(expect.any(Number));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('role')).toBe('TEACHER');
    expect(localStorage.getItem('username')).toBe('ann.lee');
  });

  it("shows the server's message in an 'Error' toast and resets the captcha when login fails", async () => {
    let recaptchaValue: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        recaptchaValue = ((await request.json()) as { recaptchaValue: unknown }).recaptchaValue;
        return HttpResponse.json({ success: false, message: 'Invalid credentials' }, { status: 401 });
      }),
    );
    renderLogin('site-key');
    type('Username', 'ann');
    type('Password', 'wrong');

    submit();
    expect(await screen.findByText('Please solve the captcha')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    submit();

    await waitFor(() => expect(getToasts()).toMatchObject([{ summary: 'Error', detail: 'Invalid credentials' }]));
    expect(recaptchaValue).toBe('captcha-token');
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });
});
