/**
 * Every request the portal makes to an LMS (key sets, access tokens, scores, member lists) names
 * the portal (Canvas refuses requests without a User-Agent) and gives up after a while.
 */
export const LTI_USER_AGENT = 'ExamPortal-LTI/1.3 (+https://www.imsglobal.org/spec/lti/v1p3)';
export const LTI_HTTP_TIMEOUT_MS = 15_000;

export function ltiFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('User-Agent', LTI_USER_AGENT);
  return fetch(url, { ...init, headers, redirect: 'error', signal: init.signal ?? AbortSignal.timeout(LTI_HTTP_TIMEOUT_MS) });
}

/** The first `max` characters of an answer's body, for the teacher's screen and the logs. */
export async function bodyExcerpt(res: Response, max = 300): Promise<string> {
  try {
    const text = await res.text();
    return text.length > max ? `${text.slice(0, max)}…` : text;
  } catch {
    return '';
  }
}
