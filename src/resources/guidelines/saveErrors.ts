import { serverFieldErrors, type FieldErrors } from '../../ui/forms/fieldErrors';
import { showToast } from '../../ui/toast/toastStore';

/**
 * What a failed react-admin mutation means for a form. The data provider throws an HttpError
 * whose body holds `errors` (a 400) or the whole answer (other statuses, e.g. a 409 with
 * `data.errors.role`). Field errors go back to the form; anything else is an 'Error' toast,
 * except a connection issue or an expired session, which the HTTP client has already handled.
 */
export function formErrorsOf(error: unknown): FieldErrors | undefined {
  const { body, status, message } = (error ?? {}) as { body?: unknown; status?: number; message?: string };
  const direct = serverFieldErrors(body);
  if (Object.keys(direct).length) return direct;
  const nested = serverFieldErrors((body as { data?: unknown } | undefined)?.data);
  if (Object.keys(nested).length) return nested;
  if (status !== 0 && status !== 405) showToast({ severity: 'error', summary: 'Error', detail: message || 'The guideline could not be saved' });
  return undefined;
}
