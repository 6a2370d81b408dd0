import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import emblem from '../../assets/favicon.svg';
import landscape from '../../assets/login-landscape.svg';

/**
 * The signed-out screens' frame: a full-screen landscape under a dark overlay and a centred
 * card with the game title and a subtitle. Both pictures are small SVGs that the build inlines
 * (or, were they larger, names by their hash, cached for good), and the emblem has its size in
 * its attributes: nothing on the first screen waits for a download or shifts when one arrives.
 */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        backgroundColor: '#1b1b1f',
        backgroundImage: `linear-gradient(rgba(10,10,14,0.45), rgba(10,10,14,0.7)), url("${landscape}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Paper
        elevation={12}
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 4 },
          backgroundColor: 'rgba(54, 54, 54, 0.92)',
          backdropFilter: 'blur(6px)',
        }}
      >
        <Stack spacing={0.5} sx={{ alignItems: 'center', mb: 3, textAlign: 'center' }}>
          <Box component="img" src={emblem} alt="" width={56} height={56} />
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.9rem' }}>
            Lands of Aleph
          </Typography>
          <Typography variant="h6" component="h2" sx={{ color: 'secondary.main' }}>
            {subtitle}
          </Typography>
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
