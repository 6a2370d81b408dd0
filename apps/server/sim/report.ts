import type { PlayerResult } from './run.js';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const dayText = (d: number | null | undefined) =>
  d === null || d === undefined ? 'never' : d.toFixed(1);

/** One player's figures as plain-text tables (what `npm run simulate` prints). */
export function printPlayer(r: PlayerResult): string {
  const lines: string[] = [];
  lines.push(`== ${r.kind} (${r.requests} requests)`);
  const f = r.firstSession;
  lines.push(
    `first session: ${f.finishedIn15} missions finished in 15 min, ${f.finishedIn60} in 60 min, ` +
      `first after ${f.firstFinishedMinutes === null ? 'none' : `${f.firstFinishedMinutes.toFixed(0)} min`}; ` +
      `level ${f.levelAt60} with ${fmt(f.xpAt60)} XP after 60 min`,
  );
  lines.push(
    'day   level        xp  lands heroes towers(sum/max)      gold  gold spent  gold earned',
  );
  for (const s of r.snapshots) {
    lines.push(
      `${String(s.day).padStart(3)} ${String(s.level).padStart(7)} ${fmt(s.xp).padStart(9)} ${String(s.lands).padStart(6)} ` +
        `${String(s.heroes).padStart(6)} ${`${s.towerLevels}/${s.towerMax}`.padStart(15)} ${fmt(s.gold).padStart(9)} ` +
        `${fmt(s.goldSpent).padStart(11)} ${fmt(s.goldEarned).padStart(12)}`,
    );
  }
  lines.push(
    'level reached on day: ' +
      r.levelDays
        .map((d, level) => (level === 0 ? null : `${level}: ${dayText(d)}`))
        .filter(Boolean)
        .join(', '),
  );
  lines.push(`heroes busy: ${(r.busy * 100).toFixed(0)} % of their time`);
  lines.push('XP by source: ' + r.xpBySource.map((x) => `${x.cause} ${fmt(x.amount)}`).join(', '));
  lines.push(
    'gold by source: ' + r.goldBySource.map((x) => `${x.cause} ${fmt(x.amount)}`).join(', '),
  );
  lines.push(
    'gold by sink: ' +
      (r.goldBySink.map((x) => `${x.cause} ${fmt(x.amount)}`).join(', ') || 'none'),
  );
  const codes = new Map<string, number>();
  for (const x of r.refusals) codes.set(x.code, (codes.get(x.code) ?? 0) + 1);
  lines.push('refusals: ' + ([...codes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'));
  for (const x of r.refusals.slice(0, 5))
    lines.push(`  ${new Date(x.at).toISOString()} ${x.url} ${x.status} ${x.code}: ${x.message}`);
  return lines.join('\n');
}
