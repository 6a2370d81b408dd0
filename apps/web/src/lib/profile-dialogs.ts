import { createContext, useContext, type ComponentType } from 'react';

export interface ProfileLevelDialogProps {
  open: boolean;
  onClose(): void;
}

export interface PublicProfileDialogProps {
  open: boolean;
  /** The profile to show; kept while the dialog closes so that it does not flash. */
  profileid: number | null;
  onClose(): void;
}

/**
 * The profile's dialogs, for the screens of other features: 'Profile Level Information' (the
 * top bar, the dashboard's quests) and another player's 'Profile Information' (the weekly
 * boards, the rating). They load their own data, so they live in the profile feature; features
 * do not import each other, so the app layer provides them here, as it does the mission
 * launcher (src/lib/mission-launcher-context.ts). A screen renders them where it did, with its
 * own open state.
 */
export interface ProfileDialogs {
  ProfileLevelDialog: ComponentType<ProfileLevelDialogProps>;
  PublicProfileDialog: ComponentType<PublicProfileDialogProps>;
}

export const ProfileDialogsContext = createContext<ProfileDialogs | null>(null);

export function useProfileDialogs(): ProfileDialogs {
  const dialogs = useContext(ProfileDialogsContext);
  if (!dialogs) throw new Error('useProfileDialogs needs the ProfileDialogsContext');
  return dialogs;
}
