import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';

// The same relative base as .env.development; happy-dom resolves it against its page address.
vi.stubEnv('VITE_API_URL', '/api');

// Files that run in Node (`@vitest-environment node`: server code and the shared schemas) have no
// page to clean up, and skip loading React Testing Library.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy*/waitFor give up after 1 s by default. The first render of a react-admin screen takes
  // about that long on a busy 2-core machine with two test files running at once, so they wait up
  // to 5 s for what the test expects. What is checked is unchanged; a failing test fails later.
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
