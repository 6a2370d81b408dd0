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
  {
    target: ['./apps/server/src/lib', './apps/server/src/db', './apps/server/src/modules/game'],
    from: './apps/server/src/modules',
    except: ['./game', './prefixes.ts'],
    message: 'Shared server layers never import a domain module (docs/architecture.md).',
  },
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
      // Type-only imports are erased at build time and are not counted as a cycle.
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
);
