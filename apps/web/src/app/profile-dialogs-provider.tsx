import type { ReactNode } from 'react';
import { profileDialogs } from '../features/profile/profile-dialogs';
import { ProfileDialogsContext } from '../lib/profile-dialogs';

/**
 * The profile's dialogs for the screens of other features (src/lib/profile-dialogs.ts). The
 * signed-in frame provides them, so the signed-out pages load none of their code.
 */
export function ProfileDialogsProvider({ children }: { children: ReactNode }) {
  return (
    <ProfileDialogsContext.Provider value={profileDialogs}>
      {children}
    </ProfileDialogsContext.Provider>
  );
}
