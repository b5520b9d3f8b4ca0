import type { ApiResult } from '../schemas/envelope';
import { getEnv } from '../config/env';
import { endSession, getToken, sessionSignal } from '../auth/session';
import { navigateTo } from '../navigation/appNavigator';
import { showToast } from '../ui/toast/toastStore';
import { addSebHeaders } from './sebBridge';

/**
 * The one HTTP client of the front end. It implements the error rules (offline or a network or
 * parse failure -> 'Connection Issue' with its toast; 405 -> session removed, go to '/', no toast;
 * success false -> 'Error' toast with the server's message unless the call turns it off), so
 * callers only ever see the generic result shape and never a rejected promise for HTTP reasons.
 */

export const CONNECTION_ISSUE = 'Connection Issue';
export const SESSION_EXPIRED = 'Session Expired!!';
const SERVER_ERROR_TITLE = 'Error';

export interface CallOptions {
  method?: string;
  headers?: HeadersInit;
  /** false: no 'Error' toast when the server answers success false (the caller reports it). */
  toast?: boolean;
}

export interface SendOptions extends CallOptions {
  /** Defaults to JSON, in which case the body is serialised with JSON.stringify. */
  contentType?: string;
}

export interface RequestSpec extends CallOptions {
  body?: BodyInit;
}

/** A result plus the raw HTTP facts; status 0 means no HTTP answer was read (offline, network, parse). */
export interface HttpResponse<T> {
  result: ApiResult<T>;
  status: number;
  headers: Headers;
}

const JSON_TYPE = 'application/json';

export function connectionIssue<T>(): HttpResponse<T> {
  // Shown even when the call disabled toasts: the user must learn that nothing reached the server.
  showToast({ severity: 'error', summary: CONNECTION_ISSUE });
  return { result: { success: false, internet: true, message: CONNECTION_ISSUE }, status: 0, headers: new Headers() };
}

/**
 * The answer to a request of a session that has ended while it was on its way (session.ts's
 * sessionSignal): what a 405 would have said, without a second sign-out or navigation, since
 * whatever ended the session has done both.
 */
export function sessionEnded<T>(): HttpResponse<T> {
  return { result: { success: false, message: SESSION_EXPIRED }, status: 405, headers: new Headers() };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads any JSON body as the generic shape; a body that is not the envelope counts as a failure. */
function toResult<T>(body: unknown, ok: boolean): ApiResult<T> {
  if (!isRecord(body)) return { success: false, message: '' };
  return {
    success: ok && body.success === true,
    message: typeof body.message === 'string' ? body.message : '',
    ...('data' in body ? { data: body.data as T } : {}),
  };
}

/**
 * The general call: `path` is relative to VITE_API_URL and starts with '/'. The body is sent
 * as given. Use it when the status or headers matter (the react-admin data provider).
 */
export async function request<T = unknown>(path: string, spec: RequestSpec = {}): Promise<HttpResponse<T>> {
  if (!navigator.onLine) return connectionIssue();

  const headers = new Headers(spec.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', JSON_TYPE);
  addSebHeaders(headers);
  // A request with the stored credentials ends with their session; one that brings its own (the
  // sign-out's) goes on.
  const signal = token ? sessionSignal() : undefined;

  let response: Response;
  try {
    response = await fetch(`${getEnv().apiUrl}${path}`, { method: spec.method ?? 'GET', headers, body: spec.body, signal });
  } catch {
    return signal?.aborted ? sessionEnded() : connectionIssue();
  }

  // A 405's body is not read: the session is over whatever it says.
  const text = response.status === 405 ? '' : await response.text().catch(() => undefined);
  if (signal?.aborted) return sessionEnded();
  return answerOf<T>(response.status, response.headers, text, spec.toast);
}

/**
 * What an HTTP answer means under the error rules, for this client and the XHR transfers
 * (fileTransfer.ts): 405 ends the session and goes to '/' without a toast; a body that is missing
 * or not JSON is a connection issue; success false raises the 'Error' toast unless `toast` is false.
 */
export function answerOf<T>(status: number, headers: Headers, text: string | undefined, toast?: boolean): HttpResponse<T> {
  if (status === 405) {
    // The server no longer knows this session: forget it and start over, without a toast.
    endSession();
    navigateTo('/');
    return { result: { success: false, message: SESSION_EXPIRED }, status: 405, headers };
  }

  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
  } catch {
    return connectionIssue();
  }

  const result = toResult<T>(body, status >= 200 && status < 300);
  if (!result.success && toast !== false) {
    showToast({ severity: 'error', summary: SERVER_ERROR_TITLE, detail: result.message });
  }
  return { result, status, headers };
}

/** Read: GET by default, no body. */
export async function read<T = unknown>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  return (await request<T>(path, { ...options, method: options.method ?? 'GET' })).result;
}

/** Send: POST by default; JSON unless another content type is given, then the body goes as is. */
export async function send<T = unknown>(path: string, body: unknown, options: SendOptions = {}): Promise<ApiResult<T>> {
  const { contentType = JSON_TYPE, ...rest } = options;
  const headers = new Headers(rest.headers);
  headers.set('Content-Type', contentType);
  const payload = contentType === JSON_TYPE ? JSON.stringify(body) : (body as BodyInit);
  return (await request<T>(path, { ...rest, method: rest.method ?? 'POST', headers, body: payload })).result;
}

/** Upload: POST by default, body as is (FormData); no content type, so the browser sets the multipart boundary. */
export async function upload<T = unknown>(path: string, formData: FormData, options: CallOptions = {}): Promise<ApiResult<T>> {
  return (await request<T>(path, { ...options, method: options.method ?? 'POST', body: formData })).result;
}
