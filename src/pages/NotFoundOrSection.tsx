import { Navigate, useLocation } from 'react-router';
import { sectionPathFor } from '../shell/sectionRedirect';
import { NotFoundPage } from './NotFoundPage';

/**
 * The wildcard below `base` ('' for the app, '/teacher' for an area): an address whose first
 * segment is one of `names` in the other number (or case) goes to it; anything else is SPEC's
 * not-found page.
 */
export function NotFoundOrSection({ base, names }: { base: string; names: readonly string[] }) {
  const { pathname, search, hash } = useLocation();
  const below = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const target = sectionPathFor(below, names);
  return target === undefined ? <NotFoundPage /> : <Navigate to={`${base}/${target}${search}${hash}`} replace />;
}
