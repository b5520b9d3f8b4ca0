import type { ApiResult } from '../schemas/envelope';
import { getEnv } from '../config/env';
import { endSession, getToken } from '../auth/session';
import { navigateTo } from '../navigation/appNavigator';
import { showToast } from '../ui/toast/toastStore';
import { CONNECTION_ISSUE, SESSION_EXPIRED, type CallOptions, type HttpResponse } from './httpClient';

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

const SERVER_ERROR_TITLE = 'Error';

function connectionIssue<T>(): HttpResponse<T> {
  showToast({ severity: 'error', summary: CONNECTION_ISSUE });
  return { result: { success: false, internet: true, message: CONNECTION_ISSUE }, status: 0, headers: new Headers() };
}

function sessionExpired<T>(headers: Headers): HttpResponse<T> {
  endSession();
  navigateTo('/');
  return { result: { success: false, message: SESSION_EXPIRED }, status: 405, headers };
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

/** The generic shape from a JSON body; anything else is a connection issue (as in httpClient). */
function toResponse<T>(text: string, status: number, headers: Headers, toast: boolean | undefined): HttpResponse<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return connectionIssue();
  }
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const ok = status >= 200 && status < 300;
  const result: ApiResult<T> = {
    success: ok && envelope.success === true,
    message: typeof envelope.message === 'string' ? envelope.message : '',
    ...('data' in envelope ? { data: envelope.data as T } : {}),
  };
  if (!result.success && toast !== false) showToast({ severity: 'error', summary: SERVER_ERROR_TITLE, detail: result.message });
  return { result, status, headers };
}

function openRequest(method: string, path: string, headers?: HeadersInit): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.open(method, `${getEnv().apiUrl}${path}`);
  new Headers(headers).forEach((value, name) => xhr.setRequestHeader(name, value));
  const token = getToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  return xhr;
}

/**
 * Upload: POST by default, the form data as is (the browser sets the multipart boundary).
 * Resolves like httpClient.request; an aborted upload resolves as a failure without a toast.
 */
export function uploadWithProgress<T = unknown>(path: string, formData: FormData, options: UploadOptions = {}): Promise<HttpResponse<T>> {
  if (!navigator.onLine) return Promise.resolve(connectionIssue<T>());
  return new Promise((resolve) => {
    const xhr = openRequest(options.method ?? 'POST', path, options.headers);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      const headers = headersOf(xhr);
      resolve(xhr.status === 405 ? sessionExpired<T>(headers) : toResponse<T>(xhr.responseText, xhr.status, headers, options.toast));
    };
    xhr.onerror = () => resolve(connectionIssue<T>());
    xhr.ontimeout = () => resolve(connectionIssue<T>());
    xhr.onabort = () => resolve({ result: { success: false, message: 'Upload cancelled' }, status: 0, headers: new Headers() });
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
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
export function downloadFile(path: string, options: CallOptions = {}): Promise<DownloadedFile | ApiResult<never>> {
  if (!navigator.onLine) return Promise.resolve(connectionIssue<never>().result);
  return new Promise((resolve) => {
    const xhr = openRequest(options.method ?? 'GET', path, options.headers);
    xhr.responseType = 'blob';
    xhr.onload = async () => {
      const headers = headersOf(xhr);
      const blob = xhr.response as Blob;
      if (xhr.status === 405) return resolve(sessionExpired<never>(headers).result);
      if (xhr.status >= 200 && xhr.status < 300) {
        return resolve({ blob, filename: filenameOf(headers.get('Content-Disposition')) });
      }
      resolve(toResponse<never>(await blob.text(), xhr.status, headers, options.toast).result);
    };
    xhr.onerror = () => resolve(connectionIssue<never>().result);
    xhr.send();
  });
}

/** Narrows downloadFile's answer. */
export const isDownloadedFile = (value: DownloadedFile | ApiResult<never>): value is DownloadedFile => 'blob' in value;
