import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LuckyCoinState } from '@aleph/contracts';
import { serverMessage } from '../../api/error-message';
import { SectionCard } from '../../lib/section-card';
import { FeatureGate } from '../../lib/feature-gate';
import { newKey, useGetLuckyCoinQuery, useTossMutation } from './economy-endpoints';
import { whenText } from './when';

function Coins({ state }: { state: LuckyCoinState }) {
  const [toss, { isLoading, error, data }] = useTossMutation();
  const [tossing, setTossing] = useState<number | null>(null);
  const landName = (id: number) => state.lands.find((l) => l.landid === id)?.name ?? `Land #${id}`;
  return (
    <SectionCard title="Your Lucky Coins">
      <List dense disablePadding>
        {state.lands.map((land) => (
          <ListItem
            key={land.landid}
            disableGutters
            secondaryAction={
              <Button
                variant="contained"
                color="secondary"
                size="small"
                disabled={!state.open || land.coins < 1 || isLoading}
                aria-label={`Toss a coin from ${land.name}`}
                onClick={() => {
                  setTossing(land.landid);
                  void toss({ landid: land.landid, key: newKey() });
                }}
              >
                Toss
              </Button>
            }
          >
            <ListItemText
              primary={land.name}
              secondary={`${land.coins} Lucky Coin${land.coins === 1 ? '' : 's'}`}
            />
          </ListItem>
        ))}
      </List>
      {data && tossing !== null && (
        <Alert severity="success" role="status">
          You won {data.prize.text} on {landName(data.landid)}!
        </Alert>
      )}
      {error && <Alert severity="error">{serverMessage(error) ?? 'The toss failed.'}</Alert>}
    </SectionCard>
  );
}

function Tosses({ state }: { state: LuckyCoinState }) {
  return (
    <SectionCard title="Your tosses">
      {state.tosses.length === 0 ? (
        <Typography variant="body2">No coin tossed yet.</Typography>
      ) : (
        <List dense disablePadding aria-label="Tosses">
          {state.tosses.map((t) => (
            <ListItem key={t.id} disableGutters>
              <ListItemText primary={t.prize.text} secondary={whenText(t.at)} />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

function LuckyCoin() {
  const { data, isLoading } = useGetLuckyCoinQuery();
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (!data) return <Alert severity="error">Failed to load the event</Alert>;
  return (
    <Stack spacing={2}>
      <Alert severity={data.open ? 'success' : 'info'}>
        {data.open
          ? `The event is open until ${whenText(data.endsAt ?? '')}.`
          : `The event is closed. It opens next on ${whenText(data.nextStartAt ?? '')}.`}
      </Alert>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Coins state={data} />
        <Tosses state={data} />
      </Box>
    </Stack>
  );
}

/** The Lucky coin event (docs/screens.md): from profile level five. */
export function LuckyCoinPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Lucky coin event
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Every weekend, and whenever the operators open it, each Lucky Coin can be tossed once for
        gold, a Skill Pot, a Tower Stone, shards or platinum.
      </Typography>
      <FeatureGate flag="profileLevel5">
        <LuckyCoin />
      </FeatureGate>
    </Stack>
  );
}
