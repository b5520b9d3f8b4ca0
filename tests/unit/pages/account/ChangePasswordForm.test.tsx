import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ChangePasswordForm } from '../../../../src/pages/account/ChangePasswordForm';
import { getToasts } from '../../../../src/ui/toast/toastStore';
import { useMswServer } from '../../helpers/mswServer';
import { resetToastsAfterEach } from '../../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

function fill(current: string, next: string, confirm: string) {
  type('Current password', current);
  type('New password', next);
  type('Confirm new password', confirm);
}

describe('ChangePasswordForm', () => {
  it('says when the confirmation does not match, and sends nothing', async () => {
    const received = vi.fn();
    server.use(http.post('/api/auth/change-password', received));
    render(<ChangePasswordForm />);
    fill('old-secret-1', 'new-secret-1', 'new-secret-2');

    submit();

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(received).not.toHaveBeenCalled();
  });

  it('shows the password rules and the required messages', async () => {
    render(<ChangePasswordForm />);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters, with a letter and a digit');

    submit();

    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm the new password')).toBeInTheDocument();

    type('New password', 'abcdefgh');
    expect(screen.getByText('Password must contain a digit')).toBeInTheDocument();
  });

  it("puts the server's answer on the current password field", async () => {
    server.use(
      http.post('/api/auth/change-password', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Invalid currentPassword: The current password is not correct',
            data: { errors: { currentPassword: 'The current password is not correct' } },
          },
          { status: 400 },
        ),
      ),
    );
    render(<ChangePasswordForm />);
    fill('wrong-one-1', 'new-secret-1', 'new-secret-1');

    submit();

    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
  });

  it('sends the three fields, empties the form and reports success', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/change-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Password changed', data: null });
      }),
    );
    const onChanged = vi.fn();
    render(<ChangePasswordForm onChanged={onChanged} />);
    fill('old-secret-1', 'new-secret-1', 'new-secret-1');

    submit();

    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(body).toEqual({ currentPassword: 'old-secret-1', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' });
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(getToasts()).toMatchObject([{ severity: 'success', summary: 'Password changed' }]);
  });

  it('shows and hides the characters of each field on its own', () => {
    render(<ChangePasswordForm />);
    const toggle = screen.getByRole('button', { name: 'Show characters of new password' });

    fireEvent.click(toggle);

    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
