import { useState } from 'react';
import SportsKabaddi from '@mui/icons-material/SportsKabaddi';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ArenaOpponent, ArenaStatus } from '@aleph/contracts';
import { ARENA_CONFIG, formatMessageDate } from '@aleph/rules';
import { SectionCard } from '../../lib/section-card';
import { elementLabel } from '../../lib/element-visuals';
import { useGetOpponentsQuery } from './arena-endpoints';
import { AttackDialog } from './attack-dialog';

/** An offer of opponents stands this long (docs/game-rules.md, Arena). */
const OFFER_MS = ARENA_CONFIG.offerMinutes * 60_000;

const OFFER_GONE =
  'Your list of opponents was out of date, so it has been asked for again. Choose an opponent from it.';

/**
 * Five players near the caller's rating, each with an Attack button while attacks are left.
 * The list is the player's offer: only they may be attacked, each once, for the offer's
 * minutes. So every visit asks for it anew and an open screen asks again as it runs out; an
 * attack that still finds it gone closes its dialog and says the list was renewed.
 */
export function OpponentsCard({ status }: { status: ArenaStatus }) {
  const { data, isLoading } = useGetOpponentsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: OFFER_MS,
  });
  const [target, setTarget] = useState<ArenaOpponent | null>(null);
  const [offerGone, setOfferGone] = useState(false);
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
      {offerGone && (
        <Alert severity="warning" onClose={() => setOfferGone(false)}>
          {OFFER_GONE}
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
                onClick={() => {
                  setOfferGone(false);
                  setTarget(o);
                }}
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
      <AttackDialog
        opponent={target}
        onClose={() => setTarget(null)}
        onOfferGone={() => setOfferGone(true)}
      />
    </SectionCard>
  );
}
