import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SUSPENSION_KEY } from '../api/account-suspended';
import { pushReducer } from '../api/push-slice';
import { usePushStream } from '../api/push-stream';
import { AppLayout } from '../features/layout/app-layout';
import { notifyMissionFinished } from '../features/notifications/mission-notification';
import { MissionToasts, useToastQueue } from '../features/notifications/mission-toasts';
import { MessageToasts, useMessageToasts } from '../features/inbox/message-toasts';
import { BazaarToasts, useBazaarToasts } from '../features/bazaar/bazaar-toasts';
import { setPushReducer } from '../api/push-slot';
import { ProfileDialogsProvider } from './profile-dialogs-provider';
import { BazaarSellProvider } from './bazaar-sell-provider';

// Loaded with the signed-in frame only: the signed-out pages carry none of the push code.
setPushReducer(pushReducer);

/**
 * The signed-in frame (docs/architecture.md, Web): the layout with the current screen, and the
 * push stream, which lives exactly as long as the session does; a finished mission shows a toast
 * and, from one tab only, a browser notification; a Bazaar sale, purchase or outbid a toast. It
 * gives the screens the profile's dialogs (src/lib/profile-dialogs.ts) and the Bazaar's sell
 * dialog (src/lib/bazaar-sell.ts).
 */
export function SignedInShell() {
  const navigate = useNavigate();
  const { toasts, push, dismiss } = useToastQueue();
  const messages = useMessageToasts();
  const bazaar = useBazaarToasts();
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
    if (
      event.type === 'bazaar.sold' ||
      event.type === 'bazaar.bought' ||
      event.type === 'bazaar.outbid'
    )
      bazaar.push(event.type, event.data);
    if (event.type !== 'mission.finished') return;
    push(event.data);
    if (info.notify) notifyMissionFinished(event.data, (path) => void navigate(path));
  });
  return (
    <ProfileDialogsProvider>
      <BazaarSellProvider>
        <AppLayout />
      </BazaarSellProvider>
      <MissionToasts toasts={toasts} onDismiss={dismiss} />
      <MessageToasts toasts={messages.toasts} onDismiss={messages.dismiss} />
      <BazaarToasts toasts={bazaar.toasts} onDismiss={bazaar.dismiss} />
    </ProfileDialogsProvider>
  );
}
