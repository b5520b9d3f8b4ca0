import { read, send, type CallOptions } from '../../api/httpClient';
import type { ApiResult } from '../../schemas/envelope';
import type { Role } from '../../schemas/roles';

/** The signed-in person's own account, as GET /api/profile answers it. */
export interface Profile {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  role: Role;
  semester: string | null;
  batch: string | null;
  institute: string | null;
  department: string | null;
  /** The account still has the initial password its creator was given. */
  mustChangePassword: boolean;
  groups: readonly { id: number; name: string }[];
  subjects: readonly { id: number; subjectname: string; code: string }[];
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const fetchProfile = (options: CallOptions = {}): Promise<ApiResult<Profile>> => read<Profile>('/profile', options);

/** The forms report failures on their fields, so these calls raise no 'Error' toast. */
export const updatePhone = (phone: string): Promise<ApiResult<Profile>> =>
  send<Profile>('/profile', { phone }, { method: 'PUT', toast: false });

export const changePassword = (input: ChangePasswordInput): Promise<ApiResult<unknown>> =>
  send('/auth/change-password', input, { toast: false });
