import { read } from '../../api/httpClient';
import type { ApiResult } from '../../schemas/envelope';
import type { GuidelineRecord } from '../../schemas/guidelines';
import type { Role } from '../../schemas/roles';

/**
 * The guideline written for `role` (there is at most one per role), or null when none is
 * written yet. Every role other than ADMIN only ever gets its own role's guideline.
 */
export async function fetchRoleGuideline(role: Role): Promise<ApiResult<GuidelineRecord | null>> {
  const filter = encodeURIComponent(JSON.stringify({ role }));
  const result = await read<GuidelineRecord[]>(`/guidelines?filter=${filter}`, { toast: false });
  if (!result.success) return { ...result, data: undefined };
  const list = Array.isArray(result.data) ? result.data : [];
  return { ...result, data: list.find((guideline) => guideline.role === role) ?? null };
}
