import Typography from '@mui/material/Typography';
import { Countdown } from '../../lib/countdown';
import { useClock } from '../../lib/clock';

/**
 * An open listing's time left on the shared clock. Past its end it waits for the settlement
 * worker, so it reads 'Ending…' (the missions' 'Returning…' would mislead here).
 */
export function TimeLeft({ endsAt }: { endsAt: string }) {
  const now = useClock();
  if (Date.parse(endsAt) > now) return <Countdown eta={endsAt} />;
  return (
    <Typography component="span" variant="body2" color="secondary">
      Ending…
    </Typography>
  );
}
