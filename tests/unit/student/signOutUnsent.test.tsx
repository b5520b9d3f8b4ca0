import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { queueKey, unsentAnswers } from '../../../src/student/exam/saveQueue';
import { StudentLayout, UNSENT_TITLE, unsentText } from '../../../src/student/StudentLayout';
import { useMswServer } from '../helpers/mswServer';
import { renderRoutes } from '../helpers/renderRoutes';

const server = useMswServer();

/** A signed-in student, and the logout requests the server receives. */
function signedIn(): string[] {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', 'STUDENT');
  const logouts: string[] = [];
  server.use(
    http.post('/api/auth/logout', ({ request }) => {
      logouts.push(String(request.headers.get('authorization')));
      return HttpResponse.json({ success: true, message: 'Signed out' });
    }),
  );
  return logouts;
}

const queued = (questionId: number, seq: number) => ({ questionId, response: 'o1', flagged: false, seq });
/** A queue as the exam page stores it. */
const stored = (...saves: ReturnType<typeof queued>[]) => JSON.stringify({ v: 1, saves: Object.fromEntries(saves.map((q) => [q.questionId, q])) });

function renderArea() {
  return renderRoutes(
    [
      { path: '/student', element: <StudentLayout />, children: [{ index: true, element: <p>Dashboard</p> }] },
      { path: '/student/exam/:attemptId', element: <p>The exam</p> },
      { path: '/', element: <p>Login</p> },
    ],
    '/student',
  );
}

describe("a student's sign-out with answers that have not reached the server", () => {
  it('counts the queued answers of each attempt kept on this device', () => {
    localStorage.setItem(queueKey(5), stored(queued(1, 10), queued(2, 11)));
    localStorage.setItem(queueKey(6), stored());
    localStorage.setItem('examSaves:broken', '{');
    expect(unsentAnswers()).toEqual([{ attemptId: 5, count: 2 }]);
  });

  it('signs out at once when nothing waits', async () => {
    const logouts = signedIn();
    const router = renderArea();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logouts).toEqual(['Bearer tok']);
    expect(screen.queryByText(UNSENT_TITLE)).toBeNull();
  });

  it('asks first, leads back to the exam, and deletes the answers only when told to', async () => {
    const logouts = signedIn();
    localStorage.setItem(queueKey(5), stored(queued(1, 10)));
    const router = renderArea();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: UNSENT_TITLE });
    expect(dialog).toHaveTextContent(unsentText(1));
    expect(within(dialog).getByRole('link', { name: 'Open the exam' })).toHaveAttribute('href', '/student/exam/5');
    // Cancel keeps everything.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logouts).toEqual([]);
    expect(localStorage.getItem('token')).toBe('tok');

    // The link leads to the exam, where the answers are sent.
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Open the exam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/exam/5'));
    expect(localStorage.getItem(queueKey(5))).not.toBeNull();
  });

  it('signs out, deleting them, when the student chooses to', async () => {
    const logouts = signedIn();
    localStorage.setItem(queueKey(5), stored(queued(1, 10), queued(2, 11)));
    const router = renderArea();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: UNSENT_TITLE });
    expect(dialog).toHaveTextContent(unsentText(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logouts).toEqual(['Bearer tok']);
    expect(localStorage.getItem(queueKey(5))).toBeNull();
  });
});
