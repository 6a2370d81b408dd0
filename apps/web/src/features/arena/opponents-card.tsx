import { useState } from 'react';
import SportsKabaddi from '@mui/icons-material/SportsKabaddi';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ArenaOpponent, ArenaStatus } from '@aleph/contracts';
import { formatMessageDate } from '@aleph/rules';
import { SectionCard } from '../../lib/section-card';
import { elementLabel } from '../../lib/element-visuals';
import { useGetOpponentsQuery } from './arena-endpoints';
import { AttackDialog } from './attack-dialog';

/** Five players near the caller's rating, each with an Attack button while attacks are left. */
export function OpponentsCard({ status }: { status: ArenaStatus }) {
  const { data, isLoading } = useGetOpponentsQuery();
  const [target, setTarget] = useState<ArenaOpponent | null>(null);
  const none = status.attacksLeft === 0;
  return (
    <SectionCard title="Opponents" icon={<SportsKabaddi color="secondary" aria-hidden />}>
      <Typography variant="body2">
        Rating <b>{status.rating}</b> · attacks left today: <b>{status.attacksLeft}</b> of{' '}
        {status.attacksPerDay}
      </Typography>
      {none && (
        <Alert severity="info">
          No attacks left today. The next open at{' '}
          {formatMessageDate(Date.parse(status.nextAttacksAt))} UTC.
        </Alert>
      )}
      {isLoading && <Typography role="status">Loading...</Typography>}
      {data && data.length === 0 && <Typography>No opponents yet.</Typography>}
      <List dense disablePadding>
        {(data ?? []).map((o) => (
          <ListItem
            key={o.profileId}
            divider
            disableGutters
            secondaryAction={
              <Button
                size="small"
                variant="outlined"
                color="secondary"
                disabled={none}
                onClick={() => setTarget(o)}
                aria-label={`Attack ${o.nickname}`}
              >
                Attack
              </Button>
            }
            sx={{ pr: 11 }}
          >
            <ListItemText
              primary={`${o.nickname} · rating ${o.rating}`}
              secondary={`Level ${o.level} · ${o.defence.map((h) => `${h.name} (${elementLabel(h.element)})`).join(', ')}`}
            />
          </ListItem>
        ))}
      </List>
      <AttackDialog opponent={target} onClose={() => setTarget(null)} />
    </SectionCard>
  );
}
