import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { balanceFigures, printPlayer } from './report.js';
import { PLAYER_KINDS, simulate, type PlayerResult } from './run.js';

/**
 * `npm run simulate -- --days=90 --players=active,casual --seeds=1,2,3,4,5 [--write]` plays
 * the game through the real server once per seed and prints what each kind of player reached,
 * then the targets of docs/game-balance.md with the median over the seeds. `--write` replaces
 * the figures section of docs/game-balance.md with them. `--seed=N` is one seed.
 */
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'] as const;
  }),
);
const days = Number(args.get('days') ?? 90);
const seeds = (args.get('seeds') ?? args.get('seed') ?? '1').split(',').map(Number);
const names = (args.get('players') ?? 'active,casual').split(',');
const kinds = names.map((n) => {
  const kind = PLAYER_KINDS[n];
  if (!kind)
    throw new Error(`unknown player kind '${n}' (known: ${Object.keys(PLAYER_KINDS).join(', ')})`);
  return kind;
});

const started = Date.now();
const runs: PlayerResult[][] = [];
for (const seed of seeds) {
  const seedStarted = Date.now();
  const results = await simulate({
    days,
    kinds,
    seed,
    onDay: (d) => {
      if (d % 10 === 0)
        console.info(
          `seed ${seed}: day ${d} (${((Date.now() - seedStarted) / 1000).toFixed(0)} s)`,
        );
    },
  });
  for (const r of results) console.info(printPlayer(r) + '\n');
  console.info(`seed ${seed}, ${days} days, ${((Date.now() - seedStarted) / 1000).toFixed(0)} s\n`);
  runs.push(results);
}
const figures = balanceFigures(runs, seeds, days);
console.info(figures.text);
console.info(`${seeds.length} seed(s), ${((Date.now() - started) / 1000).toFixed(0)} s`);

if (args.get('write') === 'true') {
  const doc = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../docs/game-balance.md',
  );
  const text = readFileSync(doc, 'utf8');
  const begin = '<!-- simulator figures: begin -->';
  const end = '<!-- simulator figures: end -->';
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${doc} has no figures section (${begin} ... ${end})`);
  writeFileSync(
    doc,
    text.slice(0, from + begin.length) + '\n\n' + figures.markdown + '\n' + text.slice(to),
  );
  console.info(`wrote the figures to ${doc}`);
}
