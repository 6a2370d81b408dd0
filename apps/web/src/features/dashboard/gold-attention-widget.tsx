import { Link as RouterLink } from 'react-router';
import Paid from '@mui/icons-material/Paid';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DashboardStat } from '@aleph/contracts';
import { goldAttention, goldAttentionLevel, type AttentionLevel } from '@aleph/rules';
import { FeatureGate } from '../../lib/feature-gate';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { WidgetCard, WidgetNote } from './widget-card';

/** Colour plus a word, so the warning does not rest on colour alone. */
const LEVELS: Record<AttentionLevel, { color: string; note: string }> = {
  full: { color: 'error.main', note: 'Full' },
  high: { color: 'secondary.main', note: 'Almost full' },
  normal: { color: 'text.primary', note: '' },
};

function GoldRows({ gold }: { gold: DashboardStat['gold'] }) {
  const rows = goldAttention(gold);
  if (rows.length === 0) return <WidgetNote>No gold status data received</WidgetNote>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
      {rows.map((row) => {
        const level = goldAttentionLevel(row.leftover, row.cap);
        const { color, note } = LEVELS[level];
        return (
          <Box
            component="li"
            key={row.landid}
            data-level={level}
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              gap: 1,
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Link component={RouterLink} to={`/lands/${row.landid}`} color="primary">
              {landLabel(row)}
            </Link>
            <Typography
              component="span"
              variant="body2"
              sx={{ ml: 'auto', color, fontWeight: level === 'normal' ? 400 : 700 }}
            >
              {formatNumber(row.leftover)} / {formatNumber(row.cap)}
              {note && ` · ${note}`}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The ten fullest lands without a running mission: the ones to claim gold on first. */
export function GoldAttentionWidget({ gold }: { gold: DashboardStat['gold'] }) {
  return (
    <WidgetCard title="Gold production attention" icon={<Paid color="secondary" aria-hidden />}>
      <FeatureGate flag="profileLevel2">
        <GoldRows gold={gold} />
      </FeatureGate>
    </WidgetCard>
  );
}
