import { useState } from 'react';
import type { ProfileSummary } from '@aleph/contracts';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import { useProfileDialogs } from '../../lib/profile-dialogs';
import { Amount, pillSx, WideOnly } from './indicator';

const badgeSx = {
  '& .MuiBadge-badge': {
    fontWeight: 800,
    fontSize: 11,
    minWidth: 14,
    height: 14,
    px: 0,
    transform: 'translate(30%, -30%)',
  },
};

/**
 * Profile level and XP, with a '+' badge when a level-up is possible. The button (named in
 * full for assistive technology) stretches over the whole pill and opens the 'Profile Level
 * Information' dialog; the visible text stays outside it so that the button's name does not
 * have to repeat the compact phone form.
 */
export function LevelIndicator({ level }: { level: ProfileSummary['level'] | undefined }) {
  const [open, setOpen] = useState(false);
  const { ProfileLevelDialog } = useProfileDialogs();
  const label = level
    ? `Profile level ${level.level}, ${level.profilePoints} XP${level.upgradable ? ', upgrade available' : ''}`
    : 'Profile level';
  return (
    <>
      <Badge badgeContent={level?.upgradable ? '+' : null} color="secondary" sx={badgeSx}>
        <Box
          sx={{
            ...pillSx,
            position: 'relative',
            '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' },
            '&:has(:focus-visible)': { outline: '2px solid', outlineColor: 'secondary.main' },
          }}
        >
          <ButtonBase
            aria-label={label}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
            sx={{
              '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 999 },
            }}
          >
            <MilitaryTech />
          </ButtonBase>
          <span aria-hidden="true">
            <WideOnly>Lv </WideOnly>
            {level?.level ?? '—'} · <Amount value={level?.profilePoints} />
            <WideOnly> XP</WideOnly>
          </span>
        </Box>
      </Badge>
      <ProfileLevelDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
