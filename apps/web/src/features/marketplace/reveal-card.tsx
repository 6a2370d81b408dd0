import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface RevealCardProps {
  /** 'Your new land'. */
  heading: string;
  /** The land's or hero's name. */
  name: string;
  /** A smaller line under the name, such as 'Hero #12'. */
  caption?: string;
  image: ReactNode;
  /** 'Open land' and where it leads. */
  open: { label: string; to: string };
  children: ReactNode;
}

/** What a mint brought: a picture, a name, its facts and a link to its own screen. */
export function RevealCard({ heading, name, caption, image, open, children }: RevealCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'secondary.main' }}
    >
      <Typography id={headingId} variant="overline" component="h2" sx={{ color: 'secondary.main' }}>
        {heading}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: '1fr', sm: 'auto minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {image}
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Box>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {name}
            </Typography>
            {caption && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {caption}
              </Typography>
            )}
          </Box>
          {children}
          <Button
            component={RouterLink}
            to={open.to}
            variant="contained"
            color="secondary"
            sx={{ alignSelf: 'flex-start' }}
          >
            {open.label}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
