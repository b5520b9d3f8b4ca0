import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { AdminContext, TestMemoryRouter, testDataProvider } from 'react-admin';
import { QuizPreviewPage } from '../../../../src/resources/quizzes/preview/QuizPreviewPage';
import { useMswServer } from '../../helpers/mswServer';

// Node loads react-admin with react-router's ES module build, while the test's own imports resolve to
// its CommonJS build: two copies whose <Route> differ. Point the imports at the copy react-admin uses.
vi.mock('react-router', async () => {
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  return await import(/* @vite-ignore */ pathToFileURL(resolve('node_modules/react-router/dist/development/index.mjs')).href);
});

const server = useMswServer();

const quiz = {
  id: 1,
  name: 'Mid-term',
  valid_from: '2030-03-02T10:00:00.000Z',
  valid_to: '2030-03-02T11:30:00.000Z',
  duration: 60,
  published: false,
  instructions: 'Read **every** question.\n\nThe area is $\\pi r^2$.',
  created_by: 5,
};

const preview = {
  quiz: { id: 1, name: 'Mid-term', duration: 60, negativeMarking: false, negativePenalty: null },
  questions: [
    {
      id: 11,
      type: 'single',
      question: 'Which one is **LIFO**? Its cost is $O(1)$.',
      marks: 2,
      timeRequired: 1,
      options: [
        { id: 'o1', text: 'A *queue*' },
        { id: 'o2', text: 'A *stack*' },
      ],
      key: { correctOptions: ['o2'] },
    },
  ],
  totalMarks: 2,
  totalTimeRequired: 1,
  shortfall: 0,
  randomised: false,
};

describe('QuizPreviewPage', { timeout: 30_000 }, () => {
  it('renders the instructions, the question text and the options as Markdown with math', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('role', 'TEACHER');
    server.use(
      http.get('/api/profile', () => HttpResponse.json({ success: true, message: '', data: { id: 5, fullname: 'Tara', username: 'tara' } })),
      http.get('/api/quizzes/1/preview', () => HttpResponse.json({ success: true, message: '', data: preview })),
    );
    const { container } = render(
      <TestMemoryRouter initialEntries={['/quiz/preview/1']}>
        <AdminContext dataProvider={testDataProvider({ getOne: async () => ({ data: quiz }) as never })}>
          <Routes>
            <Route path="/quiz/preview/:quizId" element={<QuizPreviewPage />} />
          </Routes>
        </AdminContext>
      </TestMemoryRouter>,
    );

    expect((await screen.findByText('every')).tagName).toBe('STRONG');
    expect(screen.getByText('LIFO').tagName).toBe('STRONG');
    expect(screen.getByText('stack').tagName).toBe('EM');
    // Both texts' math is typeset (as MathML; its chunk is loaded on first use) and no '$' is left.
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Instructions' }).parentElement).not.toHaveTextContent('$');
    expect(container.textContent).not.toContain('**');
  });
});
