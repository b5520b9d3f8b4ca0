import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter } from 'react-admin';
import TeacherArea from '../../../src/areas/teacher';
import AdminArea from '../../../src/areas/admin';
import DepartmentHeadArea from '../../../src/areas/department-head';
import InstituteHeadArea from '../../../src/areas/institute-head';
import { useMswServer } from '../helpers/mswServer';

// Node loads react-admin with react-router's ES module build, while the test's own imports resolve to
// its CommonJS build: two copies whose <Route> differ. Point the area's imports at the copy react-admin uses.
vi.mock('react-router', async () => {
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  const asNodeLoadsIt = pathToFileURL(resolve('node_modules/react-router/dist/development/index.mjs')).href;
  return await import(/* @vite-ignore */ asNodeLoadsIt);
});

const server = useMswServer();

function signIn(role: string, area: string) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', role);
  server.use(
    http.get(`/api/${area}/verify`, () => HttpResponse.json({ success: true, message: '', data: { role, username: 'someone' } })),
    // The first sign-in gate asks whether the password must be changed first.
    http.get('/api/profile', () => HttpResponse.json({ success: true, message: '', data: { fullname: 'Someone', mustChangePassword: false } })),
  );
}

const list = (resource: string, data: object[] = []) =>
  http.get(`/api/${resource}`, () =>
    HttpResponse.json({ success: true, message: '', data }, { headers: { 'Content-Range': `${resource} 0-0/${data.length}` } }),
  );

describe('generated resources in the areas', () => {
  it('answers /teacher/topics/add with the topic form', async () => {
    signIn('TEACHER', 'teacher');
    server.use(list('subjects'));
    render(
      // Mounted below a router at '/teacher/*', as the app does.
      <TestMemoryRouter initialEntries={['/teacher/topics/add']}>
        <Routes>
          <Route path="/teacher/*" element={<TeacherArea />} />
        </Routes>
      </TestMemoryRouter>,
    );

    expect(await screen.findByLabelText(/^Topic/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Module/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /add topic/i })).toBeInTheDocument();
  });

  it("gives the admin's feedback list the quiz's and the student's names, no add button and no edit screen", async () => {
    signIn('ADMIN', 'admin');
    server.use(
      http.get('/api/feedback-report', () =>
        HttpResponse.json({
          success: true,
          message: '',
          data: {
            rows: [{ id: 1, quizId: 4, quizName: 'Graphs test', studentName: 'Asha Rao', username: 'asha', rating: 4, comment: 'Fair', createdAt: Date.UTC(2026, 10, 20) }],
            quizzes: [{ quizId: 4, name: 'Graphs test', count: 1, averageRating: 4 }],
            quizChoices: [{ quizId: 4, name: 'Graphs test' }],
          },
        }),
      ),
    );
    render(
      <TestMemoryRouter initialEntries={['/admin/feedbacks']}>
        <Routes>
          <Route path="/admin/*" element={<AdminArea />} />
        </Routes>
      </TestMemoryRouter>,
    );

    expect(await screen.findByText('Asha Rao', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByText('Graphs test').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('4.00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /add feedback/i })).not.toBeInTheDocument();
  });

  it.each([
    ['ADMIN', 'admin', AdminArea],
    ['INSTITUTE-HEAD', 'institute-head', InstituteHeadArea],
    ['DEPARTMENT-HEAD', 'department-head', DepartmentHeadArea],
  ] as const)('gives the %s the profile screen: their details, phone and password', async (role, area, Area) => {
    signIn(role, area);
    const profile = { id: 3, username: 'someone', fullname: 'Some One', email: 'some@one.example', phone: '9876543210', role, semester: null, batch: null, institute: null, department: null, mustChangePassword: false, groups: [], subjects: [] };
    server.use(http.get('/api/profile', () => HttpResponse.json({ success: true, message: '', data: profile })));
    render(
      <TestMemoryRouter initialEntries={[`/${area}/profile`]}>
        <Routes>
          <Route path={`/${area}/*`} element={<Area />} />
        </Routes>
      </TestMemoryRouter>,
    );

    expect(await screen.findByRole('heading', { name: 'Contact' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByText('some@one.example')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Profile/ })).toHaveAttribute('href', `/${area}/profile`);
  });
});
