import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on a two-core machine (Vitest's default is one fewer worker than
    // cores), and the files of a worker share its imported modules instead of importing the app
    // again for each (decision 0016): state a module keeps is per database or per process.
    maxWorkers: '100%',
    isolate: false,
  },
});
