import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  GrantBody,
  GrantKind,
  PlayerDetail,
  StaffActionResult,
  StaffRole,
} from '@aleph/contracts';
import { ELEMENT_NAMES, ITEMS, itemName } from '@aleph/rules';
import { useClock } from '../../lib/clock';
import { landLabel } from '../../lib/land-label';
import { NativeSelectField } from '../../lib/native-select-field';
import { ActionDialog } from './action-dialog';
import {
  usePlayerActionMutation,
  useSetLevelMutation,
  useSetRoleMutation,
  type PlayerActionArgs,
} from './admin-endpoints';
import { isoFromLocalInput, localInputValue, ROLE_LABELS, when } from './format';
import { useStaff } from './reauth';

type Player = PlayerDetail['player'];
type Lands = PlayerDetail['lands'];

const DAY_MS = 86_400_000;

export type ActionKey =
  | 'suspend'
  | 'lift'
  | 'mute'
  | 'unmute'
  | 'rename'
  | 'grant'
  | 'end-sessions'
  | 'message'
  | '2fa-reset'
  | 'level'
  | 'role';

/** A dialog is mounted only while open, so that every opening starts afresh. */
interface DialogProps {
  player: Player;
  lands: Lands;
  onClose(): void;
  onDone(text: string, result: StaffActionResult): void;
}

/** The player's actions as a row of buttons, and the dialog of the one picked. */
export function PlayerActions({
  player,
  lands,
  onDone,
}: {
  player: Player;
  lands: Lands;
  onDone(text: string, result: StaffActionResult): void;
}) {
  const me = useStaff();
  const admin = me.role === 'admin';
  const [open, setOpen] = useState<ActionKey>();
  const restricted = player.status.state === 'suspended' || player.status.state === 'banned';
  const buttons: { key: ActionKey; label: string; show?: boolean; disabled?: boolean }[] = [
    { key: 'suspend', label: 'Suspend' },
    { key: 'lift', label: 'Lift', disabled: !restricted },
    { key: 'mute', label: 'Mute' },
    { key: 'unmute', label: 'Unmute', disabled: player.status.mutedUntil === null },
    { key: 'rename', label: 'Rename' },
    { key: 'grant', label: 'Grant', show: admin },
    { key: 'end-sessions', label: 'End all sessions' },
    { key: 'message', label: 'Send message' },
    { key: '2fa-reset', label: 'Reset two-factor', disabled: !player.twoFactor },
    { key: 'level', label: 'Set level', show: admin },
    { key: 'role', label: 'Role', show: admin, disabled: player.id === me.id },
  ];
  const common = {
    player,
    lands,
    onClose: () => setOpen(undefined),
    onDone,
  };
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {buttons
          .filter((b) => b.show !== false)
          .map((b) => (
            <Button
              key={b.key}
              variant="outlined"
              color="secondary"
              size="small"
              disabled={b.disabled}
              onClick={() => setOpen(b.key)}
              aria-haspopup="dialog"
            >
              {b.label}
            </Button>
          ))}
      </Stack>
      {!admin && (
        <Typography variant="body2" color="text.secondary">
          Grants, levels and role changes are for admins.
        </Typography>
      )}
      {open === 'suspend' && <SuspendDialog {...common} />}
      {open === 'lift' && (
        <ReasonOnlyDialog
          {...common}
          action="lift"
          title={`Lift the suspension of ${player.login}`}
          submitLabel="Lift"
          description="The player can log in again at once."
          done="Suspension lifted"
        />
      )}
      {open === 'mute' && <MuteDialog {...common} />}
      {open === 'unmute' && (
        <ReasonOnlyDialog
          {...common}
          action="unmute"
          title={`Unmute ${player.login}`}
          submitLabel="Unmute"
          description={`Muted until ${when(player.status.mutedUntil)}; the player can write again at once.`}
          done="Unmuted"
        />
      )}
      {open === 'rename' && <RenameDialog {...common} />}
      {admin && open === 'grant' && <GrantDialog {...common} />}
      {open === 'end-sessions' && (
        <ReasonOnlyDialog
          {...common}
          action="end-sessions"
          title={`End all sessions of ${player.login}`}
          submitLabel="End all sessions"
          description="Every open page of the player is signed out, on every server."
          done="Sessions ended"
        />
      )}
      {open === 'message' && <MessageDialog {...common} />}
      {open === '2fa-reset' && (
        <ReasonOnlyDialog
          {...common}
          action="2fa-reset"
          title={`Reset two-factor of ${player.login}`}
          submitLabel="Reset two-factor"
          description="The account signs in with its password alone until the player sets two-factor up again."
          done="Two-factor reset"
        />
      )}
      {admin && open === 'level' && <LevelDialog {...common} />}
      {admin && player.id !== me.id && open === 'role' && <RoleDialog {...common} />}
    </>
  );
}

/** The request of a player action (the dialogs build the body). */
function useAction() {
  const [act] = usePlayerActionMutation();
  return (args: PlayerActionArgs) => act(args).unwrap();
}

function ReasonOnlyDialog(
  props: DialogProps & {
    action: 'lift' | 'unmute' | 'end-sessions' | '2fa-reset';
    title: string;
    submitLabel: string;
    description: string;
    done: string;
  },
) {
  const act = useAction();
  return (
    <ActionDialog
      open
      title={props.title}
      submitLabel={props.submitLabel}
      description={props.description}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        act({ id: props.player.id, action: props.action, body: { reason } })
      }
      onDone={(result) => props.onDone(props.done, result)}
    />
  );
}

/** A date field in the future (checked on the app's clock), starting a day from now. */
function useUntil() {
  const [value, setValue] = useState(() => localInputValue(Date.now() + DAY_MS));
  const now = useClock(60_000);
  const iso = isoFromLocalInput(value);
  const problem =
    iso === undefined
      ? 'Pick a date and time.'
      : Date.parse(iso) <= now
        ? 'Pick a time in the future.'
        : undefined;
  return { value, setValue, iso, problem };
}

function UntilField({
  id,
  until,
  disabled,
}: {
  id: string;
  until: ReturnType<typeof useUntil>;
  disabled?: boolean;
}) {
  return (
    <TextField
      id={id}
      label="Until"
      type="datetime-local"
      value={until.value}
      onChange={(event) => until.setValue(event.target.value)}
      disabled={disabled}
      error={!disabled && until.problem !== undefined}
      helperText={disabled ? 'No end date.' : (until.problem ?? 'In your time zone.')}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

function SuspendDialog(props: DialogProps) {
  const act = useAction();
  const until = useUntil();
  const [ban, setBan] = useState(false);
  return (
    <ActionDialog
      open
      title={`Suspend ${props.player.login}`}
      submitLabel={ban ? 'Ban' : 'Suspend'}
      description="Every session of the player ends at once; logging in is refused until the end date."
      told
      ready={ban || until.problem === undefined}
      onClose={props.onClose}
      onSubmit={({ reason, notice }) =>
        act({
          id: props.player.id,
          action: 'suspend',
          body: { reason, notice, ...(ban ? {} : { until: until.iso }) },
        })
      }
      onDone={(result) =>
        props.onDone(ban ? 'Banned' : `Suspended until ${when(until.iso)}`, result)
      }
    >
      <UntilField id="suspend-until" until={until} disabled={ban} />
      <FormControlLabel
        control={<Checkbox checked={ban} onChange={(event) => setBan(event.target.checked)} />}
        label="Ban (no end date)"
      />
    </ActionDialog>
  );
}

function MuteDialog(props: DialogProps) {
  const act = useAction();
  const until = useUntil();
  return (
    <ActionDialog
      open
      title={`Mute ${props.player.login}`}
      submitLabel="Mute"
      description="The player cannot send messages or write in chat until then; everything else works."
      told
      ready={until.problem === undefined}
      onClose={props.onClose}
      onSubmit={({ reason, notice }) =>
        act({
          id: props.player.id,
          action: 'mute',
          body: { reason, notice, until: until.iso ?? '' },
        })
      }
      onDone={(result) => props.onDone(`Muted until ${when(until.iso)}`, result)}
    >
      <UntilField id="mute-until" until={until} />
    </ActionDialog>
  );
}

const NICKNAME = /^[A-Za-z0-9_]{3,32}$/;

function RenameDialog(props: DialogProps) {
  const act = useAction();
  const [nickname, setNickname] = useState('');
  const [taken, setTaken] = useState<string>();
  const valid = NICKNAME.test(nickname);
  return (
    <ActionDialog
      open
      title={`Rename ${props.player.nickname}`}
      submitLabel="Rename"
      told
      ready={valid}
      onClose={props.onClose}
      onSubmit={({ reason, notice }) =>
        act({ id: props.player.id, action: 'rename', body: { nickname, reason, notice } })
      }
      onDone={(result) => props.onDone(`Renamed to ${nickname}`, result)}
      onFieldError={(field, message) => {
        if (field !== 'nickname') return false;
        setTaken(message);
        return true;
      }}
    >
      <TextField
        id="rename-nickname"
        label="New nickname"
        value={nickname}
        onChange={(event) => {
          setNickname(event.target.value);
          setTaken(undefined);
        }}
        required
        error={taken !== undefined || (nickname !== '' && !valid)}
        helperText={taken ?? '3 to 32 letters, digits and underscores.'}
      />
    </ActionDialog>
  );
}

const GRANT_KINDS: readonly { value: GrantKind; label: string }[] = [
  { value: 'gold', label: 'Gold' },
  { value: 'platinum', label: 'Platinum' },
  { value: 'xp', label: 'XP' },
  { value: 'item', label: 'Item' },
  { value: 'elementals', label: 'Elementals' },
  { value: 'shards', label: 'Shards' },
];

/** Items, elementals and shards live on a land; elementals and shards have an element. */
const ON_LAND: readonly GrantKind[] = ['item', 'elementals', 'shards'];
const WITH_ELEMENT: readonly GrantKind[] = ['elementals', 'shards'];

function GrantDialog(props: DialogProps) {
  const act = useAction();
  const [kind, setKind] = useState<GrantKind>('gold');
  const [amount, setAmount] = useState('');
  const [landid, setLandid] = useState('');
  const [elemid, setElemid] = useState('');
  const [item, setItem] = useState('');
  const count = Number(amount);
  const amountOk = amount.trim() !== '' && Number.isInteger(count) && count !== 0;
  const onLand = ON_LAND.includes(kind);
  const withElement = WITH_ELEMENT.includes(kind);
  const ready =
    amountOk &&
    (!onLand || landid !== '') &&
    (!withElement || elemid !== '') &&
    (kind !== 'item' || item !== '');
  const body = (): Omit<GrantBody, 'reason' | 'notice'> => ({
    kind,
    amount: count,
    ...(onLand ? { landid: Number(landid) } : {}),
    ...(withElement ? { elemid: Number(elemid) } : {}),
    ...(kind === 'item' ? { item } : {}),
  });
  const element = ELEMENT_NAMES[Number(elemid)] ?? '';
  const label =
    kind === 'item'
      ? itemName(item)
      : withElement
        ? `${element} ${kind}`
        : (GRANT_KINDS.find((k) => k.value === kind)?.label ?? kind);
  return (
    <ActionDialog
      open
      title={`Grant to ${props.player.login}`}
      submitLabel={count < 0 ? 'Take back' : 'Grant'}
      description="Booked in the player's ledger with this action as its cause. A negative amount takes back; more than the player has is refused and nothing changes."
      told
      ready={ready}
      onClose={props.onClose}
      onSubmit={({ reason, notice }) =>
        act({ id: props.player.id, action: 'grant', body: { ...body(), reason, notice } })
      }
      onDone={(result) =>
        props.onDone(`${count < 0 ? 'Took back' : 'Granted'} ${Math.abs(count)} ${label}`, result)
      }
    >
      <NativeSelectField
        id="grant-kind"
        label="Kind"
        value={kind}
        options={GRANT_KINDS}
        onChange={(value) => setKind(value as GrantKind)}
      />
      <TextField
        id="grant-amount"
        label="Amount"
        type="number"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        required
        error={amount !== '' && !amountOk}
        helperText={
          amount !== '' && !amountOk
            ? 'A whole number other than zero.'
            : 'A negative amount takes back.'
        }
      />
      {onLand && (
        <NativeSelectField
          id="grant-land"
          label="Land"
          value={landid}
          placeholder="Choose a land"
          options={props.lands.map((land) => ({
            value: String(land.id),
            label: landLabel({ landid: land.id, name: land.name }),
          }))}
          onChange={setLandid}
          helperText={props.lands.length === 0 ? 'The player has no land.' : undefined}
        />
      )}
      {withElement && (
        <NativeSelectField
          id="grant-element"
          label="Element"
          value={elemid}
          placeholder="Choose an element"
          options={ELEMENT_NAMES.map((name, id) => ({ value: String(id), label: name }))}
          onChange={setElemid}
        />
      )}
      {kind === 'item' && (
        <NativeSelectField
          id="grant-item"
          label="Item"
          value={item}
          placeholder="Choose an item"
          options={ITEMS.map((i) => ({ value: i.item_code, label: i.item_name }))}
          onChange={setItem}
        />
      )}
    </ActionDialog>
  );
}

function MessageDialog(props: DialogProps) {
  const act = useAction();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const ready = subject.trim() !== '' && subject.length <= 120 && body.trim() !== '';
  return (
    <ActionDialog
      open
      title={`Send a message to ${props.player.login}`}
      submitLabel="Send message"
      description="The message arrives in the player's inbox from the game's team."
      ready={ready}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        act({
          id: props.player.id,
          action: 'message',
          body: { subject: subject.trim(), body: body.trim(), reason },
        })
      }
      onDone={(result) => props.onDone('Message sent', result)}
    >
      <TextField
        id="message-subject"
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        required
        error={subject.length > 120}
        helperText={subject.length > 120 ? 'At most 120 characters.' : ' '}
      />
      <TextField
        id="message-body"
        label="Message to the player"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        required
        multiline
        minRows={4}
      />
    </ActionDialog>
  );
}

const ROLES: readonly StaffRole[] = ['player', 'moderator', 'admin'];

function RoleDialog(props: DialogProps) {
  const [setRole] = useSetRoleMutation();
  const [role, setRoleValue] = useState<StaffRole>(props.player.role);
  return (
    <ActionDialog
      open
      title={`Role of ${props.player.login}`}
      submitLabel="Set role"
      description="Moderators act on players; admins also grant, take back and change roles."
      ready={role !== props.player.role}
      onClose={props.onClose}
      onSubmit={({ reason }) => setRole({ id: props.player.id, role, reason }).unwrap()}
      onDone={(result) => props.onDone(`Role set to ${ROLE_LABELS[role]}`, result)}
    >
      <NativeSelectField
        id="role-role"
        label="Role"
        value={role}
        options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        onChange={(value) => setRoleValue(value as StaffRole)}
      />
    </ActionDialog>
  );
}

const LEVELS = Array.from({ length: 11 }, (_, level) => ({
  value: String(level),
  label: `Level ${level}`,
}));

/** The CLI's `level set`: the profile level (its features), the XP left as it is. */
function LevelDialog(props: DialogProps) {
  const [setLevel] = useSetLevelMutation();
  const [level, setLevelValue] = useState(String(props.player.level));
  return (
    <ActionDialog
      open
      title={`Level of ${props.player.login}`}
      submitLabel="Set level"
      description="Sets the profile level and with it the features the player has; XP stays as it is."
      ready={Number(level) !== props.player.level}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        setLevel({ id: props.player.id, level: Number(level), reason }).unwrap()
      }
      onDone={(result) => props.onDone(`Level set to ${level}`, result)}
    >
      <NativeSelectField
        id="level-level"
        label="Level"
        value={level}
        options={LEVELS}
        onChange={setLevelValue}
      />
    </ActionDialog>
  );
}
