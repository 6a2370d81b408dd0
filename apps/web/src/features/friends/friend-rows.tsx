import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Friend, FriendRequest } from '@aleph/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The inbox's 'New message' to this player (docs/screens.md, Inbox). */
export const messageLink = (nickname: string) => `/messages?to=${encodeURIComponent(nickname)}`;

/** A row: who on the left, the actions beside (below on a phone). */
function Row({ who, actions }: { who: ReactNode; actions: ReactNode }) {
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{
        py: 1,
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'space-between',
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-child': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>{who}</Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {actions}
      </Stack>
    </Stack>
  );
}

/** A dot and a word: the colour is never the only sign. */
function OnlineState({ online }: { online: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: online ? 'success.main' : 'action.disabled',
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {online ? 'Online' : 'Offline'}
      </Typography>
    </Stack>
  );
}

function Who({ nickname, level, extra }: { nickname: string; level: number; extra?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nickname}</Typography>
      <Typography variant="body2" color="text.secondary">
        Level {level}
      </Typography>
      {extra}
    </Stack>
  );
}

export function FriendRow({
  friend,
  onProfile,
  onRemove,
}: {
  friend: Friend;
  onProfile(): void;
  onRemove(): void;
}) {
  const { nickname } = friend;
  return (
    <Row
      who={
        <Who
          nickname={nickname}
          level={friend.level}
          extra={
            <>
              {friend.alliance && (
                <Chip
                  size="small"
                  label={`[${friend.alliance.tag}]`}
                  title={friend.alliance.name}
                  aria-label={`Alliance ${friend.alliance.name} [${friend.alliance.tag}]`}
                />
              )}
              <OnlineState online={friend.online} />
            </>
          }
        />
      }
      actions={
        <>
          <Button
            size="small"
            aria-haspopup="dialog"
            aria-label={`Profile of ${nickname}`}
            onClick={onProfile}
          >
            Profile
          </Button>
          <Button
            size="small"
            component={RouterLink}
            to={messageLink(nickname)}
            aria-label={`Message ${nickname}`}
          >
            Message
          </Button>
          <Button
            size="small"
            color="secondary"
            aria-label={`Remove ${nickname}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </>
      }
    />
  );
}

export function RequestRow({ request, actions }: { request: FriendRequest; actions: ReactNode }) {
  return <Row who={<Who nickname={request.nickname} level={request.level} />} actions={actions} />;
}
