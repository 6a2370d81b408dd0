import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A console section's heading (under the console's h1) and what it lists. */
export function PageTitle({ title, about }: { title: string; about: string }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {about}
      </Typography>
    </Stack>
  );
}
