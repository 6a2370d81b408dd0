import { useId } from 'react';
import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { dialogPaperProps } from '../../lib/dialog-paper';
import type { ProfileLevelDialogProps } from '../../lib/profile-dialogs';
import { ProfileLevelContent } from './profile-level-content';

/**
 * 'Profile Level Information' (docs/screens.md). The profile screen opens it, and so do the top
 * bar's level indicator and the dashboard's quests, through `useProfileDialogs`
 * (src/lib/profile-dialogs.ts). The spec gives it no action buttons: it closes with the title's
 * close icon, Escape or a click beside it.
 */
export function ProfileLevelDialog({ open, onClose }: ProfileLevelDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Profile Level Information
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 10, color: 'text.secondary' }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <ProfileLevelContent />
      </DialogContent>
    </Dialog>
  );
}
