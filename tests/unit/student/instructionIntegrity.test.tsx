import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { InstructionPage } from '../../../src/student/quizzes/InstructionPage';
import { renderRoutes } from '../helpers/renderRoutes';
import { useMswServer } from '../helpers/mswServer';

const server = useMswServer();
const SEB_MESSAGE = 'This quiz must be taken in Safe Exam Browser with the configuration from your teacher';

describe('instruction page of a Safe Exam Browser quiz', () => {
  it('explains what to do with the download and the seb link instead of offering Start', async () => {
    server.use(
      http.get('/api/student/quizzes/5', () =>
        HttpResponse.json(
          { success: false, message: SEB_MESSAGE, data: { quizId: 5, sebRequired: true, sebLink: 'seb://localhost/api/student/quizzes/5/seb?key=abc', sebDownloadUrl: 'http://localhost/api/student/quizzes/5/seb?key=abc' } },
          { status: 403 },
        ),
      ),
    );
    renderRoutes([{ path: '/student/availableQuiz/instruction/:quizId', element: <InstructionPage /> }], '/student/availableQuiz/instruction/5');
    expect(await screen.findByText('Safe Exam Browser required')).toBeInTheDocument();
    expect(screen.getByText(`${SEB_MESSAGE}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Safe Exam Browser' })).toHaveAttribute('href', 'seb://localhost/api/student/quizzes/5/seb?key=abc');
    expect(screen.getByRole('button', { name: 'Download the configuration (.seb)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start exam/ })).toBeNull();
  });
});
