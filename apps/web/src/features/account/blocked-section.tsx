import { formatMessageDate } from '@aleph/rules';
import type { BlockedPlayer } from '@aleph/contracts';
import Block from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useGetBlocksQuery, useUnblockPlayerMutation } from '../../api/block-endpoints';
import { serverMessage } from '../../api/error-message';
import { SectionCard } from '../../lib/section-card';

const since = (iso: string) =>
  formatMessageDate(Date.parse(iso), Intl.DateTimeFormat().resolvedOptions().timeZone);

function BlockedRow(props: { player: BlockedPlayer; onUnblock(): void; busy: boolean }) {
  const { player } = props;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'space-between',
        py: 1,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{player.nickname}</Typography>
        <Typography variant="body2" color="text.secondary">
          Blocked since {since(player.since)}
        </Typography>
      </Box>
      <Button
        size="small"
        onClick={props.onUnblock}
        disabled={props.busy}
        aria-label={`Unblock ${player.nickname}`}
      >
        Unblock
      </Button>
    </Box>
  );
}

/**
 * 'Blocked players' on /profile/account (docs/screens.md, Account): whom the player blocks
 * (their messages and alliance invitations are not delivered), each with 'Unblock'.
 */
export function BlockedSection() {
  const blocks = useGetBlocksQuery();
  const [unblock, { isLoading, error, originalArgs }] = useUnblockPlayerMutation();
  const list = blocks.data ?? [];
  return (
    <SectionCard title="Blocked players" icon={<Block color="secondary" />}>
      {blocks.isLoading && <Typography role="status">Loading...</Typography>}
      {blocks.isError && <Alert severity="error">Failed to load the blocked players</Alert>}
      {error !== undefined && (
        <Alert severity="error">
          {serverMessage(error) ?? 'The player could not be unblocked. Please try again.'}
        </Alert>
      )}
      {blocks.data && list.length === 0 && (
        <Typography color="text.secondary">You block nobody.</Typography>
      )}
      {list.length > 0 && (
        <Box component="ul" aria-label="Blocked players" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((player) => (
            <BlockedRow
              key={player.profileid}
              player={player}
              busy={isLoading && originalArgs === player.profileid}
              onUnblock={() => void unblock(player.profileid)}
            />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
