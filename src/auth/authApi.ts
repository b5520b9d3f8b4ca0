import { read, send } from '../api/httpClient';
import type { ApiResult } from '../schemas/envelope';
import type { LoginInput, ExamTokenResponseData, LtiHandoffResponseData } from '../schemas/auth';
import { rolePath, type Role } from '../schemas/roles';

/** The authentication calls (login, logout, session verification, exam-token verification, LMS hand-over), and nothing else. */

export type LoginPayload = LoginInput & { recaptchaValue: string | null; userTime: number };

/** The caller reports failures itself (it also resets the captcha). */
export const requestLogin = (payload: LoginPayload): Promise<ApiResult<unknown>> =>
  send('/auth/login', payload, { toast: false });

/**
 * Ends the session of `token` on the server; the browser has already forgotten it (and dropped
 * its other requests), so a failed logout changes nothing for the user.
 */
export const requestLogout = (token: string): Promise<ApiResult<unknown>> =>
  send('/auth/logout', {}, { toast: false, headers: { Authorization: `Bearer ${token}` } });

export const requestSessionCheck = (role: Role): Promise<ApiResult<unknown>> => read(`/${rolePath(role)}/verify`);

/** An invalid exam link falls back to the login silently. */
export const requestExamTokenCheck = (token: string): Promise<ApiResult<Partial<ExamTokenResponseData>>> =>
  read(`/student/verify/exam-token/${encodeURIComponent(token)}`, { toast: false });

/** The caller says why a rejected hand-over code (used, expired or unknown) shows the login. */
export const requestLtiHandoff = (code: string): Promise<ApiResult<Partial<LtiHandoffResponseData>>> =>
  send('/lti/handoff', { code }, { toast: false });
