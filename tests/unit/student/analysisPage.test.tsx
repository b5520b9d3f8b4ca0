import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AnalysisPage from '../../../src/student/history/AnalysisPage';
import type { Analysis } from '../../../src/student/api/types';
import { useMswServer } from '../helpers/mswServer';
import { DEFAULT_REVIEW } from '../../../src/schemas/quizzes';
import { renderRoutes } from '../helpers/renderRoutes';

const server = useMswServer();

const analysis = (patch: Partial<Analysis>): Analysis => ({
  reviewTime: patch.answersReleased ? 'closed' : 'open',
  reviewOptions: patch.answersReleased ? DEFAULT_REVIEW.closed : DEFAULT_REVIEW.open,
  reviewMatrix: DEFAULT_REVIEW,
  id: 5,
  quizId: 9,
  quizName: 'Mid-term',
  score: 2,
  maxScore: 3,
  pending: false,
  startedAt: Date.parse('2030-03-02T10:00:00Z'),
  submittedAt: Date.parse('2030-03-02T10:20:00Z'),
  review: true,
  answersReleased: false,
  closesAt: Date.parse('2030-03-02T11:30:00Z'),
  questions: [
    {
      number: 1,
      id: 11,
      type: 'single',
      question: 'Which structure is LIFO?',
      options: [
        { id: 'a', text: 'Queue' },
        { id: 'b', text: 'Stack' },
      ],
      marks: 2,
      module: 'Linear structures',
      difficulty: 'easy',
      response: 'b',
      outcome: 'correct',
      marksGained: 2,
      timeSpentMs: 5000,
      ...(patch.answersReleased ? { correct: ['b'] } : {}),
    },
    {
      number: 2,
      id: 12,
      type: 'true_false',
      question: 'A heap is a tree.',
      marks: 1,
      module: 'Trees',
      difficulty: 'easy',
      response: null,
      outcome: 'unanswered',
      marksGained: 0,
      timeSpentMs: 0,
      ...(patch.answersReleased ? { correct: true } : {}),
    },
  ],
  byModule: [],
  byDifficulty: [],
  pendingAnswers: 0,
  ...patch,
});

function serve(data: Analysis) {
  server.use(
    http.get('/api/student/attempts/5/analysis', () => HttpResponse.json({ success: true, message: 'OK', data })),
    http.get('/api/student/attempts', () => HttpResponse.json({ success: true, message: 'OK', data: [] })),
  );
  renderRoutes([{ path: '/student/history/analysis/:sessionId', element: <AnalysisPage /> }], '/student/history/analysis/5');
}

describe('AnalysisPage', { timeout: 30_000 }, () => {
  it('says the correct answers come when the quiz closes for everyone, and shows the marks now', async () => {
    serve(analysis({ answersReleased: false }));
    expect(await screen.findByText(/Correct answers will be shown when the quiz closes for everyone\./)).toBeInTheDocument();
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByText(/2 of 2 marks/)).toBeInTheDocument();
    expect(screen.queryByText('Correct answer')).toBeNull();
  });

  it('shows the correct answers once they are released', async () => {
    serve(analysis({ answersReleased: true }));
    expect(await screen.findAllByText('Correct answer')).toHaveLength(2);
    expect(screen.queryByText(/Correct answers will be shown when the quiz closes/)).toBeNull();
  });

  it('shows the feedback of the answer and the general feedback with the released answers', async () => {
    const base = analysis({ answersReleased: true });
    serve({
      ...base,
      questions: [{ ...base.questions[0], feedback: { answer: ['Yes: **last in**, first out.'], general: 'Stacks push and pop at one end.' } }, base.questions[1]],
    });
    const answerFeedback = await screen.findByTestId('answer-feedback');
    expect(answerFeedback.textContent).toContain('Yes: last in, first out.');
    expect(screen.getByTestId('general-feedback').textContent).toContain('Stacks push and pop at one end.');
    expect(screen.getAllByRole('note', { name: 'Feedback' })).toHaveLength(1);
  });

  it('says how many answers the breakdown leaves out while they await grading', async () => {
    serve(analysis({ pending: true, pendingAnswers: 1 }));
    expect(await screen.findByText(/^1 answer awaiting grading: left out of these figures until your teacher grades it\./)).toBeInTheDocument();
  });

  it('says nothing of grading once every answer is graded', async () => {
    serve(analysis({}));
    await screen.findByText('2 / 3');
    expect(screen.queryByText(/answers? awaiting grading/)).toBeNull();
  });
});
