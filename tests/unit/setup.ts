import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The same relative base as .env.development; happy-dom resolves it against its page address.
vi.stubEnv('VITE_API_URL', '/api');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
