import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { InstructionPage } from '../../../src/student/quizzes/InstructionPage';
import { renderRoutes } from '../helpers/renderRoutes';
import { resetToastsAfterEach, toastSummaries } from '../helpers/toasts';
import { useMswServer } from '../helpers/mswServer';
import { DEFAULT_REVIEW } from '../../../src/schemas/quizzes';

const server = useMswServer();
const SEB_MESSAGE = 'This quiz must be taken in Safe Exam Browser with the configuration from your teacher';

describe('instruction page of a Safe Exam Browser quiz', () => {
  it('explains what to do with the download and the seb link instead of offering Start', async () => {
    server.use(
      http.get('/api/student/quizzes/5', () =>
        HttpResponse.json(
          {
            success: false,
            message: SEB_MESSAGE,
            data: {
              quizId: 5,
              sebRequired: true,
              sebLink: 'seb://localhost/api/student/quizzes/5/seb?key=abc',
              sebDownloadUrl: 'http://localhost/api/student/quizzes/5/seb?key=abc',
              quiz: { name: 'Networks final', validFrom: Date.UTC(2030, 0, 2, 9), validTo: Date.UTC(2030, 0, 2, 12), duration: 90, extraMinutes: 15 },
            },
          },
          { status: 403 },
        ),
      ),
    );
    renderRoutes([{ path: '/student/availableQuiz/instruction/:quizId', element: <InstructionPage /> }], '/student/availableQuiz/instruction/5');
    expect(await screen.findByText('Safe Exam Browser required')).toBeInTheDocument();
    // The page names the quiz it explains: its name, window and duration.
    expect(screen.getByRole('heading', { level: 1, name: 'Networks final' })).toBeInTheDocument();
    expect(screen.getByText('Window').nextElementSibling?.textContent).toMatch(/^Opens .+, closes .+$/);
    expect(screen.getByText('Duration').nextElementSibling?.textContent).toBe('1 hour 30 minutes + 15 minutes extra time');
    expect(screen.getByText(`${SEB_MESSAGE}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Safe Exam Browser' })).toHaveAttribute('href', 'seb://localhost/api/student/quizzes/5/seb?key=abc');
    expect(screen.getByRole('button', { name: 'Download the configuration (.seb)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start exam/ })).toBeNull();
  });
});

const MINUTE = 60_000;
function quizDetail(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    id: 8,
    name: 'Proctored quiz',
    subjects: [],
    questionCount: 2,
    totalMarks: 3,
    totalMarksRange: [3, 3],
    duration: 30,
    visibleFrom: now - 20 * MINUTE,
    validFrom: now - 10 * MINUTE,
    validTo: now + 60 * MINUTE,
    negativeMarking: false,
    negativePenalty: 0.25,
    faceDetection: true,
    safeExamBrowser: false,
    instructions: null,
    review: DEFAULT_REVIEW,
    attempt: null,
    attemptsUsed: 0,
    attemptsAllowed: 1,
    nextAttemptAt: null,
    grade: null,
    gradingMethod: 'highest',
    integrity: { sebRequired: false, faceDetection: true, requireFullscreen: false, blockClipboard: false, noFaceSeconds: 5, multipleFacesSeconds: 3, cameraWaived: false },
    extraMinutes: 0,
    open: true,
    serverTime: now,
    ...overrides,
  };
}

describe('instruction page: why Start is disabled', () => {
  resetToastsAfterEach();
  const open = (quiz: ReturnType<typeof quizDetail>) => {
    server.use(http.get('/api/student/quizzes/8', () => HttpResponse.json({ success: true, message: 'OK', data: quiz })));
    renderRoutes([{ path: '/student/availableQuiz/instruction/:quizId', element: <InstructionPage /> }], '/student/availableQuiz/instruction/8');
  };

  it('asks for the camera of an open face-detection quiz, then says none was found, never that the quiz has closed', async () => {
    open(quizDetail());
    const note = await screen.findByText('Allow the camera and show your face to start this quiz.');
    expect(note.closest('[data-start-block]')).toHaveAttribute('data-start-block', 'camera-off');
    expect(screen.getByText('Open now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start exam' })).toBeDisabled();
    expect(screen.queryByText(/This quiz has closed/)).toBeNull();
    // This page environment has no camera at all.
    fireEvent.click(await screen.findByRole('button', { name: 'Allow the camera' }));
    expect(await screen.findByText('No camera was found.')).toBeInTheDocument();
    expect(screen.getByText(/Connect one \(or close other programs that use it\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start exam' })).toBeDisabled();
    expect(screen.queryByText(/This quiz has closed/)).toBeNull();
  });

  it('says when the quiz opens, and that a closed quiz has closed', async () => {
    const now = Date.now();
    open(quizDetail({ faceDetection: false, validFrom: now + 90 * MINUTE, validTo: now + 180 * MINUTE, open: false }));
    expect(await screen.findByText('This quiz has not opened yet.')).toBeInTheDocument();
    expect(screen.getByText(/It opens .+\. Come back when it opens/)).toBeInTheDocument();
    expect(screen.getByText(/^Opens in 01:(29|30):\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start exam' })).toBeDisabled();
  });

  it('shows a refused start’s reason in the page’s words', async () => {
    server.use(
      http.post('/api/student/quizzes/8/attempts', () => HttpResponse.json({ success: false, message: 'This quiz has closed', data: { reason: 'closed' } }, { status: 409 })),
    );
    open(quizDetail({ faceDetection: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start exam' }));
    expect(await screen.findByText('This quiz has closed.')).toBeInTheDocument();
    expect(screen.getByText(/It can no longer be started/)).toBeInTheDocument();
    // Said once, beside Start: no 'Error' toast repeats it.
    expect(toastSummaries()).toEqual([]);
  });
});
