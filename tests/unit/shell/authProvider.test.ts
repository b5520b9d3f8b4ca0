import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { read } from '../../../src/api/httpClient';
import { authProvider, LoginFailed } from '../../../src/shell/authProvider';
import { preferencesKeyOf } from '../../../src/auth/session';
import { registerNavigator } from '../../../src/navigation/appNavigator';
import { useMswServer } from '../helpers/mswServer';
import { resetToastsAfterEach } from '../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

function storeSession(role: string) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', role);
  localStorage.setItem('quizName', 'Algebra');
}

describe('authProvider.checkAuth', () => {
  it('accepts a session the server confirms for the stored role and stores username and role', async () => {
    storeSession('TEACHER');
    server.use(
      http.get('/api/teacher/verify', () =>
        HttpResponse.json({ success: true, message: '', data: { role: 'teacher', username: 'Ann' } }),
      ),
    );

    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
    expect(localStorage.getItem('username')).toBe('ann');
    expect(localStorage.getItem('role')).toBe('TEACHER');
  });

  it("clears all storage and redirects to '/' when the server names another role", async () => {
    storeSession('TEACHER');
    server.use(
      http.get('/api/teacher/verify', () =>
        HttpResponse.json({ success: true, message: '', data: { role: 'STUDENT', username: 'ann' } }),
      ),
    );

    await expect(authProvider.checkAuth()).rejects.toEqual({ redirectTo: '/', message: false });
    expect(localStorage.length).toBe(0);
  });

  it('keeps the session and the storage when the check gets no answer (connection lost, page left)', async () => {
    storeSession('STUDENT');
    localStorage.setItem('examAnswers:7', '{"1":"b"}');
    server.use(http.get('/api/student/verify', () => HttpResponse.error()));

    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('role')).toBe('STUDENT');
    expect(localStorage.getItem('examAnswers:7')).toBe('{"1":"b"}');
  });

  it("goes to '/' without asking the server, and never answers, when nothing is stored (the session already ended)", async () => {
    const went: string[] = [];
    const unregister = registerNavigator((to) => went.push(to));
    let asked = false;
    server.use(http.get('/api/*/verify', () => ((asked = true), HttpResponse.json({ success: false, message: '' }))));
    try {
      // A refusal would have react-admin sign out and ask again while the area is still shown, in a loop.
      const outcome = await Promise.race([
        authProvider.checkAuth().then(
          () => 'accepted',
          () => 'refused',
        ),
        new Promise((resolve) => setTimeout(() => resolve('no answer'), 50)),
      ]);
      expect(outcome).toBe('no answer');
      expect(went).toEqual(['/']);
      expect(asked).toBe(false);
    } finally {
      unregister();
    }
  });
});

describe('authProvider.login', () => {
  it('rejects with the server message and stores nothing', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ success: false, message: 'Invalid username, password or role' })),
    );

    const attempt = authProvider.login({ username: 'a', password: 'b', role: 'ADMIN', recaptchaValue: null, userTime: 1 });

    await expect(attempt).rejects.toEqual(new LoginFailed('Invalid username, password or role', false));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('rejects with the message of a 503 when too many sign-ins wait (not a connection issue)', async () => {
    const message = 'Too many sign-ins at once: try again in 3 seconds';
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ success: false, message, data: { retryAfterSeconds: 3 } }, { status: 503, headers: { 'Retry-After': '3' } }),
      ),
    );

    const attempt = authProvider.login({ username: 'a', password: 'b', role: 'STUDENT', recaptchaValue: null, userTime: 1 });

    await expect(attempt).rejects.toEqual(new LoginFailed(message, false));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('authProvider.logout', () => {
  it("revokes the session on the server, clears storage and leads to '/'", async () => {
    storeSession('STUDENT');
    let authorization: string | null = null;
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ success: true, message: 'Signed out' });
      }),
    );

    await expect(authProvider.logout()).resolves.toBe('/');
    expect(authorization).toBe('Bearer tok');
    expect(localStorage.length).toBe(0);
  });

  it('forgets the session before asking the server to end it: a request of the screen still waiting is dropped, none goes out with it', async () => {
    storeSession('TEACHER');
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    server.use(
      http.get('/api/subjects/1/attainment', async () => {
        await held;
        return HttpResponse.json({ success: false, message: 'Session Expired!!' }, { status: 405 });
      }),
      http.post('/api/auth/logout', ({ request }) => {
        seen.push(`${String(localStorage.getItem('token'))} ${String(request.headers.get('authorization'))}`);
        release();
        return HttpResponse.json({ success: true, message: 'Signed out' });
      }),
    );

    const waiting = read('/subjects/1/attainment', { toast: false });
    await expect(authProvider.logout()).resolves.toBe('/');
    // The sign-out carried the session's token, which the browser had already forgotten.
    expect(seen).toEqual(['null Bearer tok']);
    await expect(waiting).resolves.toEqual({ success: false, message: 'Session Expired!!' });
    // Whatever ended the session navigates; the dropped request does not do it a second time.
    expect(navigate).not.toHaveBeenCalled();
    unregister();
  });

  it("keeps the users' list preferences (their own keys), and nothing else", async () => {
    storeSession('TEACHER');
    const kept = `${preferencesKeyOf('TEACHER', 'ann')}.rooms.listParams`;
    localStorage.setItem(kept, '{"perPage":10}');
    localStorage.setItem('RaStore.rooms.listParams', '{"perPage":50}');
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ success: true, message: 'Signed out' })));

    await authProvider.logout();
    expect(localStorage.getItem(kept)).toBe('{"perPage":10}');
    expect(localStorage.length).toBe(1);
  });
});

describe('authProvider.checkError and canAccess', () => {
  it('logs out on 405 only', async () => {
    storeSession('TEACHER');
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 405 })).rejects.toMatchObject({ redirectTo: '/' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("allows the sections of the user's own area only", async () => {
    storeSession('INSTITUTE-HEAD');
    await expect(authProvider.canAccess({ resource: 'department' })).resolves.toBe(true);
    await expect(authProvider.canAccess({ resource: 'questions' })).resolves.toBe(false);
  });
});
