import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ArenaLadderRow } from '@aleph/contracts';
import { formatMessageDate } from '@aleph/rules';
import { SectionCard } from '../../lib/section-card';
import { useGetLadderQuery } from './arena-endpoints';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function Row({ row, you }: { row: ArenaLadderRow; you: boolean }) {
  return (
    <TableRow selected={you}>
      <TableCell>{row.place}</TableCell>
      <TableCell>{you ? `${row.nickname} (you)` : row.nickname}</TableCell>
      <TableCell align="right">{signed(row.points)}</TableCell>
      <TableCell align="right">{row.rating}</TableCell>
    </TableRow>
  );
}

/** This ISO week's ladder: rating gained, top 100 and the player's own place. */
export function LadderCard() {
  const { data, isLoading } = useGetLadderQuery();
  const youInTop = data?.you && data.top.some((r) => r.profileId === data.you?.profileId);
  return (
    <SectionCard title="Weekly ladder" icon={<EmojiEvents color="secondary" aria-hidden />}>
      {isLoading && <Typography role="status">Loading...</Typography>}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary">
            Week {data.week}, ends {formatMessageDate(Date.parse(data.endsAt))} UTC. Places 1 to{' '}
            {data.rewards.length} with points gained earn gold: {data.rewards.join(', ')}.
          </Typography>
          {data.top.length === 0 ? (
            <Typography>No battles this week yet.</Typography>
          ) : (
            <Table size="small" aria-label="Weekly ladder">
              <TableHead>
                <TableRow>
                  <TableCell>Place</TableCell>
                  <TableCell>Player</TableCell>
                  <TableCell align="right">Points</TableCell>
                  <TableCell align="right">Rating</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.top.map((row) => (
                  <Row key={row.profileId} row={row} you={row.profileId === data.you?.profileId} />
                ))}
                {data.you && !youInTop && <Row row={data.you} you />}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </SectionCard>
  );
}
