import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authProvider } from '../../../src/shell/authProvider';
import { getExamLinkQuiz, setExamLinkQuiz } from '../../../src/auth/session';
import { ExamResult, EXAM_LINK_ENDED } from '../../../src/student/exam/ExamResult';
import { EXAM_LINK_NOTE, StudentLayout } from '../../../src/student/StudentLayout';
import { useMswServer } from '../helpers/mswServer';
import { renderRoutes } from '../helpers/renderRoutes';

const server = useMswServer();
afterEach(() => setExamLinkQuiz(null));

const result = { attemptId: 5, quizId: 9, quizName: 'Mid-term', score: 3, maxScore: 4, pending: false, closedBy: 'student' };

describe('a session opened by an exam link', () => {
  it('is known from the session check, and a signed-in session is not', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('role', 'STUDENT');
    server.use(http.get('/api/student/verify', () => HttpResponse.json({ success: true, message: '', data: { role: 'STUDENT', username: 'sam', examQuizId: 9 } })));
    await authProvider.checkAuth();
    expect(getExamLinkQuiz()).toBe(9);

    server.use(http.get('/api/student/verify', () => HttpResponse.json({ success: true, message: '', data: { role: 'STUDENT', username: 'sam' } })));
    await authProvider.checkAuth();
    expect(getExamLinkQuiz()).toBeNull();
  });

  it('shows only its quiz in the bar, says why, and offers to sign in', () => {
    localStorage.setItem('quizName', 'Mid-term');
    renderRoutes([{ path: '/student', element: <StudentLayout examLinkQuiz={9} />, children: [{ index: true, element: <p>Instructions</p> }] }], '/student');
    const nav = screen.getByRole('navigation', { name: 'Student' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Mid-term', '/student/availableQuiz/instruction/9']]);
    expect(screen.getByText(EXAM_LINK_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('keeps the full bar for a signed-in session', () => {
    renderRoutes([{ path: '/student', element: <StudentLayout />, children: [{ index: true, element: <p>Dashboard</p> }] }], '/student');
    const nav = screen.getByRole('navigation', { name: 'Student' });
    expect(within(nav).getByRole('link', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByText(EXAM_LINK_NOTE)).toBeNull();
  });

  it('ends with the submission: the result says so and leads to the sign-in, not to pages it may no longer open', () => {
    setExamLinkQuiz(9);
    localStorage.setItem('token', 'tok');
    localStorage.setItem('role', 'STUDENT');
    const router = renderRoutes(
      [
        { path: '/student/exam/5', element: <ExamResult result={result} reason="student" /> },
        { path: '/', element: <p>Login</p> },
      ],
      '/student/exam/5',
    );
    expect(screen.getByText('Score: 3 / 4')).toBeInTheDocument();
    expect(screen.getByText(EXAM_LINK_ENDED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View analysis' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Give feedback' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leaves the usual way on after a signed-in submission', () => {
    renderRoutes([{ path: '/', element: <ExamResult result={result} reason="student" /> }], '/');
    expect(screen.getByRole('link', { name: 'View analysis' })).toBeInTheDocument();
    expect(screen.queryByText(EXAM_LINK_ENDED)).toBeNull();
  });
});
