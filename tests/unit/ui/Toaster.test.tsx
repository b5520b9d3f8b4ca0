import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from '../../../src/ui/toast/Toaster';
import { showToast } from '../../../src/ui/toast/toastStore';
import { resetToastsAfterEach } from '../helpers/toasts';

resetToastsAfterEach();

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => vi.useRealTimers());

// One act per step: a timer's state change renders (and schedules the exit animation) when act ends.
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const show = (options: Parameters<typeof showToast>[0]) => act(() => void showToast(options));

describe('Toaster', () => {
  it('shows title and detail, and closes after 3000 ms plus the 300 ms exit animation', () => {
    show({ severity: 'success', summary: 'Saved', detail: 'The quiz was saved' });
    expect(screen.getByRole('alert')).toHaveTextContent('SavedThe quiz was saved');

    advance(2999);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    advance(1);
    expect(screen.getByText('Saved')).toBeInTheDocument(); // now sliding out
    advance(300);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps a sticky toast until it is closed', () => {
    show({ severity: 'warn', summary: 'Read me', sticky: true });

    advance(3000);
    advance(300);
    advance(60_000);
    expect(screen.getByText('Read me')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    advance(300);
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });

  it('pauses the timer while hovered and resumes with the time left', () => {
    show({ severity: 'info', summary: 'Hover me' });
    advance(2000);

    fireEvent.mouseEnter(screen.getByRole('alert'));
    advance(10_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();

    fireEvent.mouseLeave(screen.getByRole('alert'));
    advance(999);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    advance(1);
    advance(300);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it("maps 'warn' to MUI's warning colour and is closable by default", () => {
    show({ severity: 'warn', summary: 'Careful' });

    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filledWarning');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('keeps at most four toasts open: a fifth closes the oldest, which still gets its onClose', () => {
    const closed: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) show({ severity: 'info', summary: `Toast ${n}`, sticky: true, onClose: () => closed.push(`Toast ${n}`) });
    advance(300);

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Toast 2', 'Toast 3', 'Toast 4', 'Toast 5']);
    expect(closed).toEqual(['Toast 1']);
  });

  it('runs an action button once and closes the toast', () => {
    const clicks: string[] = [];
    show({ severity: 'info', summary: 'Element updated', action: { label: 'Undo', onClick: () => clicks.push('undo') }, onClose: () => clicks.push('closed') });

    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    advance(300);
    expect(screen.queryByText('Element updated')).not.toBeInTheDocument();
    expect(clicks).toEqual(['undo', 'closed']);
  });
});
