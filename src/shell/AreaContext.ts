import { createContext, useContext } from 'react';
import type { RolePath } from '../schemas/roles';

/** Which role area the current screen belongs to; provided once at each area's root. */
export const AreaContext = createContext<RolePath | undefined>(undefined);

export function useArea(): RolePath {
  const area = useContext(AreaContext);
  if (!area) throw new Error('useArea must be used inside a role area');
  return area;
}
