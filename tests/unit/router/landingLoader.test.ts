import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { LTI_HANDOFF_REFUSED } from '../../../src/auth/ltiEntry';
import { landingLoader } from '../../../src/router/landingLoader';
import { getToasts } from '../../../src/ui/toast/toastStore';
import { useMswServer } from '../helpers/mswServer';
import { resetToastsAfterEach } from '../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

const load = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return landingLoader({ request: new Request(url), url, pattern: '/', params: {}, context: undefined }) as Promise<Response | null>;
};

describe('landingLoader', () => {
  it('lets a visitor without a session see the login', async () => {
    await expect(load('/')).resolves.toBeNull();
  });

  it('sends a user with a stored session to their area', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('role', 'INSTITUTE-HEAD');

    const response = await load('/');

    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/institute-head');
  });

  it('trades a valid exam token for a student session and opens the instructions', async () => {
    server.use(
      http.get('/api/student/verify/exam-token/:token', ({ params }) =>
        params.token === 'exam-1'
          ? HttpResponse.json({ success: true, message: '', data: { token: 'session-9', quizName: 'Algebra', quizId: 42 } })
          : HttpResponse.json({ success: false, message: 'Invalid' }),
      ),
    );

    const response = await load('/?examToken=exam-1');

    expect(response?.headers.get('Location')).toBe('/student/availableQuiz/instruction/42');
    expect(localStorage.getItem('token')).toBe('session-9');
    expect(localStorage.getItem('role')).toBe('STUDENT');
    expect(localStorage.getItem('quizName')).toBe('Algebra');
  });

  it('shows the login silently when the exam token is rejected', async () => {
    server.use(
      http.get('/api/student/verify/exam-token/:token', () =>
        HttpResponse.json({ success: false, message: 'Link expired' }, { status: 404 }),
      ),
    );

    await expect(load('/?examToken=old')).resolves.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('trades an LMS hand-over code for a teacher session and opens the launched quiz\'s manage page', async () => {
    localStorage.setItem('quizName', 'From an old exam link');
    let body: unknown;
    server.use(
      http.post('/api/lti/handoff', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: '', data: { token: 'teacher-7', role: 'TEACHER', username: 'Tara', quizId: 42 } });
      }),
    );

    const response = await load('/?ltiHandoff=code-1');

    expect(body).toEqual({ code: 'code-1' });
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/teacher/quiz/manage/42');
    expect(localStorage.getItem('token')).toBe('teacher-7');
    expect(localStorage.getItem('role')).toBe('TEACHER');
    expect(localStorage.getItem('username')).toBe('tara');
    expect(getToasts()).toHaveLength(0);
  });

  it('shows the login with a message when the hand-over code is refused, even with a stored session', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('role', 'STUDENT');
    server.use(http.post('/api/lti/handoff', () => HttpResponse.json({ success: false, message: 'Unknown or expired code' }, { status: 404 })));

    await expect(load('/?ltiHandoff=used')).resolves.toBeNull();

    expect(localStorage.getItem('token')).toBe('old');
    expect(getToasts()).toEqual([expect.objectContaining({ severity: 'error', summary: 'LMS sign-in failed', detail: LTI_HANDOFF_REFUSED })]);
  });

  it('refuses a hand-over answer that is not a teacher session', async () => {
    server.use(
      http.post('/api/lti/handoff', () => HttpResponse.json({ success: true, message: '', data: { token: 'x', role: 'ADMIN', username: 'admin', quizId: 1 } })),
    );

    await expect(load('/?ltiHandoff=odd')).resolves.toBeNull();

    expect(localStorage.getItem('token')).toBeNull();
    expect(getToasts()).toHaveLength(1);
  });
});
