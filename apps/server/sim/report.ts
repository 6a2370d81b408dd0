import type { PlayerResult } from './run.js';
import { median, TARGETS } from './targets.js';

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

/** The targets with each seed's figure and the median, as text and as Markdown. */
export function balanceFigures(
  runs: PlayerResult[][],
  seeds: number[],
  days: number,
): { text: string; markdown: string } {
  const show = (v: number | null, unit: string) => {
    if (v === null) return unit === 'day' ? 'never' : '-';
    if (unit === 'day') return `day ${v.toFixed(1)}`;
    if (unit === 'days of income') return `${v.toFixed(1)} days`;
    if (unit === 'percent') return `${v.toFixed(0)} %`;
    if (unit === 'minutes') return `${v.toFixed(0)} min`;
    return String(Math.round(v * 10) / 10);
  };
  const rows: string[][] = [];
  for (const target of TARGETS) {
    const figures = runs.map((results) => {
      const r = results.find((x) => x.kind === target.kind);
      return r ? target.figure(r) : undefined;
    });
    if (figures.some((f) => f === undefined)) continue;
    const values = figures as Array<number | null>;
    const m = median(values);
    rows.push([
      target.kind,
      target.text,
      show(m, target.unit),
      target.meets(m) ? 'met' : '**missed**',
      values.map((v) => show(v, target.unit)).join(' / '),
    ]);
  }
  const header = ['player', 'target', `median of ${seeds.length}`, '', `seeds ${seeds.join(', ')}`];
  const markdown = [
    `${days} days, seeds ${seeds.join(', ')}, \`npm run simulate -- --days=${days} --seeds=${seeds.join(',')} --write\`.`,
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...sourceLines(runs),
  ].join('\n');
  const text = rows.map((r) => r.join('  ')).join('\n');
  return { text, markdown };
}

/** Per player, where the XP came from (the seeds' median) and the refusals met. */
function sourceLines(runs: PlayerResult[][]): string[] {
  const kinds = runs[0]?.map((r) => r.kind) ?? [];
  return kinds.map((kind) => {
    const results = runs.map((rs) => rs.find((r) => r.kind === kind)!);
    const xp = new Map<string, number[]>();
    for (const r of results)
      for (const x of r.xpBySource) xp.set(x.cause, [...(xp.get(x.cause) ?? []), x.amount]);
    const sources = [...xp]
      .map(
        ([c, v]) => [c, median([...v, ...Array(results.length - v.length).fill(0)]) ?? 0] as const,
      )
      .sort((a, b) => b[1] - a[1])
      .map(([c, v]) => `${c} ${fmt(v)}`)
      .join(', ');
    const refusals = results.reduce((n, r) => n + r.refusals.length, 0);
    return `- ${kind}: XP by source (median) ${sources}; refusals over all seeds: ${refusals}.`;
  });
}
