import { serverFieldErrors, type FieldErrors } from './fieldErrors';
import { showToast } from '../toast/toastStore';

export interface SaveFailure {
  status?: number;
  message: string;
  /** The field -> message map of a 400 (`errors`) or of another status (`data.errors`, e.g. a 409 on locked quiz fields). */
  fieldErrors: FieldErrors;
}

/** Reads a failed react-admin mutation: the data provider throws an HttpError with the answer in `body`. */
export function saveFailureOf(error: unknown): SaveFailure {
  const { body, status, message } = (error ?? {}) as { body?: unknown; status?: number; message?: string };
  const direct = serverFieldErrors(body);
  const fieldErrors = Object.keys(direct).length ? direct : serverFieldErrors((body as { data?: unknown } | undefined)?.data);
  return { status, message: message ?? '', fieldErrors };
}

/**
 * The errors a form shows after a failed save (empty when none is about a field). Field errors go back to the form; anything else becomes an 'Error' toast, except a connection
 * issue (status 0) or an expired session (405), which the HTTP client has already reported.
 */
export function formErrorsOf(error: unknown, fallback: string): FieldErrors {
  const failure = saveFailureOf(error);
  if (Object.keys(failure.fieldErrors).length) {
    if (failure.message && failure.status !== 400) showToast({ severity: 'error', summary: 'Error', detail: failure.message });
    return failure.fieldErrors;
  }
  if (failure.status !== 0 && failure.status !== 405) showToast({ severity: 'error', summary: 'Error', detail: failure.message || fallback });
  return {};
}
