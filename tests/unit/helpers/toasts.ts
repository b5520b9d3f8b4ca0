import { afterEach } from 'vitest';
import { getToasts, removeToast } from '../../../src/ui/toast/toastStore';

/** The toast store is module state: empty it between tests so each test sees only its own toasts. */
export function resetToastsAfterEach() {
  afterEach(() => getToasts().forEach((toast) => removeToast(toast.id)));
}

export const toastSummaries = () => getToasts().map((toast) => toast.summary);
