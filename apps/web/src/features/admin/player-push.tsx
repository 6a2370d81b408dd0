import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PlayerDetail, StaffActionResult } from '@aleph/contracts';
import { SectionCard } from '../../lib/section-card';
import { ActionDialog } from './action-dialog';
import { useRemovePushDeviceMutation } from './admin-endpoints';
import { DataTable, type Column } from './data-table';
import { when } from './format';
import { PUSH_KIND_LABELS } from '../../lib/push-kinds';

type Done = (text: string, result: StaffActionResult) => void;
type Push = NonNullable<PlayerDetail['push']>;
type Device = Push['devices'][number];

const deviceName = (d: Device) => `#${d.id} ${d.userAgent}`;

/**
 * A player's web push (docs/api.md, "Operators"), for "I get no notifications": each device
 * with its last notification, the deliveries waiting and the last error, and what the player
 * chose. "Remove" drops a device, e.g. a lost phone.
 */
export function PushSection(props: { playerId: number; push: Push | undefined; onDone: Done }) {
  const [removing, setRemoving] = useState<Device>();
  const [remove] = useRemovePushDeviceMutation();
  const { push } = props;
  if (!push) return null;
  const columns: readonly Column<Device>[] = [
    { header: 'Device', wrap: true, cell: (d) => d.userAgent },
    { header: 'Added', cell: (d) => when(d.createdAt) },
    {
      header: 'Last notification',
      cell: (d) => (d.lastSuccessAt ? when(d.lastSuccessAt) : 'No notification yet'),
    },
    { header: 'Waiting', cell: (d) => `${d.pending} waiting` },
    { header: 'Last error', wrap: true, cell: (d) => d.lastError ?? '' },
    {
      header: 'Action',
      cell: (d) => (
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          aria-haspopup="dialog"
          aria-label={`Remove ${deviceName(d)}`}
          onClick={() => setRemoving(d)}
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <SectionCard title="Notifications">
      <DataTable
        label="Notification devices"
        columns={columns}
        rows={push.devices}
        rowKey={(d) => d.id}
        empty="No device gets notifications."
      />
      <Typography sx={{ mt: 1 }}>
        Kinds on:{' '}
        {push.kinds.length === 0 ? 'None' : push.kinds.map((k) => PUSH_KIND_LABELS[k]).join(', ')}
      </Typography>
      <Typography>
        Quiet hours:{' '}
        {push.quietHours ? `${push.quietHours.start} to ${push.quietHours.end}` : 'None'}
      </Typography>
      <Typography>Time zone: {push.timeZone}</Typography>
      {removing && (
        <ActionDialog
          open
          title={`Remove device ${deviceName(removing)}`}
          submitLabel="Remove"
          description="The device gets no more notifications and its waiting ones are dropped. The player can turn notifications on again on it."
          reasonHelp="The staff log keeps it."
          onClose={() => setRemoving(undefined)}
          onSubmit={({ reason }) =>
            remove({ id: props.playerId, deviceId: removing.id, reason }).unwrap()
          }
          onDone={(result) => props.onDone(`Device ${deviceName(removing)} removed`, result)}
        />
      )}
    </SectionCard>
  );
}
