import { useState } from 'react';
import Box from '@mui/material/Box';
import { useProfileDialogs } from '../../lib/profile-dialogs';
import { AllianceBoardSection } from './alliance-board';
import { BoardSection } from './board-section';

/**
 * The dashboard's TOP tab: both weekly boards side by side from 900 px, stacked on a phone.
 * Gold needs profileLevel2 and XP profileLevel1 (docs/screens.md). A name opens the
 * 'Profile Information' dialog. The weekly alliance board follows across the full width.
 */
export function TopBoards() {
  const [open, setOpen] = useState(false);
  const [profileid, setProfileid] = useState<number | null>(null);
  const { PublicProfileDialog } = useProfileDialogs();
  const openProfile = (id: number) => {
    setProfileid(id);
    setOpen(true);
  };
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          alignItems: 'start',
        }}
      >
        <BoardSection
          title="Weekly Top Gold Claimers"
          board="TOP_GOLD_CLAIMERS"
          flag="profileLevel2"
          onOpenProfile={openProfile}
        />
        <BoardSection
          title="Weekly Top XP Gainers"
          board="TOP_XP_GAINERS"
          flag="profileLevel1"
          onOpenProfile={openProfile}
        />
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <AllianceBoardSection />
        </Box>
      </Box>
      <PublicProfileDialog open={open} profileid={profileid} onClose={() => setOpen(false)} />
    </>
  );
}
