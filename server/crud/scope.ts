import { sql } from 'kysely';
import type { Scope } from '../../src/schemas/entity';
import type { AnySelect, Caller, ScopeColumns } from './adapter';

/**
 * Narrows a query to the rows the caller may touch. A scope whose column the
 * resource lacks, or a caller without the tenant it needs, matches nothing.
 */
export function applyScope(qb: AnySelect, scope: Scope | undefined, caller: Caller, columns: ScopeColumns): AnySelect {
  const nothing = () => qb.where(sql<boolean>`1 = 0`);
  switch (scope) {
    case 'all':
      return qb;
    case 'institute':
      return columns.institute && caller.instituteId !== null ? qb.where(columns.institute, '=', caller.instituteId) : nothing();
    case 'department':
      return columns.department && caller.departmentId !== null ? qb.where(columns.department, '=', caller.departmentId) : nothing();
    case 'own':
      return columns.owner ? qb.where(columns.owner, '=', caller.userId) : nothing();
    case 'self':
      return columns.self ? qb.where(columns.self, '=', caller.userId) : nothing();
    case 'role':
      return columns.role ? qb.where(columns.role, '=', caller.role) : nothing();
    default:
      return nothing();
  }
}
