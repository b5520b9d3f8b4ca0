import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { rolePath, type RolePath } from '../schemas/roles';
import { getStoredRole, getToken } from '../auth/session';
import { areaPathOf } from '../shell/areaRole';

/**
 * Navigation guard of a role area: no session -> '/', another role -> that
 * role's own area. It runs before the area's code is downloaded; the area itself then verifies
 * the session with the server.
 */
export function AreaGuard({ area, children }: { area: RolePath; children: ReactNode }) {
  const role = getStoredRole();
  if (!getToken() || !role) return <Navigate to="/" replace />;
  if (rolePath(role) !== area) return <Navigate to={areaPathOf(role)} replace />;
  return children;
}
