import { redirect, type LoaderFunctionArgs } from 'react-router';
import { EXAM_TOKEN_PARAM } from '../config/examToken';
import { LTI_HANDOFF_PARAM } from '../config/ltiHandoff';
import { enterExam } from '../auth/examEntry';
import { enterFromLms } from '../auth/ltiEntry';
import { getStoredRole, getToken } from '../auth/session';
import { quizManagePath } from '../resources/quizzes/quizSection';
import { areaPathOf } from '../shell/areaRole';
import { showToast } from '../ui/toast/toastStore';

/**
 * The loader of '/'. An exam link is handled first, so a student who is still signed in is
 * taken to the exam rather than to their dashboard; a rejected token falls through to the
 * login silently. An instructor's LMS launch (a hand-over code) opens the launched quiz's manage
 * page as that teacher; a rejected code shows the login with the reason. Otherwise a user with
 * a stored session goes straight to their area.
 */
export async function landingLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const examToken = params.get(EXAM_TOKEN_PARAM);
  if (examToken) {
    const instructions = await enterExam(examToken);
    return instructions ? redirect(instructions) : null;
  }
  const handoff = params.get(LTI_HANDOFF_PARAM);
  if (handoff) {
    const entry = await enterFromLms(handoff);
    if ('quizId' in entry) return redirect(quizManagePath(areaPathOf('TEACHER'), entry.quizId));
    if (entry.refused) showToast({ severity: 'error', summary: 'LMS sign-in failed', detail: entry.refused, sticky: true });
    return null;
  }
  const role = getStoredRole();
  return getToken() && role ? redirect(areaPathOf(role)) : null;
}
