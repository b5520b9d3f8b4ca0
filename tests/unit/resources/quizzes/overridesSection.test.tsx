import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { http, HttpResponse } from 'msw';
import { EffectiveWindow } from '../../../../src/resources/quizzes/manage/EffectiveWindow';
import { OverridesSection } from '../../../../src/resources/quizzes/manage/OverridesSection';
import type { ParticipantEffective } from '../../../../src/resources/quizzes/quizTypes';
import { formatDateTime } from '../../../../src/ui/dates';
import { useMswServer } from '../../helpers/mswServer';

const server = useMswServer();

const asQuiz: ParticipantEffective = {
  validFrom: 1_000,
  validTo: 2_000,
  duration: 60,
  attemptsAllowed: 1,
  source: { valid_from: 'quiz', valid_to: 'quiz', duration: 'quiz', attempts_allowed: 'quiz' },
};

describe('EffectiveWindow', () => {
  it('says "As the quiz" when no override sets anything', () => {
    render(<EffectiveWindow effective={asQuiz} groupNames={new Map()} />);
    expect(screen.getByText('As the quiz')).toBeTruthy();
  });

  it('names each overridden setting with its source: the group by name, or the student’s own', () => {
    const close = Date.UTC(2026, 11, 12, 14, 0);
    const effective: ParticipantEffective = {
      ...asQuiz,
      validTo: close,
      duration: 90,
      attemptsAllowed: 0,
      source: { valid_from: 'quiz', valid_to: 'group:5', duration: 'student', attempts_allowed: 'group:6' },
    };
    render(<EffectiveWindow effective={effective} groupNames={new Map([[5, 'B.Tech A']])} />);
    expect(screen.getByText(`Closes ${formatDateTime(close)} (group override: B.Tech A)`)).toBeTruthy();
    expect(screen.getByText('90 min (own override)')).toBeTruthy();
    // A group the answer does not name is still told apart.
    expect(screen.getByText('Unlimited attempts (group override: group 6)')).toBeTruthy();
    expect(screen.queryByText(/^Opens/)).toBeNull();
  });
});

describe('OverridesSection', () => {
  it('lists the group and student overrides, blank settings as the quiz', async () => {
    server.use(
      http.get('*/api/quizzes/4/overrides', () =>
        HttpResponse.json({
          success: true,
          message: 'OK',
          data: [
            { id: 1, studentId: null, groupId: 5, student: null, group: { id: 5, name: 'B.Tech A' }, valid_from: null, valid_to: null, duration: null, attempts_allowed: 0 },
            { id: 2, studentId: 3, groupId: null, student: { id: 3, fullname: 'Sam Student', username: 'sam' }, group: null, valid_from: null, valid_to: null, duration: 45, attempts_allowed: null },
          ],
        }),
      ),
    );
    render(<OverridesSection quizId={4} />);
    expect(await screen.findByText('Group: B.Tech A')).toBeTruthy();
    expect(screen.getByText('Sam Student')).toBeTruthy();
    expect(screen.getByText('Unlimited attempts')).toBeTruthy();
    expect(screen.getByText('45 min')).toBeTruthy();
    expect(screen.getAllByText('As the quiz')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Change the override of Sam Student' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove the override of Group: B.Tech A' })).toBeTruthy();
  });
});

describe('the override dialog', () => {
  const lists: Record<string, object[]> = {
    students: [{ id: 3, fullname: 'Sam Student', username: 'sam' }],
    groups: [{ id: 5, groupName: 'B.Tech A' }],
  };
  const renderSection = () => {
    const getList = vi.fn(async (resource: string) => ({ data: lists[resource] ?? [], total: (lists[resource] ?? []).length }));
    render(
      <AdminContext dataProvider={testDataProvider({ getList: getList as unknown as DataProvider['getList'] })}>
        <OverridesSection quizId={4} />
      </AdminContext>,
    );
  };
  const helperOf = (id: string) => {
    const describedBy = document.getElementById(id)?.getAttribute('aria-describedby');
    return describedBy ? document.getElementById(describedBy.split(' ')[0])?.textContent : undefined;
  };

  it('sends blank settings as the quiz’s, and shows the server’s messages on their fields and the rule of the whole override above them', async () => {
    const sent: unknown[] = [];
    let answer: object = { success: false, message: 'Give at least one setting to override', data: { errors: { _: 'Give at least one setting to override' } } };
    server.use(
      http.get('*/api/quizzes/4/overrides', () => HttpResponse.json({ success: true, message: 'OK', data: [] })),
      http.post('*/api/quizzes/4/overrides', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(answer, { status: 400 });
      }),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Add override' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give at least one setting to override')).toBeTruthy();
    expect(sent[0]).toEqual({ studentId: null, groupId: null, valid_from: null, valid_to: null, duration: null, attempts_allowed: null });

    answer = { success: false, message: 'Invalid duration', data: { errors: { duration: 'Duration must be a whole number of minutes, at least 1', studentId: 'Choose a student or a group' } } };
    fireEvent.change(document.getElementById('override-duration')!, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('override-duration')).toBe('Duration must be a whole number of minutes, at least 1'));
    expect(helperOf('override-student')).toBe('Choose a student or a group');
    expect(sent[1]).toMatchObject({ duration: '0' });
    expect(screen.queryByText('Give at least one setting to override')).toBeNull();
  });
});
