import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatMessageDate } from '@aleph/rules';
import {
  PUSH_KINDS,
  PushErrorCode,
  type PushDevice,
  type PushKind,
  type PushPreferences,
} from '@aleph/contracts';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { httpStatus, serverCode, serverMessage } from '../../api/error-message';
import { SectionCard } from '../../lib/section-card';
import {
  currentSubscription,
  forgetThisDevice,
  rememberThisDevice,
  subscribeThisBrowser,
  subscriptionBody,
  thisDeviceId,
  webPushSupported,
  WebPushError,
  type WebPushProblem,
} from '../../lib/web-push';
import {
  useAddPushDeviceMutation,
  useGetPushDevicesQuery,
  useGetPushKeyQuery,
  useGetPushPreferencesQuery,
  useLazyGetPushKeyQuery,
  useRemovePushDeviceMutation,
  useSavePushPreferencesMutation,
} from './push-endpoints';
import { DeviceRow } from './device-row';
import { PUSH_KIND_LABELS } from '../../lib/push-kinds';

/** docs/screens.md (Account, Notifications): texts shown word for word. */
export const PUSH_TEXT = {
  intro: 'Get notifications on your devices, even when the game is closed.',
  turnOn: 'Turn on notifications on this device',
  turnedOn: 'Notifications are on for this device.',
  unsupported:
    'This browser cannot get notifications while the game is closed. On iPhone and iPad, add the game to the Home Screen first.',
  denied: 'Notifications are blocked for this site in the browser settings.',
  dismissed: 'Notifications were not allowed. Try again and choose Allow.',
  noWorker: 'The game is not fully loaded yet. Reload the page and try again.',
  pushOff: 'This server sends no notifications.',
  subscribeFailed: 'This browser could not sign up for notifications. Please try again later.',
  noDevices: 'No device gets notifications yet.',
  noneYet: 'No notification yet',
  turnOffFailed: 'That device could not be turned off. Please try again.',
  quietNote: 'Notifications are held during quiet hours and summed up in one when they end.',
  saved: 'Notification settings saved.',
  bothTimes: 'Enter a time for From and Until.',
} as const;

/** Quiet hours offered when the player first turns them on: a night. */
const NIGHT = { start: '22:00', end: '08:00' } as const;

type Note = { severity: 'success' | 'error'; text: string } | undefined;

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Nov 21, 2026 14:05' in the player's time zone, as the other account lists write dates. */
const when = (iso: string) => formatMessageDate(Date.parse(iso), localTimeZone());

const PROBLEM_TEXT: Record<WebPushProblem, string> = {
  unsupported: PUSH_TEXT.unsupported,
  denied: PUSH_TEXT.denied,
  dismissed: PUSH_TEXT.dismissed,
  'no-worker': PUSH_TEXT.noWorker,
};

/** Why turning on failed, in the page's words or the server's. */
function turnOnFailure(error: unknown): string {
  if (error instanceof WebPushError) return PROBLEM_TEXT[error.problem];
  if (serverCode(error) === PushErrorCode.pushOff) return PUSH_TEXT.pushOff;
  const message = serverMessage(error);
  if (message) return message;
  // The browser's own refusal (its push service unreachable, say), or the network's.
  console.error('Turning on notifications failed', error);
  return httpStatus(error) === undefined ? PUSH_TEXT.subscribeFailed : 'Something went wrong.';
}

function PushDeviceRow({
  device,
  current,
  busy,
  onTurnOff,
}: {
  device: PushDevice;
  current: boolean;
  busy: boolean;
  onTurnOff: () => void;
}) {
  const added = when(device.createdAt);
  return (
    <DeviceRow
      label={device.userAgent}
      current={current}
      details={[
        `Added ${added} · ${
          device.lastSuccessAt
            ? `Last notification ${when(device.lastSuccessAt)}`
            : PUSH_TEXT.noneYet
        }`,
      ]}
      action={
        <Button
          variant="outlined"
          size="small"
          onClick={onTurnOff}
          loading={busy}
          aria-label={`Turn off ${device.userAgent}, added ${added}`}
        >
          Turn off
        </Button>
      }
    />
  );
}

/** This browser's button and the player's subscribed devices, each with "Turn off". */
function Devices() {
  const supported = webPushSupported();
  const key = useGetPushKeyQuery(undefined, { skip: !supported });
  const [getKey] = useLazyGetPushKeyQuery();
  const devices = useGetPushDevicesQuery();
  const [addDevice] = useAddPushDeviceMutation();
  const [removeDevice] = useRemovePushDeviceMutation();
  const [thisId, setThisId] = useState<number>();
  const [turningOn, setTurningOn] = useState(false);
  const [turningOff, setTurningOff] = useState<number>();
  const [note, setNote] = useState<Note>();

  useEffect(() => {
    let live = true;
    thisDeviceId()
      .then((id) => live && setThisId(id))
      .catch((error: unknown) => console.warn('This browser’s subscription not read', error));
    return () => {
      live = false;
    };
  }, []);

  const list = devices.data ?? [];
  const thisListed = thisId !== undefined && list.some((device) => device.id === thisId);
  const serverOff = serverCode(key.error) === PushErrorCode.pushOff;

  const turnOn = async () => {
    setNote(undefined);
    setTurningOn(true);
    try {
      const subscription = await subscribeThisBrowser(async () => {
        const { publicKey } = await getKey(undefined, true).unwrap();
        return publicKey;
      });
      const device = await addDevice(subscriptionBody(subscription)).unwrap();
      rememberThisDevice(subscription.endpoint, device.id);
      setThisId(device.id);
      setNote({ severity: 'success', text: PUSH_TEXT.turnedOn });
    } catch (error) {
      setNote({ severity: 'error', text: turnOnFailure(error) });
    } finally {
      setTurningOn(false);
    }
  };

  const turnOff = async (device: PushDevice) => {
    setNote(undefined);
    setTurningOff(device.id);
    try {
      // Already gone (turned off on another page): as good as done.
      await removeDevice(device.id)
        .unwrap()
        .catch((error: unknown) => {
          if (httpStatus(error) !== 404) throw error;
        });
      if (device.id === thisId) {
        // The browser forgets it too, so no push service keeps an address for nobody.
        forgetThisDevice();
        setThisId(undefined);
        await (await currentSubscription())?.unsubscribe();
      }
      setNote({ severity: 'success', text: `Turned off ${device.userAgent}.` });
    } catch (error) {
      console.error('Turning off a device failed', error);
      setNote({ severity: 'error', text: PUSH_TEXT.turnOffFailed });
    } finally {
      setTurningOff(undefined);
    }
  };

  return (
    <>
      {!supported && <Typography>{PUSH_TEXT.unsupported}</Typography>}
      {supported && serverOff && <Typography>{PUSH_TEXT.pushOff}</Typography>}
      {supported && !serverOff && !thisListed && (
        <Box>
          <Button variant="contained" onClick={() => void turnOn()} loading={turningOn}>
            {PUSH_TEXT.turnOn}
          </Button>
        </Box>
      )}
      {note && (
        <Alert severity={note.severity} role={note.severity === 'error' ? 'alert' : 'status'}>
          {note.text}
        </Alert>
      )}
      {devices.isLoading && <Typography role="status">Loading...</Typography>}
      {devices.isError && <Alert severity="error">Failed to load the devices</Alert>}
      {devices.data && list.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{PUSH_TEXT.noDevices}</Typography>
      )}
      {list.length > 0 && (
        <Box
          component="ul"
          aria-label="Devices with notifications"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {list.map((device) => (
            <PushDeviceRow
              key={device.id}
              device={device}
              current={device.id === thisId}
              busy={turningOff === device.id}
              onTurnOff={() => void turnOff(device)}
            />
          ))}
        </Box>
      )}
    </>
  );
}

/** The kinds wanted and the quiet hours, saved together. */
function PreferencesForm({ stored }: { stored: PushPreferences }) {
  const [save, saving] = useSavePushPreferencesMutation();
  const [kinds, setKinds] = useState<ReadonlySet<PushKind>>(() => new Set(stored.kinds));
  const [quiet, setQuiet] = useState(stored.quietHours !== null);
  const [from, setFrom] = useState(stored.quietHours?.start ?? NIGHT.start);
  const [until, setUntil] = useState(stored.quietHours?.end ?? NIGHT.end);
  const [note, setNote] = useState<Note>();
  const kindsLabel = useId();
  const noteId = useId();
  const timeZone = localTimeZone();

  const toggle = (kind: PushKind, on: boolean) =>
    setKinds((before) => {
      const next = new Set(before);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote(undefined);
    if (quiet && (!from || !until)) {
      setNote({ severity: 'error', text: PUSH_TEXT.bothTimes });
      return;
    }
    try {
      await save({
        kinds: PUSH_KINDS.filter((kind) => kinds.has(kind)),
        quietHours: quiet ? { start: from, end: until } : null,
        timeZone,
      }).unwrap();
      setNote({ severity: 'success', text: PUSH_TEXT.saved });
    } catch (error) {
      if (httpStatus(error) === undefined)
        console.error('Saving notification settings failed', error);
      setNote({
        severity: 'error',
        text: serverMessage(error) ?? 'The settings could not be saved. Please try again.',
      });
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2}>
        <Box component="fieldset" aria-labelledby={kindsLabel} sx={{ border: 0, m: 0, p: 0 }}>
          <Typography id={kindsLabel} variant="subtitle1" component="h3">
            Notify me about
          </Typography>
          <FormGroup
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              columnGap: 2,
            }}
          >
            {PUSH_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                label={PUSH_KIND_LABELS[kind]}
                control={
                  <Switch
                    checked={kinds.has(kind)}
                    onChange={(event) => toggle(kind, event.target.checked)}
                    color="secondary"
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
        <Stack spacing={1.5}>
          {/* In a box: the Stack's spacing would reset the label's negative margin. */}
          <Box>
            <FormControlLabel
              label="Quiet hours"
              control={
                <Switch
                  checked={quiet}
                  onChange={(event) => setQuiet(event.target.checked)}
                  color="secondary"
                  slotProps={{ input: { 'aria-describedby': noteId } }}
                />
              }
            />
          </Box>
          <Stack direction="row" spacing={2}>
            <TextField
              type="time"
              label="From"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              disabled={!quiet}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 140 }}
            />
            <TextField
              type="time"
              label="Until"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              disabled={!quiet}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 140 }}
            />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Time zone: {timeZone}
          </Typography>
          <Typography id={noteId} variant="body2" sx={{ color: 'text.secondary' }}>
            {PUSH_TEXT.quietNote}
          </Typography>
        </Stack>
        {note && (
          <Alert severity={note.severity} role={note.severity === 'error' ? 'alert' : 'status'}>
            {note.text}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={saving.isLoading}>
            Save
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * "Notifications" on /profile/account (docs/screens.md, Account): pushes that reach the player
 * with the game closed. The browser's permission is asked only when the player turns a device
 * on. The in-tab "Browser notifications" switch on /profile is a separate setting.
 */
export function PushSection() {
  const preferences = useGetPushPreferencesQuery();
  return (
    <SectionCard title="Notifications" icon={<NotificationsActive color="secondary" aria-hidden />}>
      <Typography>{PUSH_TEXT.intro}</Typography>
      <Devices />
      {preferences.isLoading && <Typography role="status">Loading...</Typography>}
      {preferences.isError && (
        <Alert severity="error">Failed to load the notification settings</Alert>
      )}
      {preferences.data && <PreferencesForm stored={preferences.data} />}
    </SectionCard>
  );
}
