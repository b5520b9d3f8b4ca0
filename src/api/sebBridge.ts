/**
 * Safe Exam Browser's JavaScript API (`window.SafeExamBrowser.security`): inside SEB, its Config
 * Key and Browser Exam Key values, hashed with the page's URL, go with every API call together
 * with that URL, so that the server can check them (SEB may not add its own headers to fetch).
 */

interface SebSecurity {
  configKey?: string;
  browserExamKey?: string;
  updateKeys?: (callback: () => void) => void;
}

const security = (): SebSecurity | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as { SafeExamBrowser?: { security?: SebSecurity } }).SafeExamBrowser?.security;

/** Whether the page runs inside Safe Exam Browser (its JavaScript API is present). */
export const inSafeExamBrowser = () => security() !== undefined;

/** The page's URL as SEB hashes it: without the fragment. */
const pageUrl = () => window.location.href.split('#')[0];
/** SEB computes its keys for the URL the page was loaded with, until updateKeys is called. */
let keysFor: string | undefined = typeof window === 'undefined' ? undefined : pageUrl();

/** Asks SEB to compute its keys for the current page (a single-page app changes its URL without loading). */
export function refreshSebKeys(): Promise<void> {
  const s = security();
  if (!s?.updateKeys) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    s.updateKeys!(() => {
      clearTimeout(timer);
      keysFor = pageUrl();
      resolve();
    });
  });
}

/** Adds SEB's values and the page URL they were computed for, when running inside SEB. */
export function addSebHeaders(headers: Headers): void {
  const s = security();
  if (!s?.configKey) return;
  headers.set('X-SEB-Page-URL', keysFor ?? pageUrl());
  headers.set('X-SEB-Config-Key', s.configKey);
  if (s.browserExamKey) headers.set('X-SEB-Browser-Exam-Key', s.browserExamKey);
}
