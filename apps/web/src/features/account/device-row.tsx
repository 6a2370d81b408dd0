import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * One device in a list of the account page (signed-in sessions, devices with notifications):
 * its label, "This device" on the browser in use, lines of detail and an action.
 */
export function DeviceRow({
  label,
  current,
  details,
  action,
}: {
  label: string;
  current: boolean;
  details: ReactNode[];
  action: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'space-between',
        py: 1.5,
        // A rule between rows: the list holds only its items (a separator element in a list
        // is not a list item).
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          {current && <Chip label="This device" color="secondary" size="small" />}
        </Stack>
        {details.map((line, i) => (
          <Typography key={i} variant="body2" sx={{ color: 'text.secondary' }}>
            {line}
          </Typography>
        ))}
      </Box>
      {action}
    </Box>
  );
}
