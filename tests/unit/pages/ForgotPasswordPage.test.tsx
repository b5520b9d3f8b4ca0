import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ForgotPasswordPage from '../../../src/pages/ForgotPasswordPage';
import { useMswServer } from '../helpers/mswServer';
import { renderRoutes } from '../helpers/renderRoutes';

const server = useMswServer();

const SENT = 'If an account matches, a link to reset its password has been sent to its email address.';

describe('ForgotPasswordPage', () => {
  it('asks for a username or email', async () => {
    const received = vi.fn();
    server.use(http.post('/api/auth/forgot-password', received));
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');

    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Enter your username or email')).toBeInTheDocument();
    expect(received).not.toHaveBeenCalled();
  });

  it("sends it and shows the server's neutral answer, with the way back to the login", async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: SENT, data: null });
      }),
    );
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');

    fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(body).toEqual({ login: 'asha@example.com' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });
});
