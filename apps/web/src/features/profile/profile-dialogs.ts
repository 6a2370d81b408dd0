import type { ProfileDialogs } from '../../lib/profile-dialogs';
import { ProfileLevelDialog } from './profile-level-dialog';
import { PublicProfileDialog } from './public-profile-dialog';

/** The profile's dialogs as other features' screens open them (src/lib/profile-dialogs.ts). */
export const profileDialogs: ProfileDialogs = { ProfileLevelDialog, PublicProfileDialog };
