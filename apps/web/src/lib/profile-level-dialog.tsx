import { useId } from 'react';
import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { ProfileLevelContent } from './profile-level-content';
import { dialogPaperProps } from './dialog-paper';

interface ProfileLevelDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * 'Profile Level Information' (docs/screens.md). Shared by the top bar's level indicator and the
 * profile screen, so it lives here rather than in either feature. The spec gives it no action
 * buttons: it closes with the title's close icon, Escape or a click beside it.
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
