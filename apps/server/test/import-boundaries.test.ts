import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
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
      "export { signedOut } from '../app/auth-slice';",
    ],
    [
      'web api importing a feature',
      'apps/web/src/api/probe.ts',
      "export { DashboardPage } from '../features/dashboard/dashboard-page';",
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
