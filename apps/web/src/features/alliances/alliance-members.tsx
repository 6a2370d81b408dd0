import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { mayAct, type AllianceAction } from '@aleph/rules';
import type { AllianceMember, AllianceRole } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';

export interface MemberAction {
  action: Extract<AllianceAction, 'kick' | 'promote' | 'demote' | 'handOver'>;
  member: AllianceMember;
}

const LABEL: Record<MemberAction['action'], string> = {
  promote: 'Promote',
  demote: 'Demote',
  kick: 'Kick',
  handOver: 'Make leader',
};

/** A green dot and the word: the colour is never the only sign. */
function OnlineMark() {
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ ml: 1, whiteSpace: 'nowrap' }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'inline-block',
          width: 8,
          height: 8,
          mr: 0.5,
          borderRadius: '50%',
          bgcolor: 'success.main',
        }}
      />
      online
    </Typography>
  );
}

/** The level column gives way on a phone (390 px); the actions go under the names there. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };

const ROLE: Record<AllianceRole, string> = {
  leader: 'Leader',
  officer: 'Officer',
  member: 'Member',
};

/**
 * The members table (docs/screens.md, Alliance page): nickname (opens the public profile), role,
 * level and this week's XP; the actions the caller's role allows on each member (the rules'
 * `mayAct`, the server checks again).
 */
export function AllianceMembers(props: {
  members: AllianceMember[];
  myRole: AllianceRole | null;
  myId: number | null;
  onProfile(profileid: number): void;
  onAction(action: MemberAction): void;
}) {
  const { members, myRole, myId } = props;
  const actionsOf = (m: AllianceMember) =>
    m.profileid === myId
      ? []
      : (Object.keys(LABEL) as MemberAction['action'][]).filter((a) => mayAct(myRole, a, m.role));
  // On a phone the actions sit under each name: an Actions column would leave the window.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const anyActions = !phone && members.some((m) => actionsOf(m).length > 0);
  const buttons = (m: AllianceMember) =>
    actionsOf(m).length > 0 && (
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {actionsOf(m).map((action) => (
          <Button
            key={action}
            size="small"
            aria-label={`${LABEL[action]} ${m.nickname}`}
            onClick={() => props.onAction({ action, member: m })}
          >
            {LABEL[action]}
          </Button>
        ))}
      </Stack>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label="Members">
        <TableHead>
          <TableRow>
            <TableCell>Nickname</TableCell>
            <TableCell>Role</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Level
            </TableCell>
            <TableCell align="right">XP this week</TableCell>
            {anyActions && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((m) => (
            <TableRow key={m.profileid}>
              <TableCell>
                <Link component="button" type="button" onClick={() => props.onProfile(m.profileid)}>
                  {m.nickname}
                </Link>
                {m.online && <OnlineMark />}
                {phone && buttons(m)}
              </TableCell>
              <TableCell>{ROLE[m.role]}</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {m.level}
              </TableCell>
              <TableCell align="right">{formatNumber(m.weekXp)}</TableCell>
              {anyActions && <TableCell>{buttons(m)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
