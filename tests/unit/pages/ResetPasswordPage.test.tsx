import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ResetPasswordPage from '../../../src/pages/ResetPasswordPage';
import { useMswServer } from '../helpers/mswServer';
import { renderRoutes } from '../helpers/renderRoutes';

const server = useMswServer();

const TOKEN = 'a-reset-token-of-some-length';
const INVALID = 'This reset link is invalid or has expired';

const renderAt = (search: string) =>
  renderRoutes([{ path: '/reset-password', element: <ResetPasswordPage /> }], `/reset-password${search}`);

function choose(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('checks the new password and its confirmation', async () => {
    renderAt(`?token=${TOKEN}`);

    choose('short', 'other');

    expect(await screen.findByText('Password must have at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('sets the password and offers the login', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Your password has been changed. You can sign in now.', data: null });
      }),
    );
    renderAt(`?token=${TOKEN}`);

    choose('my-new-pass-1');

    expect(await screen.findByText('Your password has been changed. You can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
    expect(body).toEqual({ token: TOKEN, newPassword: 'my-new-pass-1', confirmPassword: 'my-new-pass-1' });
  });

  it("shows the server's message for a used or expired link, with a way to ask for a new one", async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json({ success: false, message: INVALID, data: { errors: { token: INVALID } } }, { status: 400 }),
      ),
    );
    renderAt(`?token=${TOKEN}`);

    choose('my-new-pass-1');

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says at once when the link carries no token', () => {
    renderAt('');

    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
