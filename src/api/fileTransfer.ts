import type { ApiResult } from '../schemas/envelope';
import { getEnv } from '../config/env';
import { getToken, sessionSignal } from '../auth/session';
import { answerOf, connectionIssue, sessionEnded, type CallOptions, type HttpResponse } from './httpClient';

/**
 * File transfers the fetch-based client cannot do: an upload that reports its progress and a
 * download of a binary file. Both use XMLHttpRequest (fetch has no upload progress) and follow
 * the same rules as httpClient: the bearer token, the 'Connection Issue' result for offline and
 * network failures, the session cleared on a 405, and the 'Error' toast unless the call disables it.
 */

export interface TransferProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends CallOptions {
  /** Called as the request body goes out; `total` is 0 when the browser cannot tell. */
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  filename?: string;
}

/** The response headers of an XHR as a Headers object. */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** An opened XHR and, when it carries the stored credentials, their session's signal (session.ts). */
interface OpenedRequest {
  xhr: XMLHttpRequest;
  session?: AbortSignal;
}

function openRequest(method: string, path: string, headers?: HeadersInit): OpenedRequest {
  const xhr = new XMLHttpRequest();
  xhr.open(method, `${getEnv().apiUrl}${path}`);
  new Headers(headers).forEach((value, name) => xhr.setRequestHeader(name, value));
  const token = getToken();
  if (!token) return { xhr };
  xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  return { xhr, session: sessionSignal() };
}

interface ExchangeOptions<F> {
  toast?: boolean;
  signal?: AbortSignal;
  /** A download's successful (2xx) answer, taken as it is instead of read as the envelope. */
  file?: (xhr: XMLHttpRequest, headers: Headers) => F;
}

/**
 * Sends an opened XHR and resolves with its answer by httpClient's rules, for uploads and
 * downloads alike: offline, a network error or a timeout is 'Connection Issue' (with its toast);
 * every HTTP answer goes through answerOf (405, a body that is not the envelope, the 'Error'
 * toast); a cancelled request resolves as a failure without a toast, and one whose session ended
 * on the way as that ended session. Never rejects.
 */
function exchange<T, F = never>(
  { xhr, session }: OpenedRequest,
  body: XMLHttpRequestBodyInit | null,
  { toast, signal, file }: ExchangeOptions<F> = {},
): Promise<HttpResponse<T> | F> {
  if (!navigator.onLine) return Promise.resolve(connectionIssue<T>());
  return new Promise((resolve) => {
    xhr.onload = async () => {
      if (session?.aborted) return resolve(sessionEnded<T>());
      const headers = headersOf(xhr);
      if (file && xhr.status >= 200 && xhr.status < 300) return resolve(file(xhr, headers));
      const text = xhr.responseType === 'blob' ? await (xhr.response as Blob).text().catch(() => undefined) : xhr.responseText;
      resolve(answerOf<T>(xhr.status, headers, text, toast));
    };
    xhr.onerror = xhr.ontimeout = () => resolve(connectionIssue<T>());
    xhr.onabort = () => resolve(session?.aborted ? sessionEnded<T>() : { result: { success: false, message: 'Upload cancelled' }, status: 0, headers: new Headers() });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // The session outlives its transfers: each lets go of its signal once it is over.
    const drop = () => xhr.abort();
    session?.addEventListener('abort', drop, { once: true });
    xhr.onloadend = () => session?.removeEventListener('abort', drop);
    xhr.send(body);
  });
}

/**
 * Upload: POST by default, the form data as is (the browser sets the multipart boundary).
 * Resolves like httpClient.request; an aborted upload resolves as a failure without a toast.
 */
export function uploadWithProgress<T = unknown>(path: string, formData: FormData, options: UploadOptions = {}): Promise<HttpResponse<T>> {
  const opened = openRequest(options.method ?? 'POST', path, options.headers);
  opened.xhr.setRequestHeader('Accept', 'application/json');
  opened.xhr.upload.onprogress = (event) => options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
  return exchange<T>(opened, formData, options);
}

/** The file name of a Content-Disposition header (plain or RFC 5987 form). */
export function filenameOf(contentDisposition: string | null): string | undefined {
  if (!contentDisposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1].trim();
}

/**
 * Download: GET by default. Resolves with the file, or with the generic failure result (the
 * server's error envelope, read from the binary answer).
 */
export async function downloadFile(path: string, options: CallOptions = {}): Promise<DownloadedFile | ApiResult<never>> {
  const opened = openRequest(options.method ?? 'GET', path, options.headers);
  opened.xhr.responseType = 'blob';
  const answer = await exchange<never, DownloadedFile>(opened, null, {
    toast: options.toast,
    file: (done, headers) => ({ blob: done.response as Blob, filename: filenameOf(headers.get('Content-Disposition')) }),
  });
  return isDownloadedFile(answer) ? answer : answer.result;
}

/** Narrows downloadFile's answer. */
export const isDownloadedFile = (value: DownloadedFile | ApiResult<never> | HttpResponse<never>): value is DownloadedFile => 'blob' in value;
