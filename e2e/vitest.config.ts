import { defineConfig } from 'vitest/config';

const repoRoot = new URL('..', import.meta.url).pathname;

/** Browser tests: one real server (global setup), Debian's Chromium, one file at a time. */
export default defineConfig({
  root: repoRoot,
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
