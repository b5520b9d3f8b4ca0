import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { AdminContext, RecordContextProvider, testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { GroupMembersWidget, MEMBER_TABLE_PAGE, studentFilterOf } from '../../../../src/resources/groups/GroupMembersWidget';

/** 1,200 students of batch 2025 or 2026; the first 1,000 are in group 9. */
const students = Array.from({ length: 1200 }, (_, i) => ({
  id: i + 1,
  fullname: `Student ${String(i + 1).padStart(4, '0')}`,
  username: `s${i + 1}`,
  batch: i % 2 ? '2026' : '2025',
  semester: '3',
}));
const inGroup = new Set(students.slice(0, 1000).map((s) => s.id));

function matches(filter: Record<string, unknown>) {
  return students.filter(
    (s) =>
      (filter.groups === undefined || inGroup.has(s.id)) &&
      (filter.id === undefined || (filter.id as number[]).includes(s.id)) &&
      (filter.batch === undefined || s.batch === filter.batch) &&
      (filter.q === undefined || s.fullname.toLowerCase().includes(String(filter.q).toLowerCase())),
  );
}

function setup(value: number[], groupId?: number) {
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const all = matches(params.filter);
    const { page, perPage } = params.pagination!;
    return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
  });
  const onChange = vi.fn();
  const dataProvider = testDataProvider({ getList: getList as unknown as DataProvider['getList'] });
  const props = { id: 'root_students', value, onChange, rawErrors: [], disabled: false, readonly: false } as unknown as WidgetProps;
  render(
    <AdminContext dataProvider={dataProvider}>
      <RecordContextProvider value={groupId === undefined ? undefined : { id: groupId }}>
        <GroupMembersWidget {...props} />
      </RecordContextProvider>
    </AdminContext>,
  );
  return { getList, onChange };
}

describe('GroupMembersWidget', { timeout: 30_000 }, () => {
  it('opens a group of 1,000 with one request for its members and shows them a page at a time', async () => {
    const { getList } = setup([...inGroup], 9);
    const table = screen.getByRole('table', { name: 'Students in the group' });
    expect(await within(table).findByText('Student 0001')).toBeTruthy();
    expect(screen.getByTestId('member-count').textContent).toBe('1000');
    // One page of rows in the table, never the thousand.
    expect(within(table).getAllByRole('row')).toHaveLength(MEMBER_TABLE_PAGE + 1);
    const memberCalls = getList.mock.calls.filter(([, params]) => params.filter.groups !== undefined || params.filter.id !== undefined);
    expect(memberCalls).toHaveLength(1);
    expect(memberCalls[0][1]).toMatchObject({ filter: { groups: 9 }, pagination: { page: 1, perPage: 1000 } });
  });

  it('removes a member from the value', async () => {
    const { onChange } = setup([1, 2, 3]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Student 0002' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
  });

  it('counts the students a batch matches and adds all shown at once', async () => {
    const { onChange } = setup([1]);
    fireEvent.change(screen.getByLabelText('Batch'), { target: { value: '2025' } });
    await waitFor(() => expect(screen.getByTestId('match-count').textContent).toBe('600 students match'));
    fireEvent.click(screen.getByRole('button', { name: 'Add all shown' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const value = onChange.mock.calls.at(-1)![0] as number[];
    // Student 1 is of batch 2025 and already in: 599 more, no duplicate.
    expect(value).toHaveLength(600);
    expect(new Set(value).size).toBe(600);
    expect(await screen.findByText('599 students added.')).toBeTruthy();
  });

  it('builds the picker filter from the filled fields only', () => {
    expect(studentFilterOf({ batch: ' 2026 ', semester: '', q: 'ravi' })).toEqual({ batch: '2026', q: 'ravi' });
  });
});
