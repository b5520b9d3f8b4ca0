import { ltiHandoffResponseDataSchema } from '../schemas/auth';
import { requestLtiHandoff } from './authApi';
import { storeIdentity, storeToken } from './session';

/**
 * What an accepted hand-over gives: the quiz the instructor launched; or what to tell the user
 * about a refused code (null when the HTTP client has already said that the server was not reached).
 */
export type LtiEntry = { quizId: number } | { refused: string | null };

/** Why the login shows instead: the code is one-time and short-lived, so a reload or a late click lands here. */
export const LTI_HANDOFF_REFUSED = 'This sign-in link from your LMS has expired or was already used. Open the activity in your LMS again, or sign in.';

/**
 * An instructor's LMS launch: trades the one-time code for a teacher session, stored as a teacher's
 * sign-in stores it, and answers the quiz the launch was about.
 */
export async function enterFromLms(code: string): Promise<LtiEntry> {
  const result = await requestLtiHandoff(code);
  const data = ltiHandoffResponseDataSchema.safeParse(result.data);
  if (!result.success || !data.success) return { refused: result.internet ? null : LTI_HANDOFF_REFUSED };
  storeToken(data.data.token);
  storeIdentity(data.data.role, data.data.username);
  return { quizId: data.data.quizId };
}
