import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { WorldStats } from '@aleph/contracts';
import { CONTINENT_NAMES, ELEMENT_NAMES, RARITY_NAMES, TERRAIN_NAMES } from '@aleph/rules';
import { DetailList } from '../../lib/detail-list';
import { ELEMENT_COLORS } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';

const CHART_HEIGHT = 260;

/** A chart with its title, and the same numbers as text for those who cannot see the chart. */
function ChartCard(props: { title: string; chart: ReactNode; numbers: [string, number][] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={props.title} sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {props.title}
      </Typography>
      {props.chart}
      <DetailList details={props.numbers.map(([term, n]) => ({ term, value: formatNumber(n) }))} />
    </Paper>
  );
}

export function LandsChart({ stats }: { stats: WorldStats }) {
  return (
    <ChartCard
      title="Lands by continent and terrain"
      chart={
        <BarChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: [...TERRAIN_NAMES] }]}
          series={CONTINENT_NAMES.map((name, c) => ({
            label: name,
            data: stats.landsByTerrain[c] ?? [],
          }))}
          colors={['#ff9800', '#90caf9']}
        />
      }
      numbers={CONTINENT_NAMES.map((name, c) => [
        name,
        (stats.landsByTerrain[c] ?? []).reduce((a, b) => a + b, 0),
      ])}
    />
  );
}

export function HeroesChart({ stats }: { stats: WorldStats }) {
  return (
    <ChartCard
      title="Heroes by rarity"
      chart={
        <BarChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: [...RARITY_NAMES] }]}
          series={[{ label: 'Heroes', data: stats.heroesByRarity }]}
          colors={['#cfd8dc']}
          hideLegend
        />
      }
      numbers={RARITY_NAMES.map((name, r) => [name, stats.heroesByRarity[r] ?? 0])}
    />
  );
}

export function VaultsChart({ stats }: { stats: WorldStats }) {
  return (
    <ChartCard
      title="Elementals in vaults"
      chart={
        <PieChart
          height={CHART_HEIGHT}
          series={[
            {
              innerRadius: 50,
              data: ELEMENT_NAMES.map((name, e) => ({
                id: e,
                label: name,
                value: stats.elementalsInVaults[e] ?? 0,
                color: ELEMENT_COLORS[e],
              })),
            },
          ]}
        />
      }
      numbers={ELEMENT_NAMES.map((name, e) => [name, stats.elementalsInVaults[e] ?? 0])}
    />
  );
}
