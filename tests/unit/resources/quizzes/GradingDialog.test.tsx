import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { GradingDialog } from '../../../../src/resources/quizzes/manage/GradingDialog';
import type { Participant } from '../../../../src/resources/quizzes/quizTypes';
import { useMswServer } from '../../helpers/mswServer';

const server = useMswServer();

const participant: Participant = {
  id: 3,
  username: 'sam',
  fullname: 'Sam Student',
  email: null,
  state: 'submitted',
  extraMinutes: 0,
  examLink: null,
  attempt: { id: 9, startedAt: 0, deadline: 0, submittedAt: 0, score: 2, maxScore: 7, pending: true, closedBy: 'student' },
};

const attempt = {
  id: 9,
  student: { fullname: 'Sam Student', username: 'sam' },
  status: 'submitted',
  score: 2,
  maxScore: 7,
  pending: true,
  questions: [
    { id: 41, type: 'descriptive', question: 'Explain Dijkstra.', key: { type: 'descriptive', marks: 5 }, response: 'Relax the edges.', marks: null, outcome: 'pending', comment: null, modelAnswer: 'Two marks for **relaxation**.' },
  ],
};

/** The helper text under the input with this id. */
const messageOf = (id: string) => {
  const describedBy = document.getElementById(id)?.getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy.split(' ')[0])?.textContent : undefined;
};

describe('GradingDialog', () => {
  it('shows the model answer beside the answer, asks for the marks instead of closing, and sends the marks with the comment', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/quizzes/1/attempts/9', () => HttpResponse.json({ success: true, message: '', data: attempt })),
      http.put('/api/quizzes/1/attempts/9/answers/41/grade', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Marks saved', data: { score: 6, maxScore: 7, pending: false } });
      }),
    );
    const onClose = vi.fn();
    const onGraded = vi.fn();
    render(<GradingDialog quizId={1} participant={participant} onClose={onClose} onGraded={onGraded} />);

    const model = await screen.findByRole('region', { name: 'Model answer' });
    expect(model.textContent).toContain('Model answer (for graders only)');
    expect(model.querySelector('strong')?.textContent).toBe('relaxation');

    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await waitFor(() => expect(messageOf('grade-41')).toBe('Enter the marks'));
    expect(onClose).not.toHaveBeenCalled();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Marks' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Say why negative edges break it.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ marks: 4, comment: 'Say why negative edges break it.' }]);
    expect(onGraded).toHaveBeenCalledTimes(1);
  });

  it('asks for the marks of every answer when none has any, then saves the ones given marks and leaves the others to grade later', async () => {
    const two = {
      ...attempt,
      questions: [
        attempt.questions[0],
        { id: 42, type: 'descriptive', question: 'Explain Prim.', key: { type: 'descriptive', marks: 5 }, response: 'Grow a tree.', marks: null, outcome: 'pending', comment: null, modelAnswer: null },
      ],
    };
    const sent: { id: string; body: unknown }[] = [];
    server.use(
      http.get('/api/quizzes/1/attempts/9', () => HttpResponse.json({ success: true, message: '', data: two })),
      http.put('/api/quizzes/1/attempts/9/answers/:qid/grade', async ({ request, params }) => {
        sent.push({ id: String(params.qid), body: await request.json() });
        return HttpResponse.json({ success: true, message: 'Marks saved', data: { score: 6, maxScore: 12, pending: true } });
      }),
    );
    const onClose = vi.fn();
    render(<GradingDialog quizId={1} participant={participant} onClose={onClose} onGraded={vi.fn()} />);

    await screen.findByText('Explain Prim.');
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await waitFor(() => expect(messageOf('grade-41')).toBe('Enter the marks'));
    expect(messageOf('grade-42')).toBe('Enter the marks');

    fireEvent.change(document.getElementById('grade-41')!, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ id: '41', body: { marks: 4, comment: null } }]);
  });
});
