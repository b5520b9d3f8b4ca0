import path from 'node:path';

/** Where expectAccessible claims the screens scanned in this run of the suite (emptied by the e2e global setup). */
export const AXE_CLAIMS = path.resolve('test-results/axe-scanned');
