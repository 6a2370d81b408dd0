import { useState } from 'react';
import History from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ArenaBattleSummary } from '@aleph/contracts';
import { formatMessageDate } from '@aleph/rules';
import { SectionCard } from '../../lib/section-card';
import { useGetBattlesQuery } from './arena-endpoints';
import { ReplayDialog } from './replay-dialog';

function describe(b: ArenaBattleSummary): string {
  const mine = b.youAttacked ? b.attacker : b.defender;
  const other = b.youAttacked ? b.defender : b.attacker;
  const sign = mine.change > 0 ? '+' : '';
  const what = b.youAttacked ? `You attacked ${other.nickname}` : `${other.nickname} attacked you`;
  return `${what}: ${b.youWon ? 'won' : 'lost'}, rating ${sign}${mine.change}`;
}

/** One page of battles; "Older battles" loads the next page below it. */
function Page({ before, onReplay }: { before?: number; onReplay: (id: number) => void }) {
  const { data, isLoading } = useGetBattlesQuery(before);
  const [more, setMore] = useState(false);
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (!data) return null;
  if (!before && data.battles.length === 0) return <Typography>No battles yet.</Typography>;
  return (
    <>
      <List dense disablePadding>
        {data.battles.map((b) => (
          <ListItem
            key={b.id}
            divider
            disableGutters
            sx={{ pr: 11 }}
            secondaryAction={
              <Button
                size="small"
                color="secondary"
                onClick={() => onReplay(b.id)}
                aria-label={`Replay battle ${b.id}`}
              >
                Replay
              </Button>
            }
          >
            <ListItemText
              primary={describe(b)}
              secondary={`${formatMessageDate(Date.parse(b.at))} UTC`}
            />
          </ListItem>
        ))}
      </List>
      {data.next !== null &&
        (more ? (
          <Page before={data.next} onReplay={onReplay} />
        ) : (
          <Button color="secondary" onClick={() => setMore(true)} sx={{ alignSelf: 'flex-start' }}>
            Older battles
          </Button>
        ))}
    </>
  );
}

/** The player's attacks and defences, newest first, each with its replay. */
export function HistoryCard() {
  const [replay, setReplay] = useState<number | null>(null);
  return (
    <SectionCard title="Battle history" icon={<History color="secondary" aria-hidden />}>
      <Page onReplay={setReplay} />
      <ReplayDialog battleId={replay} onClose={() => setReplay(null)} />
    </SectionCard>
  );
}
