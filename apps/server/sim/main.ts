import { printPlayer } from './report.js';
import { PLAYER_KINDS, simulate } from './run.js';

/**
 * `npm run simulate -- --days=90 --players=active,casual --seed=1` plays the game through the
 * real server and prints what each kind of player reached (docs/game-balance.md).
 */
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'] as const;
  }),
);
const days = Number(args.get('days') ?? 90);
const seed = Number(args.get('seed') ?? 1);
const names = (args.get('players') ?? 'active,casual').split(',');
const kinds = names.map((n) => {
  const kind = PLAYER_KINDS[n];
  if (!kind)
    throw new Error(`unknown player kind '${n}' (known: ${Object.keys(PLAYER_KINDS).join(', ')})`);
  return kind;
});

const started = Date.now();
const results = await simulate({
  days,
  kinds,
  seed,
  onDay: (d) => {
    if (d % 10 === 0) console.info(`day ${d} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  },
});
for (const r of results) console.info(printPlayer(r) + '\n');
console.info(`seed ${seed}, ${days} days, ${((Date.now() - started) / 1000).toFixed(0)} s`);
