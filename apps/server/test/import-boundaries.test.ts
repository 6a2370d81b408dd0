import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md, as `npm run lint` enforces them: each probe is a
 * one-line module placed where a developer might write it, linted with the repo's own config.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

describe('import boundaries', () => {
  it.each([
    [
      'a domain module importing another domain',
      'apps/server/src/modules/lands/probe.ts',
      "export { startMission } from '../missions/service.js';",
    ],
    [
      'a domain module importing a file of another domain off the allow-list',
      'apps/server/src/modules/missions/probe.ts',
      "export { addEntry } from '../unique/store.js';",
    ],
    [
      'a domain module importing the HTTP layer',
      'apps/server/src/modules/lands/probe.ts',
      "export { settleBeforeHandling } from '../../http/settle-first.js';",
    ],
    [
      'a domain module importing the demo seed',
      'apps/server/src/modules/world/probe.ts',
      "export { ensureDemoWorld } from '../../seed/demo.js';",
    ],
    [
      'server core importing a domain module',
      'apps/server/src/core/probe.ts',
      "export { settlePlayerDue } from '../modules/missions/settle.js';",
    ],
    [
      'server core importing the HTTP layer',
      'apps/server/src/core/probe.ts',
      "export { playerRoutes } from '../http/player-routes.js';",
    ],
    [
      'server lib importing a domain module',
      'apps/server/src/lib/probe.ts',
      "export { purgeExpired } from '../modules/auth/sessions.js';",
    ],
    [
      'server lib importing core',
      'apps/server/src/lib/probe.ts',
      "export { writeMessages } from '../core/inbox.js';",
    ],
    [
      'server lib importing the config',
      'apps/server/src/lib/probe.ts',
      "export { loadConfig } from '../config.js';",
    ],
    [
      'server db importing a domain module',
      'apps/server/src/db/probe.ts',
      "export { startLevelUp } from '../modules/workflows/service.js';",
    ],
    [
      'server db importing lib',
      'apps/server/src/db/probe.ts',
      "export { notFound } from '../lib/errors.js';",
    ],
    [
      'the server jobs importing the demo seed',
      'apps/server/src/jobs/probe.ts',
      "export { ensureDemoWorld } from '../seed/demo.js';",
    ],
    [
      'buildApp importing the demo seed',
      'apps/server/src/app.ts',
      "export { ensureDemoWorld } from './seed/demo.js';",
    ],
    [
      'a web feature importing another feature',
      'apps/web/src/features/dashboard/probe.tsx',
      "export { TopBoards } from '../boards/top-boards';",
    ],
    [
      'web lib importing the app layer',
      'apps/web/src/lib/probe.ts',
      "export { selectMode } from '../app/ui-slice';",
    ],
    [
      'web api importing a feature',
      'apps/web/src/api/probe.ts',
      "export { DashboardPage } from '../features/dashboard/dashboard-page';",
    ],
    [
      'a web feature importing the app layer',
      'apps/web/src/features/auth/probe.tsx',
      "export { useAppDispatch } from '../../app/hooks';",
    ],
    [
      'a web feature test fixture importing the app layer',
      'apps/web/src/features/dashboard/test-fixtures.tsx',
      "export { DashboardScreen } from '../../app/dashboard-screen';",
    ],
    [
      'web api importing lib',
      'apps/web/src/api/probe.ts',
      "export { formatNumber } from '../lib/format-number';",
    ],
    [
      'the web app importing server code',
      'apps/web/src/lib/probe.ts',
      "export { isApiPath } from '../../../server/src/lib/prefixes.js';",
    ],
    [
      'rules importing an app',
      'packages/rules/src/probe.ts',
      "export { isApiPath } from '../../../apps/server/src/lib/prefixes.js';",
    ],
    [
      'rules importing contracts',
      'packages/rules/src/probe.ts',
      "export { ErrorBody } from '../../contracts/src/index.js';",
    ],
  ])('refuses %s', async (_what, path, code) => {
    expect(await ruleIdsFor(path, code)).toContain(BOUNDARY);
  });

  it('refuses an import cycle', async () => {
    // land-query.ts imports land-row.ts: land-row.ts importing it back closes a cycle.
    const ids = await ruleIdsFor(
      'apps/server/src/core/land-row.ts',
      "export { queryLand } from './land-query.js';",
    );
    expect(ids).toContain(CYCLE);
  });

  it.each([
    [
      'the app layer composing features',
      'apps/web/src/app/probe.tsx',
      "export { TopBoards } from '../features/boards/top-boards';",
    ],
    [
      'web lib using the api',
      'apps/web/src/lib/probe.ts',
      "export { useGetFeaturesQuery } from '../api/profile-endpoints';",
    ],
    [
      'a web feature test rendering its feature as the app composes it',
      'apps/web/src/features/dashboard/probe.test.tsx',
      "export { DashboardScreen } from '../../app/dashboard-screen';",
    ],
    [
      'the HTTP layer using domain modules',
      'apps/server/src/http/probe.ts',
      "export { settlePlayerDue } from '../modules/missions/settle.js';",
    ],
    [
      'a domain module using core',
      'apps/server/src/modules/lands/probe.ts',
      "export { loadLand } from '../../core/state.js';",
    ],
    [
      'the missions domain joining a unique event (the allow-list)',
      'apps/server/src/modules/missions/probe.ts',
      "export { joinUniqueEvent } from '../unique/join.js';",
    ],
    [
      'the demo seed using domains',
      'apps/server/src/seed/probe.ts',
      "export { startMission } from '../modules/missions/service.js';",
    ],
    [
      'the CLI using the demo seed',
      'apps/server/src/cli/probe.ts',
      "export { ensureDemoWorld } from '../seed/demo.js';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await ruleIdsFor(path, code)).toEqual([]);
  });
});

describe('the wall clock on the server', () => {
  it.each([
    [
      'new Date() in a domain module',
      'apps/server/src/modules/lands/probe.ts',
      'export const at = new Date();',
      'no-restricted-syntax',
    ],
    [
      'Date.now() in core',
      'apps/server/src/core/probe.ts',
      'export const at = Date.now();',
      'no-restricted-properties',
    ],
    [
      'Date.now() in the demo seed',
      'apps/server/src/seed/probe.ts',
      'export const at = Date.now();',
      'no-restricted-properties',
    ],
  ])('refuses %s', async (_what, path, code, rule) => {
    expect(await ruleIdsFor(path, code)).toContain(rule);
  });

  it.each([
    [
      'a date of a given time',
      'apps/server/src/modules/lands/probe.ts',
      'export const at = new Date(0);',
    ],
    [
      'the injected clock reading it',
      'apps/server/src/lib/clock.ts',
      'export const now = () => new Date();',
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await ruleIdsFor(path, code)).toEqual([]);
  });
});

/**
 * The import graph of one source folder, `import type` included: `import-x/no-cycle` skips
 * type-only imports, so this check finds the cycles they close. Tests are left out (nothing
 * imports a test); `probes` replace or add files, by path from the repository root.
 */
const webSrc = 'apps/web/src/';
const serverSrc = 'apps/server/src/';
const sourceFolders = [webSrc, serverSrc, 'packages/rules/src/', 'packages/contracts/src/'];

function importGraph(src: string, probes: Record<string, string> = {}): Map<string, string[]> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(`${root}${src}`, { recursive: true, withFileTypes: true })) {
    const path = `${entry.parentPath}/${entry.name}`.slice(root.length);
    if (entry.isFile() && /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
      sources.set(path, readFileSync(`${root}${path}`, 'utf8'));
  }
  for (const [path, text] of Object.entries(probes)) sources.set(path, text);
  const resolve = (from: string, spec: string) => {
    const base = new URL(spec, `file:///${from}`).pathname.slice(1);
    return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base.replace(/\.js$/, '') + ext)
      .find((candidate) => sources.has(candidate));
  };
  const graph = new Map<string, string[]>();
  for (const [path, text] of sources) {
    const specs = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
    const files = specs.filter((spec) => spec.startsWith('.')).map((spec) => resolve(path, spec));
    graph.set(
      path,
      files.filter((file) => file !== undefined),
    );
  }
  return graph;
}

/** One cycle of the graph (its files in import order), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = stack.indexOf(file);
    if (at >= 0) return stack.slice(at);
    if (done.has(file)) return null;
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('import graphs, type-only imports included', () => {
  it.each(sourceFolders)('%s has no cycle', (src) => {
    expect(findCycle(importGraph(src))).toBeNull();
  });

  it('refuses a type-only import that closes a cycle in the web app', () => {
    // api.ts imports api-slot.ts: api-slot.ts taking a type from it closes a cycle.
    const slot = `${webSrc}api/api-slot.ts`;
    const probe = `${readFileSync(`${root}${slot}`, 'utf8')}\nimport type { api } from './api';\n`;
    // Where the search enters the cycle depends on the files' order: compared as a set.
    const cycle = findCycle(importGraph(webSrc, { [slot]: probe }));
    expect(cycle?.toSorted()).toEqual([`${webSrc}api/api-slot.ts`, `${webSrc}api/api.ts`]);
  });

  it('refuses a type-only import that closes a cycle in the server', () => {
    // land-query.ts imports land-row.ts: land-row.ts taking a type from it closes a cycle.
    const row = `${serverSrc}core/land-row.ts`;
    const probe = `${readFileSync(`${root}${row}`, 'utf8')}\nimport type { queryLand } from './land-query.js';\n`;
    const cycle = findCycle(importGraph(serverSrc, { [row]: probe }));
    expect(cycle?.toSorted()).toEqual([`${serverSrc}core/land-query.ts`, row]);
  });
});
