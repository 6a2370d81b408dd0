import { useState, type ReactNode } from 'react';
import type { Friend } from '@aleph/contracts';
import Group from '@mui/icons-material/Group';
import MoveToInbox from '@mui/icons-material/MoveToInbox';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { serverMessage } from '../../api/error-message';
import {
  useAcceptFriendMutation,
  useGetFriendsQuery,
  useRemoveFriendMutation,
} from '../../api/friend-endpoints';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { useProfileDialogs } from '../../lib/profile-dialogs';
import { SectionCard } from '../../lib/section-card';
import { FriendRow, RequestRow } from './friend-rows';

function List({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/**
 * `/friends` (docs/screens.md, Friends): the player's friends with their level, alliance and
 * whether they are online, the requests to them (Accept, Refuse) and theirs (Cancel).
 */
export function FriendsPage() {
  // Online states age: asked again each minute while the page is seen, and on coming back.
  const { data, isLoading, isError } = useGetFriendsQuery(undefined, {
    pollingInterval: 60_000,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  const [accept] = useAcceptFriendMutation();
  const [remove, removal] = useRemoveFriendMutation();
  const { PublicProfileDialog } = useProfileDialogs();
  const [profile, setProfile] = useState<number | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const [removing, setRemoving] = useState<Friend | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** Runs a change; a refusal is said above the lists (the list refetches either way). */
  const run = async (change: Promise<unknown>) => {
    setFailure(null);
    try {
      await change;
    } catch (error) {
      setFailure(serverMessage(error) ?? 'That did not work. Please try again.');
    }
  };

  let content: ReactNode;
  if (isLoading) content = <Typography role="status">Loading...</Typography>;
  else if (isError || !data) content = <Alert severity="error">Failed to load your friends</Alert>;
  else {
    content = (
      <Stack spacing={2}>
        <SectionCard
          title={`Friends (${data.friends.length})`}
          icon={<Group color="secondary" aria-hidden />}
        >
          <List empty="You have no friends yet. Open a player's profile (from the boards or the rating) and choose Add friend.">
            {data.friends.map((f) => (
              <FriendRow
                key={f.profileid}
                friend={f}
                onProfile={() => {
                  setProfile(f.profileid);
                  setProfileOpen(true);
                }}
                onRemove={() => setRemoving(f)}
              />
            ))}
          </List>
        </SectionCard>
        <SectionCard title="Requests to you" icon={<MoveToInbox color="secondary" aria-hidden />}>
          <List empty="Nobody has asked to be your friend.">
            {data.incoming.map((r) => (
              <RequestRow
                key={r.profileid}
                request={r}
                actions={
                  <>
                    <Button
                      size="small"
                      variant="contained"
                      color="secondary"
                      aria-label={`Accept ${r.nickname}`}
                      onClick={() => void run(accept(r.profileid).unwrap())}
                    >
                      Accept
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Refuse ${r.nickname}`}
                      onClick={() => void run(remove(r.profileid).unwrap())}
                    >
                      Refuse
                    </Button>
                  </>
                }
              />
            ))}
          </List>
        </SectionCard>
        <SectionCard title="Your requests" icon={<Send color="secondary" aria-hidden />}>
          <List empty="You have not asked anyone.">
            {data.outgoing.map((r) => (
              <RequestRow
                key={r.profileid}
                request={r}
                actions={
                  <Button
                    size="small"
                    aria-label={`Cancel request to ${r.nickname}`}
                    onClick={() => void run(remove(r.profileid).unwrap())}
                  >
                    Cancel
                  </Button>
                }
              />
            ))}
          </List>
        </SectionCard>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Friends
      </Typography>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {content}
      <ConfirmDialog
        open={removing !== null}
        title="Remove friend"
        confirmLabel="Remove"
        busy={removal.isLoading}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const friend = removing;
          setRemoving(null);
          if (friend) void run(remove(friend.profileid).unwrap());
        }}
      >
        Remove {removing?.nickname} from your friends? You can ask again later.
      </ConfirmDialog>
      <PublicProfileDialog
        open={profileOpen}
        profileid={profile}
        onClose={() => setProfileOpen(false)}
      />
    </Stack>
  );
}
