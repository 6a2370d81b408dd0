import { Link as RouterLink } from 'react-router';
import Campaign from '@mui/icons-material/Campaign';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { DashboardStat } from '@aleph/contracts';
import { GAME_CONFIG } from '@aleph/rules';
import { WidgetCard, WidgetNote } from './widget-card';

/** The first five announcements, each leading to the inbox. */
export function AnnouncementsWidget({ announces }: { announces: DashboardStat['announces'] }) {
  const shown = announces.slice(0, GAME_CONFIG.dashboard.announcements);
  return (
    <WidgetCard title="Announcements" icon={<Campaign color="secondary" aria-hidden />}>
      {shown.length === 0 ? (
        // Spelling as designed (docs/screens.md, Dashboard).
        <WidgetNote>No nnouncements received</WidgetNote>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
          {shown.map((announce) => (
            <li key={announce.messageid}>
              <Link component={RouterLink} to="/messages" sx={{ overflowWrap: 'anywhere' }}>
                {announce.message}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </WidgetCard>
  );
}
