import CheckCircle from '@mui/icons-material/CheckCircle';
import EventAvailable from '@mui/icons-material/EventAvailable';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardStat } from '@aleph/contracts';
import { FeatureGate } from '../../lib/feature-gate';
import { WidgetCard } from './widget-card';

const ROWS = [
  { key: 'daily', label: 'Daily mission' },
  { key: 'seal', label: 'Hunt Seal' },
] as const;

function Status({ done }: { done: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', color: done ? 'success.light' : 'secondary.main' }}
    >
      {done ? (
        <CheckCircle fontSize="small" aria-hidden />
      ) : (
        <RadioButtonUnchecked fontSize="small" aria-hidden />
      )}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {done ? 'Done today' : 'Available'}
      </Typography>
    </Stack>
  );
}

/** Whether today's (UTC) Daily Reward and Hunt Seal missions were already started. */
export function DailyMissionsWidget({ daily }: { daily: DashboardStat['daily'] }) {
  return (
    <WidgetCard
      title="Daily Missions status"
      icon={<EventAvailable color="secondary" aria-hidden />}
    >
      <FeatureGate flag="profileLevel2">
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {ROWS.map(({ key, label }) => (
            <Box
              key={key}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 2,
                p: 1,
                borderRadius: 1,
                bgcolor: 'rgba(255,255,255,0.04)',
              }}
            >
              <Typography component="dt">{label}</Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Status done={daily[key]} />
              </Box>
            </Box>
          ))}
        </Box>
      </FeatureGate>
    </WidgetCard>
  );
}
