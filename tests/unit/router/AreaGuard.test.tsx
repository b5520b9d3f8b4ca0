import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AreaGuard } from '../../../src/router/AreaGuard';
import { renderRoutes } from '../helpers/renderRoutes';

const routes = [
  { path: '/', element: <p>start page</p> },
  { path: '/teacher/*', element: <AreaGuard area="teacher"><p>teacher area</p></AreaGuard> },
  { path: '/department-head/*', element: <AreaGuard area="department-head"><p>department head area</p></AreaGuard> },
];

function signIn(role: string) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', role);
}

describe('AreaGuard', () => {
  it("sends a visitor without a session to '/'", async () => {
    const router = renderRoutes(routes, '/teacher/quiz');

    expect(await screen.findByText('start page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("sends a stored role without a token to '/'", async () => {
    localStorage.setItem('role', 'TEACHER');
    renderRoutes(routes, '/teacher');

    expect(await screen.findByText('start page')).toBeInTheDocument();
  });

  it('sends a user of another role to their own area', async () => {
    signIn('DEPARTMENT-HEAD');
    const router = renderRoutes(routes, '/teacher/modules');

    expect(await screen.findByText('department head area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/department-head');
  });

  it('renders the area for its own role, whatever the stored case', async () => {
    signIn('teacher');
    const router = renderRoutes(routes, '/teacher/modules');

    expect(await screen.findByText('teacher area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teacher/modules');
  });
});
