import type { AuthProvider } from 'react-admin';
import { z } from 'zod';
import { loginResponseDataSchema } from '../schemas/auth';
import { parseRole, rolePath, type Role } from '../schemas/roles';
import { requestLogin, requestLogout, requestSessionCheck, type LoginPayload } from '../auth/authApi';
import {
  clearStorage,
  endSession,
  getStoredRole,
  getStoredUsername,
  getToken,
  setExamLinkQuiz,
  storeIdentity,
  storeToken,
} from '../auth/session';
import { areaPathOf } from './areaRole';
import { navigateTo } from '../navigation/appNavigator';

/** A rejected login; `internet` says the client already reported a connection issue. */
export class LoginFailed extends Error {
  override name = 'LoginFailed';
  constructor(
    message: string,
    readonly internet: boolean,
  ) {
    super(message);
  }
}

/** The roles compare case-insensitively, so the server may answer in any case. */
const verifiedSessionSchema = z.object({ role: z.string().transform(parseRole), username: z.string(), examQuizId: z.number().int().optional(), fromLms: z.boolean().optional() });

/** react-admin's shape for "send the user to the start page, without a notification". */
const backToStart = { redirectTo: '/', message: false } as const;

export const authProvider = {
  /** Resolves with the user's area; rejects with LoginFailed carrying the server's message. */
  async login(payload: LoginPayload): Promise<{ redirectTo: string }> {
    const result = await requestLogin(payload);
    const data = loginResponseDataSchema.safeParse(result.data);
    if (!result.success || !data.success) throw new LoginFailed(result.message, result.internet === true);
    storeToken(data.data.token);
    storeIdentity(payload.role, payload.username);
    return { redirectTo: areaPathOf(payload.role) };
  },

  /**
   * Resolves with where to go next; react-admin navigates there. The browser forgets the session
   * first, so no request of the screen still open goes out with it (or comes back refused) while
   * the server ends it.
   */
  async logout(): Promise<string> {
    const token = getToken();
    clearStorage();
    if (token) await requestLogout(token);
    return '/';
  },

  /**
   * Verifies the stored session with the server for the stored role; a refusal clears storage and
   * goes to '/', no answer keeps the session, and with no token left it only goes to '/'.
   */
  async checkAuth(): Promise<void> {
    const role = getStoredRole();
    // No credentials left: this page's session has already ended (a 405, a sign-out) and the app
    // is going to '/'. A refusal here would have react-admin sign out again, which clears its
    // queries, which asks again while the area is still on screen: thousands of navigations to '/'
    // and a blank page for seconds. So the app goes to '/' and this check never answers.
    if (!getToken()) {
      navigateTo('/');
      return new Promise<never>(() => {});
    }
    if (role) {
      const result = await requestSessionCheck(role);
      const verified = verifiedSessionSchema.safeParse(result.data);
      if (result.success && verified.success && verified.data.role === role) {
        storeIdentity(role, verified.data.username);
        setExamLinkQuiz(verified.data.examQuizId ?? null, verified.data.fromLms === true);
        return;
      }
      // No answer (the connection dropped, or the page was left while asking, which aborts the
      // request): the session may well be valid, so the page goes on with it. What this browser
      // keeps stays, the credentials and the answers kept on the device (an exam goes on offline
      // and sends them later); only an answer from the server ends the session, here or on the
      // next request (checkError).
      if (result.internet) return;
    }
    clearStorage();
    throw backToStart;
  },

  /** The HTTP client has already removed the credentials on a 405; react-admin then logs out. */
  async checkError(error: { status?: number }): Promise<void> {
    if (error.status === 405) {
      endSession();
      throw backToStart;
    }
  },

  async getPermissions(): Promise<Role | undefined> {
    return getStoredRole();
  },

  async getIdentity(): Promise<{ id: string; fullName: string }> {
    const username = getStoredUsername() ?? '';
    return { id: username, fullName: username };
  },

  /**
   * Navigation only: a role may open the sections of its own area, which the entities' `areas`
   * declare. The server enforces the real rules. The sections are loaded with the first check
   * (an area asks), so the sign-in page does not carry every entity declaration.
   */
  async canAccess({ resource }: { resource: string }): Promise<boolean> {
    const role = getStoredRole();
    if (role === undefined) return false;
    const { sectionsOf } = await import('./areaSections');
    return sectionsOf(rolePath(role)).some((section) => section.name === resource);
  },
} satisfies AuthProvider;
