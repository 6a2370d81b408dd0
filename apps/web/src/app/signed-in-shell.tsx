import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SUSPENSION_KEY } from '../api/account-suspended';
import { pushReducer } from '../api/push-slice';
import { usePushStream } from '../api/push-stream';
import { AppLayout } from '../features/layout/app-layout';
import { notifyMissionFinished } from '../features/notifications/mission-notification';
import { MissionToasts, useToastQueue } from '../features/notifications/mission-toasts';
import { MessageToasts, useMessageToasts } from '../features/inbox/message-toasts';
import { setPushReducer } from '../api/push-slot';
import { ProfileDialogsProvider } from './profile-dialogs-provider';

// Loaded with the signed-in frame only: the signed-out pages carry none of the push code.
setPushReducer(pushReducer);

/**
 * The signed-in frame (docs/architecture.md, Web): the layout with the current screen, and the
 * push stream, which lives exactly as long as the session does; a finished mission shows a toast
 * and, from one tab only, a browser notification. It gives the screens the profile's dialogs
 * (src/lib/profile-dialogs.ts).
 */
export function SignedInShell() {
  const navigate = useNavigate();
  const { toasts, push, dismiss } = useToastQueue();
  const messages = useMessageToasts();
  // Signed in again: a suspension's notice kept for the login screen is over.
  useEffect(() => {
    try {
      localStorage.removeItem(SUSPENSION_KEY);
    } catch {
      // No storage, nothing kept.
    }
  }, []);
  usePushStream((event, info) => {
    if (event.type === 'message.new') messages.push(event.data);
    if (event.type !== 'mission.finished') return;
    push(event.data);
    if (info.notify) notifyMissionFinished(event.data, (path) => void navigate(path));
  });
  return (
    <ProfileDialogsProvider>
      <AppLayout />
      <MissionToasts toasts={toasts} onDismiss={dismiss} />
      <MessageToasts toasts={messages.toasts} onDismiss={messages.dismiss} />
    </ProfileDialogsProvider>
  );
}
