import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ListContextProvider, testDataProvider, type ListControllerResult } from 'react-admin';
import { ResetPasswordsDialog, StudentBulkActions } from '../../../../src/resources/students/bulk/StudentBulkActions';
import * as bulkApi from '../../../../src/resources/students/bulk/studentBulkApi';
import { bulkFilterOf } from '../../../../src/resources/students/bulk/studentBulkApi';

describe('student bulk actions', () => {
  it('sends the list filters the bulk endpoint knows, empty ones left out', () => {
    expect(bulkFilterOf({ q: 'ravi', batch: '2026', semester: '', groups: 4, departmentId: null, createdBy: 'ME' })).toEqual({ q: 'ravi', batch: '2026', groups: 4 });
  });

  it('shows the new passwords once, with the sheet to download', () => {
    const onClose = vi.fn();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:sheet';
    });
    // The download link is not followed: the page stays where it is.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <ResetPasswordsDialog
        result={{
          action: 'resetPasswords',
          count: 1,
          passwords: [{ id: 3, fullname: 'Ravi Kumar', username: 'ravi', email: null, initialPassword: 'Xy7-secret' }],
          passwordSheet: btoa('PK sheet'),
        }}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('reset-password').textContent).toBe('Xy7-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Download initial passwords' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('StudentBulkActions', { timeout: 30_000 }, () => {
  it('acts on every student the filters match after "Select all N matching", else on the ticked ones', async () => {
    const run = vi.spyOn(bulkApi, 'runStudentBulk').mockResolvedValue({ success: true, message: '40 students deleted', data: { action: 'delete', count: 40 } });
    const onUnselectItems = vi.fn();
    const list = { selectedIds: [1, 2], total: 40, filterValues: { batch: '2026', q: '' }, onUnselectItems } as unknown as ListControllerResult;
    render(
      <AdminContext dataProvider={testDataProvider()}>
        <ListContextProvider value={list}>
          <StudentBulkActions />
        </ListContextProvider>
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select all 40 matching' }));
    expect(screen.getByRole('status').textContent).toBe('All 40 students matching are chosen');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all 40 students matching' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('delete', { filter: { batch: '2026' } }, undefined));
    await waitFor(() => expect(onUnselectItems).toHaveBeenCalled());
    run.mockRestore();
  });

  it('asks for a group before adding the ticked students to one', async () => {
    const run = vi.spyOn(bulkApi, 'runStudentBulk');
    const list = { selectedIds: [3], total: 1, filterValues: {}, onUnselectItems: vi.fn() } as unknown as ListControllerResult;
    render(
      <AdminContext dataProvider={testDataProvider({ getList: (async () => ({ data: [], total: 0 })) as never })}>
        <ListContextProvider value={list}>
          <StudentBulkActions />
        </ListContextProvider>
      </AdminContext>,
    );
    expect(screen.queryByRole('button', { name: /Select all/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 1 student to a group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a group', { selector: '.MuiAlert-message' })).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    run.mockRestore();
  });
});
