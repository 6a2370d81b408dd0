import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { useAllianceChanges } from '../../api/alliance-signal';
import { serverMessage } from '../../api/error-message';
import { useGetProfileSummaryQuery } from '../../api/profile-endpoints';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { useProfileDialogs } from '../../lib/profile-dialogs';
import { SectionCard } from '../../lib/section-card';
import { AllianceActions } from './alliance-actions';
import { useAllianceActionMutation, useGetAllianceQuery } from './alliance-endpoints';
import { AllianceGoal } from './alliance-goal';
import { AllianceMembers, type MemberAction } from './alliance-members';
import { AllianceRequests } from './alliance-requests';
import { AllianceChat } from './chat-panel';

const CONFIRM: Record<MemberAction['action'], (nickname: string) => [string, string, string]> = {
  kick: (n) => [
    'Kick member',
    `Remove ${n} from the alliance? They wait 24 hours before joining another.`,
    'Kick',
  ],
  promote: (n) => ['Promote member', `Make ${n} an officer?`, 'Promote'],
  demote: (n) => ['Demote officer', `Make ${n} a plain member again?`, 'Demote'],
  handOver: (n) => [
    'Hand over leadership',
    `Make ${n} the leader? You become an officer.`,
    'Hand over',
  ],
};

const PATH: Record<MemberAction['action'], (id: number) => string> = {
  kick: (id) => `/members/${id}/kick`,
  promote: (id) => `/members/${id}/promote`,
  demote: (id) => `/members/${id}/demote`,
  handOver: () => '/leader',
};

/**
 * `/alliances/:id` (docs/screens.md, Alliance page): the header (name, tag, description,
 * members, this week's place), the members, the caller's actions by role, and for members the
 * weekly goal and the chat. A pushed `alliance.changed` reads the page again.
 */
export function AlliancePage() {
  const id = Number(useParams().id);
  const { data, isLoading, isError, refetch } = useGetAllianceQuery(id, {
    skip: !Number.isInteger(id) || id < 1,
  });
  const [act, acting] = useAllianceActionMutation();
  const me = useGetProfileSummaryQuery().data?.nickname;
  const { PublicProfileDialog } = useProfileDialogs();
  const [profile, setProfile] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<MemberAction | 'leave' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const changes = useAllianceChanges();
  const seen = useRef(changes);
  useEffect(() => {
    if (changes !== seen.current) {
      seen.current = changes;
      void refetch();
    }
  }, [changes, refetch]);

  /** Runs a membership call; answers whether it went through, a refusal is said in words. */
  const run = async (path: string, body?: object) => {
    setFailure(null);
    try {
      await act({ allianceId: id, path, ...(body ? { body } : {}) }).unwrap();
      return true;
    } catch (error) {
      setFailure(serverMessage(error) ?? 'That did not work. Please try again.');
      return false;
    }
  };

  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (isError || !data) return <Alert severity="error">There is no such alliance.</Alert>;
  const myId = data.members.find((m) => m.nickname === me)?.profileid ?? null;
  const role = data.me.role;
  const staff = role === 'leader' || role === 'officer';
  const rank = data.week?.rank;
  const confirm =
    confirming === 'leave'
      ? ([
          'Leave alliance',
          'Leave this alliance? You wait 24 hours before joining another.',
          'Leave',
        ] as const)
      : confirming
        ? CONFIRM[confirming.action](confirming.member.nickname)
        : null;

  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="h1" component="h1">
          {data.name} [{data.tag}]
        </Typography>
        <Typography color="text.secondary">
          {data.members.length}/{SOCIAL_CONFIG.alliances.maxMembers} members ·{' '}
          {data.open ? 'Open to all' : 'By application'} ·{' '}
          {rank ? `Rank ${rank} this week` : 'Not ranked this week yet'}
        </Typography>
        {data.description && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data.description}</Typography>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <AllianceActions
        alliance={data}
        busy={acting.isLoading}
        onJoin={() => void run('/join')}
        onApply={(text) => run('/apply', text.trim() ? { text } : {})}
        onLeave={() => setConfirming('leave')}
      />
      <SectionCard title="Members">
        <AllianceMembers
          members={data.members}
          myRole={role}
          myId={myId}
          onProfile={setProfile}
          onAction={setConfirming}
        />
      </SectionCard>
      {staff && (
        <SectionCard title="Applications and invitations">
          <AllianceRequests
            requests={data.requests}
            onAccept={(p) => void run(`/applications/${p}/accept`)}
            onRefuse={(p) => void run(`/applications/${p}/refuse`)}
            onInvite={(nickname) => run('/invite', { nickname })}
          />
        </SectionCard>
      )}
      {role && data.week && <AllianceGoal week={data.week} />}
      {role && <AllianceChat allianceId={id} myRole={role} />}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.[0] ?? ''}
        confirmLabel={confirm?.[2] ?? ''}
        busy={acting.isLoading}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const what = confirming;
          setConfirming(null);
          if (what === 'leave') void run('/leave');
          else if (what) {
            const path = PATH[what.action](what.member.profileid);
            void run(
              path,
              what.action === 'handOver' ? { profileid: what.member.profileid } : undefined,
            );
          }
        }}
      >
        {confirm?.[1] ?? ''}
      </ConfirmDialog>
      <PublicProfileDialog
        open={profile !== null}
        profileid={profile}
        onClose={() => setProfile(null)}
      />
    </Stack>
  );
}
