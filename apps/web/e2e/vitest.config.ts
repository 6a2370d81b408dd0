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
    // What a journey polls for comes from a server and a browser sharing two cores with the
    // build: a second (the default) is too short a bound under load, and a condition that
    // holds earlier ends the wait as soon as it does.
    expect: { poll: { timeout: 10_000 } },
  },
});
