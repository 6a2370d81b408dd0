import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useInRouterContext } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { serverMessage } from '../../api/error-message';
import {
  friendStatusOf,
  useAcceptFriendMutation,
  useGetFriendsQuery,
  useRequestFriendMutation,
} from '../../api/friend-endpoints';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import {
  useBlockFromProfileMutation,
  useGetProfileBlocksQuery,
  useUnblockFromProfileMutation,
} from './profile-block-endpoints';

/**
 * An in-app link; a plain one where the dialog is shown without the app's router (its own
 * tests), which the router's link cannot render in.
 */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const routed = useInRouterContext();
  return routed ? (
    <Link component={RouterLink} to={to} color="secondary">
      {children}
    </Link>
  ) : (
    <Link href={to} color="secondary">
      {children}
    </Link>
  );
}

function AppButtonLink({ to, children }: { to: string; children: ReactNode }) {
  const routed = useInRouterContext();
  return routed ? (
    <Button variant="outlined" component={RouterLink} to={to}>
      {children}
    </Button>
  ) : (
    <Button variant="outlined" href={to}>
      {children}
    </Button>
  );
}

/** 'Add friend', 'Request sent', 'Accept request' or 'Friends', as the friends list says. */
function FriendButton({ profileid, onError }: { profileid: number; onError(e: unknown): void }) {
  // Fresh each time a profile opens: a request may have come since (its note is in the inbox).
  const { data } = useGetFriendsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [request, requesting] = useRequestFriendMutation();
  const [accept, accepting] = useAcceptFriendMutation();
  if (!data) return null;
  const status = friendStatusOf(data, profileid);
  const act = (change: Promise<unknown>) => void change.catch(onError);
  // Already friends: the way to the friends page (docs/screens.md, Friends).
  if (status === 'friends') return <AppButtonLink to="/friends">Friends</AppButtonLink>;
  if (status === 'outgoing') return <Button disabled>Request sent</Button>;
  if (status === 'incoming') {
    return (
      <Button
        variant="contained"
        color="secondary"
        disabled={accepting.isLoading}
        onClick={() => act(accept(profileid).unwrap())}
      >
        Accept request
      </Button>
    );
  }
  return (
    <Button
      variant="contained"
      color="secondary"
      disabled={requesting.isLoading}
      onClick={() => act(request(profileid).unwrap())}
    >
      Add friend
    </Button>
  );
}

/** 'Block' or 'Unblock', each asked first: a blocked player's messages do not arrive. */
function BlockButton({
  profileid,
  nickname,
  onError,
}: {
  profileid: number;
  nickname: string;
  onError(e: unknown): void;
}) {
  const { data } = useGetProfileBlocksQuery();
  const [block, blocking] = useBlockFromProfileMutation();
  const [unblock, unblocking] = useUnblockFromProfileMutation();
  const [asking, setAsking] = useState(false);
  if (!data) return null;
  const blocked = data.some((b) => b.profileid === profileid);
  const confirm = () => {
    setAsking(false);
    void (blocked ? unblock(profileid) : block(profileid)).unwrap().catch(onError);
  };
  return (
    <>
      <Button color="secondary" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {blocked ? 'Unblock' : 'Block'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={blocked ? `Unblock ${nickname}` : `Block ${nickname}`}
        confirmLabel={blocked ? 'Unblock' : 'Block'}
        busy={blocking.isLoading || unblocking.isLoading}
        onClose={() => setAsking(false)}
        onConfirm={confirm}
      >
        {blocked
          ? `${nickname}'s messages and alliance invitations will reach you again.`
          : `${nickname}'s messages, friend requests and alliance invitations will no longer reach you. ${nickname} is not told.`}
      </ConfirmDialog>
    </>
  );
}

/** What the player can do about another from their profile: befriend, write, block. */
export function ProfileSocialActions({
  profileid,
  nickname,
}: {
  profileid: number;
  nickname: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) =>
    setFailure(serverMessage(error) ?? 'That did not work. Please try again.');
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <FriendButton profileid={profileid} onError={onError} />
        <AppButtonLink to={`/messages?to=${encodeURIComponent(nickname)}`}>
          Send message
        </AppButtonLink>
        <BlockButton profileid={profileid} nickname={nickname} onError={onError} />
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
