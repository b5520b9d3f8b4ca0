import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LmsSection } from '../../../../src/resources/quizzes/manage/LmsSection';
import { useMswServer } from '../../helpers/mswServer';

const server = useMswServer();

const link = { id: 9, platformIssuer: 'https://moodle.example', contextTitle: 'Data structures', lineitem: 'https://moodle.example/lineitems/7/lineitem?type_id=7', canSyncMembers: true };
const score = (over: object) => ({
  id: 1,
  studentId: 3,
  studentName: 'Sam Student',
  scoreGiven: 4,
  scoreMaximum: 5,
  gradingProgress: 'FullyGraded',
  status: 'sent',
  tries: 1,
  lastStatus: 200,
  lastError: null,
  nextTryAt: null,
  sentAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});
const answer = (data: unknown, success = true, message = 'OK', status = 200) => HttpResponse.json({ success, message, data }, { status });

describe('LmsSection', () => {
  it('shows nothing for a quiz not linked in an LMS', async () => {
    let asked = false;
    server.use(
      http.get('*/api/quizzes/4/lti', () => {
        asked = true;
        return answer({ links: [], scores: [] });
      }),
    );
    const { container } = render(<LmsSection quizId={4} />);
    await waitFor(() => expect(asked).toBe(true));
    expect(container.textContent).toBe('');
  });

  it('lists the grade sends: sent, waiting, failing with the LMS’s answer', async () => {
    server.use(
      http.get('*/api/quizzes/4/lti', () =>
        answer({
          links: [link],
          scores: [
            score({ id: 3, studentName: 'Fay Failing', status: 'failing', tries: 3, lastStatus: 500, lastError: 'HTTP 500: gradebook locked', sentAt: null, nextTryAt: '2026-11-28T10:05:00.000Z' }),
            score({ id: 2, studentName: 'Wes Waiting', status: 'waiting', tries: 0, lastStatus: null, sentAt: null, nextTryAt: '2026-11-28T10:00:00.000Z', gradingProgress: 'PendingManual' }),
            score({ id: 1 }),
          ],
        }),
      ),
    );
    render(<LmsSection quizId={4} />);
    const table = await screen.findByRole('table', { name: 'LMS grades and class list' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Fay Failing4 \/ 5Failing: The LMS answered 500HTTP 500: gradebook locked3Next try/),
      expect.stringMatching(/^Wes Waiting4 \/ 5 \(answers to grade by hand\)Waiting0Next try/),
      expect.stringMatching(/^Sam Student4 \/ 5Sent1Sent /),
    ]);
    expect(screen.getByText(/Data structures \(https:\/\/moodle.example\)/)).toBeTruthy();
  });

  it('previews the class list sync and adds the learners on confirm', async () => {
    let synced: unknown;
    server.use(
      http.get('*/api/quizzes/4/lti', () => answer({ links: [link], scores: [] })),
      http.get('*/api/quizzes/4/lti/members', ({ request }) => {
        expect(new URL(request.url).searchParams.get('linkId')).toBe('9');
        return answer({ add: [{ sub: 'a', name: 'Nina New', email: 'nina@lms.example' }], already: [{ sub: 'b', name: 'Sam Student', email: null }], skipped: 1 });
      }),
      http.post('*/api/quizzes/4/lti/members', async ({ request }) => {
        synced = await request.json();
        return answer({ added: 1, created: 1, already: 1 }, true, '1 learner added to the group');
      }),
    );
    render(<LmsSection quizId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sync class list' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 learner to add · 1 already there · 1 skipped (instructors, inactive members)')).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'To add' })).getByText('Nina New')).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'Already in the group' })).getByText('Sam Student')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 1 learner' }));
    await waitFor(() => expect(synced).toEqual({ linkId: 9 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the LMS’s refusal in the dialog and adds nobody', async () => {
    server.use(
      http.get('*/api/quizzes/4/lti', () => answer({ links: [link], scores: [] })),
      http.get('*/api/quizzes/4/lti/members', () => answer(null, false, 'The LMS did not give the class list: HTTP 403', 502)),
    );
    render(<LmsSection quizId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sync class list' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The LMS did not give the class list: HTTP 403')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add learners' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
