import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Hero, UniqueEventView } from '@aleph/contracts';
import { DetailList } from '../../lib/detail-list';
import { SectionCard } from '../../lib/section-card';
import { EventCountdown } from './event-countdown';
import { SendHeroForm } from './send-hero-form';

/** One event: when it ends, its places, what it needs and pays, and the caller's part in it. */
export function UniqueEventCard({
  event,
  heroes,
}: {
  event: UniqueEventView;
  heroes: readonly Hero[];
}) {
  const open = event.status === 'open';
  return (
    <SectionCard title={event.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          color={open ? 'secondary' : 'default'}
          label={open ? 'Open' : 'Coming'}
        />
        {open ? (
          <EventCountdown until={event.end} prefix="Ends in" />
        ) : (
          <EventCountdown until={event.start} prefix="Opens in" />
        )}
      </Stack>
      {event.description && <Typography variant="body2">{event.description}</Typography>}
      <DetailList
        details={[
          { term: 'Places left', value: `${event.placesLeft} of ${event.places}` },
          { term: 'Needs', value: event.requirement.text },
          { term: 'Reward', value: event.reward.lines.join(', ') },
        ]}
      />
      {event.joined ? (
        <Typography variant="body2" role="status" sx={{ fontWeight: 600 }}>
          You sent {event.joined.name}.
        </Typography>
      ) : open && event.placesLeft > 0 ? (
        <SendHeroForm event={event} heroes={heroes} />
      ) : open ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Every place is taken.
        </Typography>
      ) : null}
    </SectionCard>
  );
}
