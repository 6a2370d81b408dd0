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
      'a shared server layer importing a domain module',
      'apps/server/src/modules/game/probe.ts',
      "export { settlePlayerDue } from '../missions/settle.js';",
    ],
    [
      'server lib importing a domain module',
      'apps/server/src/lib/probe.ts',
      "export { authOf } from '../modules/auth/guard.js';",
    ],
    [
      'server db importing a domain module',
      'apps/server/src/db/probe.ts',
      "export { startLevelUp } from '../modules/workflows/service.js';",
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
      "export { isApiPath } from '../../../server/src/modules/prefixes.js';",
    ],
    [
      'rules importing an app',
      'packages/rules/src/probe.ts',
      "export { isApiPath } from '../../../apps/server/src/modules/prefixes.js';",
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
      'apps/server/src/modules/game/land-row.ts',
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
      'a domain module using the shared game layer',
      'apps/server/src/modules/lands/probe.ts',
      "export { loadLand } from '../game/state.js';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await ruleIdsFor(path, code)).toEqual([]);
  });
});

/**
 * The web app's import graph, `import type` included: `import-x/no-cycle` skips type-only
 * imports, so this check finds the cycles they close. Tests are left out (nothing imports a
 * test); `probes` replace or add files, by path from the repository root.
 */
const webSrc = 'apps/web/src/';

function webImportGraph(probes: Record<string, string> = {}): Map<string, string[]> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(`${root}${webSrc}`, { recursive: true, withFileTypes: true })) {
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

describe('web import graph, type-only imports included', () => {
  it('has no cycle', () => {
    expect(findCycle(webImportGraph())).toBeNull();
  });

  it('refuses a type-only import that closes a cycle', () => {
    // api.ts imports api-slot.ts: api-slot.ts taking a type from it closes a cycle.
    const slot = `${webSrc}api/api-slot.ts`;
    const probe = `${readFileSync(`${root}${slot}`, 'utf8')}\nimport type { api } from './api';\n`;
    expect(findCycle(webImportGraph({ [slot]: probe }))).toEqual([slot, `${webSrc}api/api.ts`]);
  });
});
