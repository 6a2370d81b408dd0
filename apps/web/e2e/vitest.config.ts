import { defineConfig } from 'vitest/config';

/** Browser journeys: Chromium against the built app and the built server, one file at a time. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
