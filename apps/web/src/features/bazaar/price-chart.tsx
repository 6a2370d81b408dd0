import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import Box from '@mui/material/Box';
import type { PriceHistory } from '@aleph/contracts';

/** 'Nov 21' from '2026-11-21' (UTC days, as the server counts them). */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The median sale price per day, and below it the number of sales per day, over the same days.
 * Loaded on its own (the page imports it lazily): the charts library is large and only this
 * part of the listing's page needs it.
 */
export function PriceChart({ history }: { history: PriceHistory }) {
  const days = history.days.map((d) => dayLabel(d.day));
  return (
    <Box aria-hidden sx={{ minWidth: 0 }}>
      {/* Hidden from assistive technology (the page states the figures in words), so the chart
          must hold no focusable part either. */}
      <LineChart
        height={220}
        disableKeyboardNavigation
        skipAnimation
        xAxis={[{ scaleType: 'point', data: days }]}
        yAxis={[{ width: 64 }]}
        series={[
          {
            label: `Median price (${history.currency})`,
            data: history.days.map((d) => d.median),
            connectNulls: true,
          },
        ]}
        colors={['#ff9800']}
        hideLegend
      />
      <BarChart
        height={140}
        disableKeyboardNavigation
        skipAnimation
        xAxis={[{ scaleType: 'band', data: days }]}
        yAxis={[{ width: 64 }]}
        series={[{ label: 'Sales', data: history.days.map((d) => d.volume) }]}
        colors={['#cfd8dc']}
        hideLegend
      />
    </Box>
  );
}
