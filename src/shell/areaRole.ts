import { ROLES, rolePath, type Role, type RolePath } from '../schemas/roles';

/** Where a role's area is mounted: 'DEPARTMENT-HEAD' -> '/department-head'. */
export const areaPathOf = (role: Role): string => `/${rolePath(role)}`;

const ROLE_OF_AREA = Object.fromEntries(ROLES.map((role) => [rolePath(role), role])) as Record<RolePath, Role>;

/** The role an area belongs to: 'department-head' -> 'DEPARTMENT-HEAD'. */
export const roleOfArea = (area: RolePath): Role => ROLE_OF_AREA[area];
