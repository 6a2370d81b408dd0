import type { MissionFinishedEvent } from '@aleph/contracts';
import { showBrowserNotification } from '../../lib/browser-notifications';
import { missionFinishedText, reportPath } from './mission-toasts';

/** docs/screens.md (Toasts): the browser notification's title. */
export const MISSION_NOTIFICATION_TITLE = 'Mission finished';

/**
 * The browser notification for a finished mission, when the player turned them on and the
 * browser allows them; clicking it opens the report. One per mission: the tag makes a second
 * one replace the first.
 */
export function notifyMissionFinished(
  event: MissionFinishedEvent,
  navigate: (path: string) => void,
) {
  const { reportId } = event;
  showBrowserNotification(MISSION_NOTIFICATION_TITLE, {
    body: missionFinishedText(event),
    tag: `mission-${event.missionId}`,
    onClick: reportId === null ? undefined : () => navigate(reportPath(reportId)),
  });
}
