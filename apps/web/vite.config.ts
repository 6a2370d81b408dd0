/// <reference types="vitest/config" />
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { installableApp } from './src/pwa/build-plugin.js';
import {
  API_DOCS_PATH,
  API_PREFIXES,
  EVENTS_PATH,
  HEALTH_PATH,
} from '../../packages/contracts/src/prefixes.js';

// The API prefixes, the push stream and the API reference the dev server proxies to the API,
// from the contracts (the file on its own: the config is loaded before any package is built).
const PROXIED = [...Object.values(API_PREFIXES), HEALTH_PATH, EVENTS_PATH, API_DOCS_PATH];
const API_TARGET = process.env.ALEPH_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), installableApp()],
  resolve: {
    // Workspace packages export their TypeScript sources under the 'source' condition.
    conditions: ['source', ...defaultClientConditions],
  },
  // The build's prerender of /login (scripts/prerender.mjs) renders the app in Node.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @aleph/contracts builds TypeBox schemas at module level for the server; the web app
        // imports its types and a few constants. Treating the contracts and TypeBox as free of
        // side effects (and the `Type.*` schema builders as pure) keeps TypeBox out of the
        // browser bundle. @aleph/rules is pure by design (docs/architecture.md), so importing one
        // formatter must not bring the whole rule book along.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]typebox[\\/]/, sideEffects: false },
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]packages[\\/]rules[\\/]src[\\/]/, sideEffects: false },
        ],
        manualPureFunctions: ['Type'],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The login card's MUI parts (fields, icon button, link, paper, icons), with the MUI
              // core they pull in, react-router and react-redux, in one chunk rather than about
              // fifteen small shared ones: gzip packs one file much better than many, which made
              // 6 KB of room in the login page's budget (docs/performance.md, "Web app"). Every
              // signed-in page loads these anyway, with the frame (signed-in-shell.tsx).
              name: 'ui-kit',
              test: /[\\/](@mui[\\/]material[\\/](InputBase|OutlinedInput|FormControl|FormLabel|InputLabel|FormHelperText|IconButton|Link|Paper|SvgIcon|InputAdornment|utils[\\/]createSvgIcon)|react-router|react-redux)[\\/.]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Whole path segments only: '/market' must not swallow the SPA's '/marketplace'.
    proxy: Object.fromEntries(
      PROXIED.map((prefix) => [`^${prefix}(?:[/?]|$)`, { target: API_TARGET }]),
    ),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Screen tests render MUI in jsdom and click through forms: 1 to 3 s each on a 2-core
    // machine, more while two files run at once. They wait on state; this bound only keeps a
    // busy machine from failing them (the default is 5 s).
    testTimeout: 20_000,
    // As many files at once as the machine has cores; Vitest's default is one fewer (decision
    // 0016). Each file keeps its own modules: screens test their lazy chunks' fallbacks.
    maxWorkers: '100%',
  },
});
