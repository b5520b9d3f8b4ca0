import { parseRole, type Role } from '../schemas/roles';

/** The browser-storage keys of the session; other code must not spell them out. */
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  username: 'username',
  quizName: 'quizName',
} as const;

/**
 * What a user set on the staff screens (each list's filters, sort, page size and columns) is kept
 * in localStorage per user, under keys that begin with this prefix and the user's key. Signing
 * out keeps them; another account on the same browser has its own.
 */
export const PREFERENCES_KEY_PREFIX = 'RaStore.prefs.';

/** The signed-in user's part of the preferences' keys: role and username, encoded so that no user's key begins another's. */
export const preferencesKeyOf = (role: string | null | undefined, username: string | null | undefined): string =>
  `${PREFERENCES_KEY_PREFIX}${encodeURIComponent(role ?? '')}/${encodeURIComponent(username ?? '')}/`;

/**
 * Dispatched on window when the signed-in user changes (sign-in, sign-out, a lost session), so
 * that what belongs to the user (their theme) follows without a reload.
 */
export const IDENTITY_CHANGED_EVENT = 'portal:identity';
const identityChanged = () => window.dispatchEvent(new Event(IDENTITY_CHANGED_EVENT));

/** Keys that outlive a sign-out: each user's own settings (their theme, `src/ui/themePreference.ts`). */
const KEPT_ACROSS_SIGN_OUT = /^theme:/;

export const getToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);

/**
 * The requests that carry the stored credentials listen to this session's signal; it fires when
 * the credentials are removed (a sign-out, a lost session, a failed verification). Such a request
 * can only be refused (405) once the session is over, so it is dropped instead: its answer never
 * reaches the page, and the caller sees the ended session (httpClient.sessionEnded).
 */
let sessionRequests = new AbortController();
export const sessionSignal = (): AbortSignal => sessionRequests.signal;
function endSessionRequests(): void {
  sessionRequests.abort();
  sessionRequests = new AbortController();
}

/** The stored role, normalised; undefined when missing or not one of ours. */
export const getStoredRole = (): Role | undefined => parseRole(localStorage.getItem(STORAGE_KEYS.role));

export const getStoredUsername = (): string | null => localStorage.getItem(STORAGE_KEYS.username);

export const getStoredQuizName = (): string | null => localStorage.getItem(STORAGE_KEYS.quizName);

export function storeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

/** The role is kept as the role string (e.g. 'TEACHER'); the username always in lower case. */
export function storeIdentity(role: Role, username?: string): void {
  localStorage.setItem(STORAGE_KEYS.role, role);
  if (username !== undefined) localStorage.setItem(STORAGE_KEYS.username, username.toLowerCase());
  identityChanged();
}

export function storeQuizName(quizName: string): void {
  localStorage.setItem(STORAGE_KEYS.quizName, quizName);
}

/**
 * The quiz an exam-link session is limited to (the server says so when the session is verified),
 * or null for a session opened by signing in. Kept in memory only: every page load verifies again.
 */
let examLinkQuiz: number | null = null;
/** The exam-link session came from an LMS launch: its student comes back through the LMS (no password). */
let examLinkFromLms = false;

export const getExamLinkQuiz = (): number | null => examLinkQuiz;
export const isExamLinkFromLms = (): boolean => examLinkQuiz !== null && examLinkFromLms;

export function setExamLinkQuiz(quizId: number | null, fromLms = false): void {
  examLinkQuiz = quizId;
  examLinkFromLms = quizId !== null && fromLms;
}

/** What a 405 (session missing, expired or revoked) removes: the credentials, nothing else. */
export function endSession(): void {
  localStorage.removeItem(STORAGE_KEYS.role);
  localStorage.removeItem(STORAGE_KEYS.token);
  endSessionRequests();
  examLinkQuiz = null;
  examLinkFromLms = false;
  identityChanged();
}

/**
 * What a failed session verification and a logout do: forget everything this browser kept but what
 * belongs to each user rather than to the session: their screen preferences (PREFERENCES_KEY_PREFIX)
 * and their theme (`theme:` keys, `src/ui/themePreference.ts`).
 */
export function clearStorage(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) {
    if (key !== null && !key.startsWith(PREFERENCES_KEY_PREFIX) && !KEPT_ACROSS_SIGN_OUT.test(key)) localStorage.removeItem(key);
  }
  endSessionRequests();
  examLinkQuiz = null;
  examLinkFromLms = false;
  identityChanged();
}
