import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RolePath } from '../schemas/roles';

/** Each role area is its own chunk, downloaded only once its guard lets the user in. */
export const AREA_ENTRIES: Record<RolePath, LazyExoticComponent<ComponentType>> = {
  admin: lazy(() => import('../areas/admin')),
  'institute-head': lazy(() => import('../areas/institute-head')),
  'department-head': lazy(() => import('../areas/department-head')),
  teacher: lazy(() => import('../areas/teacher')),
  student: lazy(() => import('../areas/student')),
};
