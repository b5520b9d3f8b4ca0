import { redirect, type LoaderFunctionArgs } from 'react-router';
import { EXAM_TOKEN_PARAM } from '../config/examToken';
import { enterExam } from '../auth/examEntry';
import { getStoredRole, getToken } from '../auth/session';
import { areaPathOf } from '../shell/areaRole';

/**
 * The loader of '/'. An exam link is handled first, so a student who is still signed in is
 * taken to the exam rather than to their dashboard; a rejected token falls through to the
 * login silently. Otherwise a user with a stored session goes straight to their area.
 */
export async function landingLoader({ request }: LoaderFunctionArgs) {
  const examToken = new URL(request.url).searchParams.get(EXAM_TOKEN_PARAM);
  if (examToken) {
    const instructions = await enterExam(examToken);
    return instructions ? redirect(instructions) : null;
  }
  const role = getStoredRole();
  return getToken() && role ? redirect(areaPathOf(role)) : null;
}
