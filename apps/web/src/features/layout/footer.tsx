import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Forum from '@mui/icons-material/Forum';
import MenuBook from '@mui/icons-material/MenuBook';
import Telegram from '@mui/icons-material/Telegram';
import X from '@mui/icons-material/X';

const env = import.meta.env;

/** External community links; each deployment sets its own through VITE_LINK_* variables. */
export const FOOTER_LINKS: { name: string; href: string; icon: ReactNode }[] = [
  { name: 'X', href: env.VITE_LINK_X ?? 'https://x.com', icon: <X /> },
  { name: 'Telegram', href: env.VITE_LINK_TELEGRAM ?? 'https://t.me', icon: <Telegram /> },
  { name: 'Discord', href: env.VITE_LINK_DISCORD ?? 'https://discord.com', icon: <Forum /> },
  { name: 'Documentation', href: env.VITE_LINK_DOCS ?? 'https://github.com', icon: <MenuBook /> },
];

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        px: { xs: 2, sm: 3 },
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        All rights reserved. 2025
      </Typography>
      <Stack component="nav" aria-label="Community" direction="row" spacing={0.5}>
        {FOOTER_LINKS.map((link) => (
          <IconButton
            key={link.name}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            nativeButton={false}
            aria-label={link.name}
            size="small"
            sx={{ color: 'text.secondary', '&:hover': { color: 'secondary.main' } }}
          >
            {link.icon}
          </IconButton>
        ))}
      </Stack>
    </Box>
  );
}
