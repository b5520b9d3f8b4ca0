import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { faceAssets } from './scripts/faceAssets';
import { woff2Only } from './scripts/woff2Only';

/**
 * Test files run in this many processes at once (the unit and API projects; e2e runs two files at
 * a time and cluster one). Vitest's own default for a run is one less than the cores, which on
 * a 2-core CI machine is a single process: half the machine idle while files spend most of their
 * time loading modules (unit) or waiting on the database (API). `--maxWorkers=N` still overrides it.
 */
const TEST_WORKERS = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  plugins: [react(), faceAssets(), woff2Only()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the module that turns its eval probe off share one chunk, so the setting runs
          // before any chunk creates a schema, however the other modules are split (the entry
          // chunk's own code runs only after the chunks it imports, which may create schemas).
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]config[\\/]zodJitless\.ts$/ }],
        },
      },
    },
  },
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // A file's first render loads MUI and react-admin: with two files at once on a busy
          // 2-core machine that alone can pass vitest's default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll() waits for a page as Playwright's own waits do: vitest's default of 1 s was
          // passed by a history page loading on a loaded 2-core machine (a failing poll still fails).
          expect: { poll: { timeout: 15_000 } },
          // Two files at once, each with its own server process (free port, fresh SQLite directory)
          // and its own Chromium: most of a file's time is waiting (on the page, on the one-minute
          // exam, on the fake camera's loop), not CPU, so two overlap well even on 2 cores
          // (docs/testing.md). Not more: the heaviest files render MUI screens for minutes.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/cluster/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
