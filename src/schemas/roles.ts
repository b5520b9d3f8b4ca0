import { z } from 'zod';

/** The five roles, in the order the login dropdown shows them. */
export const ROLES = ['STUDENT', 'TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'STUDENT';

export const roleSchema = z.enum(ROLES);

/** The lower-case path segment of a role's area and API prefix: 'DEPARTMENT-HEAD' -> 'department-head'. */
export type RolePath = Lowercase<Role>;
export const rolePath = (role: Role): RolePath => role.toLowerCase() as RolePath;
export const ROLE_PATHS = ROLES.map(rolePath);

/** Case-insensitive parse of a stored or URL role; undefined when it is not one of ours. */
export function parseRole(value: string | null | undefined): Role | undefined {
  if (!value) return undefined;
  const upper = value.toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : undefined;
}

export const ROLE_LABELS: Record<Role, string> = {
  STUDENT: 'Student',
  TEACHER: 'Teacher',
  'DEPARTMENT-HEAD': 'Department head',
  'INSTITUTE-HEAD': 'Institute head',
  ADMIN: 'Admin',
};
