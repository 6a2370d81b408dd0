import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cellElement, cellTerrain } from '@aleph/contracts';
import { formatDuration, TERRAIN_NAMES } from '@aleph/rules';
import { elementLabel } from '../../lib/element-visuals';
import { DetailList, type Detail } from '../../lib/detail-list';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useGetMapPlotQuery } from './map-endpoints';

export interface PlotInfo {
  continent: number;
  continentName: string;
  x: number;
  y: number;
  /** The map's cell: 0 free, else terrain and element packed (map-codec). */
  cell: number;
  /** The player's land on this plot, if any. */
  own: { landid: number; name: string } | null;
  /** Travel from the picked hero's residence. */
  travel: { hero: string; minutes: number } | null;
}

/** What the pointer (or the keyboard's cross) is on: read out as it changes. */
export function PlotCard({ plot, onOwner }: { plot: PlotInfo | null; onOwner(id: number): void }) {
  // The owner is asked for once the pointer rests, not for every plot it crosses.
  const settled = useDebouncedValue(plot, 150);
  const ask = settled && settled.cell !== 0 && !settled.own ? settled : null;
  const { currentData: owner } = useGetMapPlotQuery(
    { continent: ask?.continent ?? 0, x: ask?.x ?? 0, y: ask?.y ?? 0 },
    { skip: ask === null },
  );
  const sameOwner = owner && plot && owner.x === plot.x && owner.y === plot.y ? owner : null;

  let body;
  if (!plot) {
    body = <Typography sx={{ color: 'text.secondary' }}>Point at a plot to see it.</Typography>;
  } else {
    const details: Detail[] = [{ term: 'Continent', value: plot.continentName }];
    if (plot.cell !== 0) {
      details.push({ term: 'Terrain', value: TERRAIN_NAMES[cellTerrain(plot.cell)] ?? '' });
      details.push({ term: 'Element', value: elementLabel(cellElement(plot.cell)) });
      details.push({
        term: 'Owner',
        value: plot.own ? 'You' : (sameOwner?.owner.nickname ?? 'Loading...'),
      });
    } else {
      details.push({ term: 'Owner', value: 'Free plot' });
    }
    if (plot.travel)
      details.push({
        term: `Travel for ${plot.travel.hero}`,
        value: formatDuration(plot.travel.minutes),
      });
    body = (
      <Stack spacing={1.5}>
        <DetailList details={details} />
        {plot.own && (
          <Link component={RouterLink} to={`/lands/${plot.own.landid}`}>
            Open {plot.own.name}
          </Link>
        )}
        {!plot.own && sameOwner && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => onOwner(sameOwner.owner.profileid)}
            sx={{ alignSelf: 'flex-start' }}
          >
            View {sameOwner.owner.nickname}&apos;s profile
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: 2 }}
      aria-live="polite"
      aria-label="Plot"
    >
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {plot ? `Plot ${plot.x}, ${plot.y}` : 'Plot'}
      </Typography>
      {body}
    </Paper>
  );
}
