import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, useNotify, useUpdate } from 'react-admin';
import { StaffArea } from '../../../src/areas/shared/StaffArea';
import { Toaster } from '../../../src/ui/toast/Toaster';
import { useMswServer } from '../helpers/mswServer';
import { resetToastsAfterEach } from '../helpers/toasts';

// Node loads react-admin with react-router's ES module build, while the test's own imports resolve to
// its CommonJS build: two copies whose <Route> differ. Point the area's imports at the copy react-admin uses.
vi.mock('react-router', async () => {
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  const asNodeLoadsIt = pathToFileURL(resolve('node_modules/react-router/dist/development/index.mjs')).href;
  return await import(/* @vite-ignore */ asNodeLoadsIt);
});

const server = useMswServer();
resetToastsAfterEach();

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', 'TEACHER');
  server.use(
    http.get('/api/teacher/verify', () => HttpResponse.json({ success: true, message: '', data: { role: 'TEACHER', username: 'someone' } })),
    http.get('/api/profile', () => HttpResponse.json({ success: true, message: '', data: { fullname: 'Someone', mustChangePassword: false } })),
  );
}

// An area serves a screen for each of its sections: the teacher's own pages stand in as nothing here.
const OTHER_PAGES = { profile: () => null, guideline: () => null };

/** A page of the area that raises react-admin notifications the way screens do. */
function NotifyingPage() {
  const notify = useNotify();
  const [update] = useUpdate();
  return (
    <>
      <button onClick={() => notify('Topic created', { type: 'success' })}>plain</button>
      <button onClick={() => notify('ra.notification.http_error', { type: 'error' })}>error</button>
      <button
        onClick={() =>
          update('topics', { id: 7, data: { name: 'Renamed' }, previousData: { id: 7, name: 'Old' } }, {
            mutationMode: 'undoable',
            onSuccess: () => notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 }, undoable: true }),
          })
        }
      >
        rename
      </button>
    </>
  );
}

function renderArea() {
  signIn();
  render(
    <>
      <TestMemoryRouter initialEntries={['/teacher/notify']}>
        <Routes>
          <Route path="/teacher/*" element={<StaffArea area="teacher" pages={{ notify: NotifyingPage, ...OTHER_PAGES }} />} />
        </Routes>
      </TestMemoryRouter>
      <Toaster />
    </>,
  );
  return screen.findByRole('button', { name: 'plain' }, { timeout: 4000 });
}

describe("react-admin's notifications in the staff areas", () => {
  it('shows a useNotify call as a portal toast, and no react-admin Snackbar', async () => {
    fireEvent.click(await renderArea());

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Topic created'));
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filledSuccess');
    expect(document.querySelector('.MuiSnackbar-root, .RaNotification-root')).toBeNull();
  });

  it("translates react-admin's messages, and titles an error 'Error'", async () => {
    await renderArea();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('ErrorServer communication error'));
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filledError');
  });

  it('offers Undo on an undoable change: Undo sends nothing, closing sends the change', async () => {
    const puts: unknown[] = [];
    fireEvent.click(await renderArea());
    server.use(
      http.put('/api/topics/7', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({ success: true, message: '', data: { id: 7, name: 'Renamed' } });
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'rename' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Element updated'))).toBe(true);
    fireEvent.click(undo);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(puts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'rename' }));
    await screen.findByRole('button', { name: 'Undo' });
    const toast = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Element updated'))!;
    fireEvent.click(toast.querySelector('button[aria-label="Close"]')!);
    await waitFor(() => expect(puts).toEqual([{ name: 'Renamed' }]));
  });
});
