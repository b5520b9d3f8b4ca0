import { getStoredRole } from '../../auth/session';
import type { Role } from '../../schemas';

/**
 * The signed-in role, as stored at sign-in and confirmed by the area's session check (the area
 * guard has already sent any other role to its own area). It decides what the screens offer;
 * the server enforces the same rules on every call.
 */
export const useRole = (): Role | undefined => getStoredRole();
