import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Import boundaries as docs/architecture.md states them. Paths are relative to this file.
const root = fileURLToPath(new URL('.', import.meta.url));
const webFeatures = readdirSync(`${root}apps/web/src/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The server's layers, bottom up (docs/architecture.md): what each may import of
// apps/server/src besides itself. Nothing lists seed/, cli/ or the start-up files, so only those
// import them; the start-up files, seed/ and cli/ may import anything.
const server = './apps/server/src';
const serverDomains = readdirSync(`${root}apps/server/src/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const config = ['./config.ts', './boot-settings.ts', './config-checks.ts', './web-push-config.ts'];
// The real, one-way dependencies between domains; anything else they share goes to core.
const domainAllowList = {
  // A UNIQUE mission joins its unique event when it starts, in the start's transaction.
  missions: ['./modules/unique/join.ts'],
  // The public profile shows the achievement badges that the records domain reads.
  profile: ['./modules/records/achievements.ts'],
  // The push hub closes the streams of the sessions that auth ends.
  events: ['./modules/auth/sessions.ts'],
  // A push device is labelled as the sessions list labels a sign-in's device.
  push: ['./modules/auth/user-agent.ts'],
};

function serverLayerZones() {
  const layer = (target, allowed, message) => ({
    target: `${server}/${target.slice(2)}`,
    from: server,
    except: [...new Set([target, ...allowed])],
    message: `${message} (docs/architecture.md).`,
  });
  return [
    layer('./db', [], 'db is the ground floor: it imports nothing of the server'),
    layer('./lib', ['./db'], 'lib imports only db'),
    ...config.map((file) => layer(file, ['./lib', ...config], 'The config imports only lib')),
    layer('./core', ['./lib', './db', './config.ts'], 'core is below every domain'),
    ...serverDomains.map((d) =>
      layer(
        `./modules/${d}`,
        ['./core', './lib', './db', './config.ts', ...(domainAllowList[d] ?? [])],
        'A domain imports core, lib and db, never another domain or a layer above',
      ),
    ),
    ...['./http', './jobs'].map((dir) =>
      layer(
        dir,
        ['./modules', './core', './lib', './db', ...config],
        `${dir.slice(2)} composes domains`,
      ),
    ),
    layer(
      './metrics',
      ['./jobs', './modules', './core', './lib', './db', ...config],
      'metrics observes from above',
    ),
    layer(
      './app.ts',
      ['./http', './metrics', './modules', './core', './lib', './db', ...config],
      'buildApp composes the layers; only the start-up and the CLI import seed',
    ),
  ];
}

const layerZones = [
  {
    target: ['./packages/rules', './packages/contracts'],
    from: './apps',
    message: 'The shared packages import nothing of the apps.',
  },
  {
    target: './packages/rules',
    from: './packages/contracts',
    message: 'Rules are below contracts: contracts import rules, never the reverse.',
  },
  {
    target: './apps/web',
    from: './apps/server/src',
    message: 'The web app never imports the server.',
  },
  {
    target: './apps/server',
    from: './apps/web/src',
    message: 'The server never imports the web app.',
  },
  ...serverLayerZones(),
  {
    target: ['./apps/web/src/lib', './apps/web/src/api'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib and api never import features or app (docs/architecture.md).',
  },
  {
    target: './apps/web/src/api',
    from: './apps/web/src/lib',
    message: 'lib may use api, never the reverse: api imports no lib (docs/architecture.md).',
  },
  ...webFeatures.map((f) => ({
    target: `./apps/web/src/features/${f}`,
    from: './apps/web/src/features',
    except: [`./${f}`],
    message: 'Features never import each other; share through src/lib (docs/architecture.md).',
  })),
];

// The app layer composes features; a feature never imports it. Its tests may (as the app shows
// the feature): nothing imports a test, so a test adds no arrow to the import graph.
const webFeatureZones = [
  ...layerZones,
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features never import the app layer; the app imports them (docs/architecture.md).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            `${root}packages/rules/tsconfig.json`,
            `${root}packages/contracts/tsconfig.json`,
            `${root}apps/server/tsconfig.json`,
            `${root}apps/web/tsconfig.json`,
          ],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webFeatureZones }],
    },
  },
  {
    // Nothing imports a test, so tests cannot close a cycle: checking them would only cost time.
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // It skips type-only imports: the boundaries test reads the import graph with them
      // (apps/server/test/import-boundaries.test.ts) and refuses their cycles too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The web app and the server never import each other (docs/architecture.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@aleph/server'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/rules/src/**/*.ts'],
    rules: {
      // Rules are pure: now and the random source are arguments.
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pass a seeded rng instead.' },
        { object: 'Date', property: 'now', message: 'Pass now as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Pass now as an argument.',
        },
      ],
    },
  },
  {
    // The server reads time through the injected clock (src/lib/clock.ts, whose systemClock is
    // the one reader of the wall clock), so tests and the simulator can move it. Elapsed time is
    // performance.now(); a real time the clock must not move (a metric's Unix time) says why.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/clock.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take now from the injected clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Take now from the injected clock.',
        },
      ],
    },
  },
);
