import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { formatCompact, formatNumber } from '../../lib/format-number';

/** Text labels show from 1200 px; narrower screens (down to a phone) keep only the numbers. */
export function WideOnly({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
      {children}
    </Box>
  );
}

/** A number in full on wide screens and compact ('1.2M') on a phone. */
export function Amount({ value }: { value: number | undefined }) {
  if (value === undefined) return <span>—</span>;
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {formatNumber(value)}
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        {formatCompact(value)}
      </Box>
    </>
  );
}

export const pillSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: { xs: 0.25, sm: 0.5 },
  px: { xs: 0.625, sm: 1.25 },
  py: 0.5,
  borderRadius: 999,
  bgcolor: 'rgba(255,255,255,0.06)',
  color: 'text.primary',
  fontSize: { xs: '0.8rem', sm: '0.875rem' },
  fontWeight: 600,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  '& svg': { fontSize: { xs: 18, sm: 20 } },
} as const;

/** An icon and a value in a pill, named for assistive technology by `label`. */
export function Indicator({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box role="group" aria-label={label} sx={pillSx}>
      {icon}
      {children}
    </Box>
  );
}
