import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ResetPasswordsDialog } from '../../../../src/resources/students/bulk/StudentBulkActions';
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
  });
});
