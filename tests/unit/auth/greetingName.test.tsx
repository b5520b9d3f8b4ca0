import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { displayNameOf, useGreetingName } from '../../../src/auth/useCurrentUser';
import { PasswordChangeGate } from '../../../src/pages/account/PasswordChangeGate';
import { useMswServer } from '../helpers/mswServer';
import { renderRoutes } from '../helpers/renderRoutes';

describe('the name a dashboard greets by', () => {
  const server = useMswServer();
  afterEach(() => localStorage.clear());

  it('is the full name, else the username', () => {
    expect(displayNameOf({ fullname: 'Tara Teacher' }, 'teacher')).toBe('Tara Teacher');
    expect(displayNameOf({ fullname: '  ' }, 'admin')).toBe('admin');
    expect(displayNameOf(undefined, 'admin')).toBe('admin');
    expect(displayNameOf(undefined, null)).toBeUndefined();
  });

  it("comes from the account's profile, and is nothing until the profile has answered", async () => {
    localStorage.setItem('token', 'tok-greeting');
    localStorage.setItem('username', 'teacher');
    server.use(http.get('*/profile', () => HttpResponse.json({ success: true, message: '', data: { id: 4, username: 'teacher', fullname: 'Tara Teacher' } })));
    const { result } = renderHook(() => useGreetingName());

    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe('Tara Teacher'));
  });

  it('falls back to the stored username when the profile cannot be read', async () => {
    localStorage.setItem('token', 'tok-greeting-failed');
    localStorage.setItem('username', 'admin');
    server.use(http.get('*/profile', () => HttpResponse.json({ success: false, message: 'Nope', data: null }, { status: 500 })));
    const { result } = renderHook(() => useGreetingName());

    await waitFor(() => expect(result.current).toBe('admin'));
  });

  it("is the profile the area's password check read: the session asks for it once", async () => {
    localStorage.setItem('token', 'tok-greeting-gate');
    localStorage.setItem('username', 'teacher');
    let asked = 0;
    server.use(
      http.get('*/profile', () => {
        asked += 1;
        return HttpResponse.json({ success: true, message: '', data: { id: 4, username: 'teacher', fullname: 'Tara Teacher', mustChangePassword: false } });
      }),
    );
    function Greeting() {
      const name = useGreetingName();
      return <p>{name ? `Welcome, ${name}` : 'waiting'}</p>;
    }
    renderRoutes([{ path: '/teacher', element: <PasswordChangeGate><Greeting /></PasswordChangeGate> }], '/teacher');

    expect(await screen.findByText('Welcome, Tara Teacher')).toBeInTheDocument();
    expect(asked).toBe(1);
  });
});
