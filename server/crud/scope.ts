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
    case 'own': {
      // The caller's rows within the caller's department: a teacher moved to another department
      // no longer changes the groups they made in the old one (which they can no longer see).
      if (!columns.owner) return nothing();
      if (!columns.department) return qb.where(columns.owner, '=', caller.userId);
      if (caller.departmentId === null) return nothing();
      return qb.where(columns.owner, '=', caller.userId).where(columns.department, '=', caller.departmentId);
    }
    case 'self':
      return columns.self ? qb.where(columns.self, '=', caller.userId) : nothing();
    case 'role':
      return columns.role ? qb.where(columns.role, '=', caller.role) : nothing();
    default:
      return nothing();
  }
}
