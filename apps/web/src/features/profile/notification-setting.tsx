import { useId, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useNotificationSetting } from '../../lib/browser-notifications';

/** docs/screens.md (Profile): texts under the switch. */
export const NOTIFICATION_HELP = {
  default: 'A notification when a mission ends while this page is in the background.',
  denied: 'Notifications are blocked for this site in the browser settings.',
  unsupported: 'This browser cannot show notifications.',
} as const;

/**
 * The "Browser notifications" switch. The browser's permission prompt appears only when the
 * player turns it on, never on load.
 */
export function NotificationSetting() {
  const setting = useNotificationSetting();
  const [asking, setAsking] = useState(false);
  const helpId = useId();
  const help =
    setting.permission === 'denied' || setting.permission === 'unsupported'
      ? NOTIFICATION_HELP[setting.permission]
      : NOTIFICATION_HELP.default;

  const change = (on: boolean) => {
    setAsking(true);
    setting
      .set(on)
      .catch((error: unknown) => console.warn('Notification permission not asked', error))
      .finally(() => setAsking(false));
  };

  return (
    <div>
      <FormControlLabel
        label="Browser notifications"
        control={
          <Switch
            checked={setting.on}
            disabled={asking || setting.permission === 'unsupported'}
            onChange={(event) => change(event.target.checked)}
            color="secondary"
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
        {help}
      </Typography>
    </div>
  );
}
