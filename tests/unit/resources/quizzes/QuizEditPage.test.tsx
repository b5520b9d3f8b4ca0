import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { AdminContext, HttpError, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { QuizEditPage } from '../../../../src/resources/quizzes/form/QuizEditorPages';
import { LOCKED_MESSAGE } from '../../../../src/resources/quizzes/form/quizDraft';
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
  subjects: [1],
  visible_from: '2030-03-01T08:00:00.000Z',
  valid_from: '2030-03-02T10:00:00.000Z',
  valid_to: '2030-03-02T11:30:00.000Z',
  duration: 60,
  group_id: 7,
  options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
  questions: [],
  random_rules: [],
  shuffle_questions: false,
  shuffle_options: false,
  negative_penalty: 0.25,
  published: false,
  instructions: '',
  created_by: 5,
};

let token = 0;
beforeEach(() => {
  // A new session each test: the signed-in user is looked up once per token.
  localStorage.setItem('token', `tok-${++token}`);
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'tara');
  server.use(http.get('/api/profile', () => HttpResponse.json({ success: true, message: '', data: { id: 5, fullname: 'Tara', username: 'tara' } })));
});

afterEach(() => sessionStorage.clear());

function renderPage(dataProvider: Partial<DataProvider>, started: boolean) {
  server.use(
    http.get('/api/quizzes/1/participants', () =>
      HttpResponse.json({
        success: true,
        message: '',
        data: { participants: [{ id: 3, username: 's', fullname: 'S', email: null, state: started ? 'in_progress' : 'not_started', extraMinutes: 0, examLink: null, attempt: started ? { id: 1 } : null }], guestLink: null },
      }),
    ),
  );
  const lists = async (resource: string) => ({
    data: resource === 'subjects' ? [{ id: 1, subjectname: 'Data Structures', code: 'CS201', semester: '3' }] : resource === 'groups' ? [{ id: 7, groupName: 'A', students: [] }] : [],
    total: 1,
  });
  render(
    <TestMemoryRouter initialEntries={['/quiz/edit/1']}>
      <AdminContext
        dataProvider={testDataProvider({ getOne: async () => ({ data: quiz }) as never, getList: lists as never, ...dataProvider })}
      >
        <Routes>
          <Route path="/quiz/edit/:quizId" element={<QuizEditPage />} />
          <Route path="/quiz" element={<p>Quiz list</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('QuizEditPage', { timeout: 30_000 }, () => {
  it('locks the paper, timing and marking once a student has started', async () => {
    renderPage({}, true);
    expect(await screen.findByText(LOCKED_MESSAGE, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.getElementById('quiz-duration')).toBeDisabled();
    expect(document.getElementById('quiz-name')).toBeEnabled();
  });

  it("shows the server's 409 when a student started meanwhile, and puts the locked fields back", async () => {
    const update = vi.fn(async () => {
      throw new HttpError(LOCKED_MESSAGE, 409, { success: false, message: LOCKED_MESSAGE, data: { errors: { duration: LOCKED_MESSAGE } } });
    });
    renderPage({ update: update as never }, false);
    const duration = await screen.findByRole('textbox', { name: /Duration/ }, { timeout: 10_000 });
    expect(duration).toBeEnabled();
    fireEvent.change(duration, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    // The quiz has no questions yet: saving it as a draft asks first.
    fireEvent.click(await screen.findByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    // The banner and the message under the field the teacher changed.
    await waitFor(() => expect(screen.getAllByText(LOCKED_MESSAGE)).toHaveLength(2));
    expect(document.getElementById('quiz-duration')).toBeDisabled();
    expect(document.getElementById('quiz-duration')).toHaveValue('60');
  });
});
