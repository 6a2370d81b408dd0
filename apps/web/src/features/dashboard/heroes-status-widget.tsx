import Groups from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DashboardStat } from '@aleph/contracts';
import { WidgetCard, WidgetNote } from './widget-card';

const COUNTS = [
  { key: 'busy', label: 'Busy' },
  { key: 'idle', label: 'Idle' },
  { key: 'noResidence', label: 'No residence' },
] as const;

/** Busy, Idle and No residence counts of the player's heroes. */
export function HeroesStatusWidget({ heroes }: { heroes: DashboardStat['heroes'] | undefined }) {
  const data = heroes?.ok ? heroes.data : undefined;
  return (
    <WidgetCard title="Heroes status" icon={<Groups color="secondary" aria-hidden />}>
      {data ? (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}
        >
          {COUNTS.map(({ key, label }) => (
            <Box
              key={key}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                p: 1,
                borderRadius: 1,
                bgcolor: 'rgba(255,255,255,0.04)',
              }}
            >
              <Typography
                component="dt"
                variant="body2"
                sx={{ color: 'text.secondary', textAlign: 'center', lineHeight: 1.3 }}
              >
                {label}
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 700, order: -1 }}>
                {data[key]}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <WidgetNote>No hero status data received</WidgetNote>
      )}
    </WidgetCard>
  );
}
