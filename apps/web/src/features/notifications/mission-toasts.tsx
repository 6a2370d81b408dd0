import type { MissionFinishedEvent } from '@aleph/contracts';
import { missionTitle } from '../../lib/mission-title';
import { ToastStack, useToastStack, type QueuedToast, type ToastView } from '../../lib/toast-stack';

/** Toasts on screen at once; later ones wait their turn. */
const TOASTS_SHOWN = 3;

/** docs/screens.md (Toasts): '<hero> returned from <mission title>: <outcome>'. */
export function missionFinishedText(event: MissionFinishedEvent): string {
  return `${event.heroName} returned from ${missionTitle(event.missionType)}: ${event.outcome}`;
}

/** The inbox with the report's Message Details open. */
export const reportPath = (reportId: number) => `/messages?message=${reportId}`;

/** The queue of finished-mission toasts: none gives way, so every report gets its turn. */
export const useToastQueue = () => useToastStack<MissionFinishedEvent>();

const view = (event: MissionFinishedEvent): ToastView => ({
  severity: 'success',
  text: missionFinishedText(event),
  link: event.reportId === null ? null : { label: 'View report', to: reportPath(event.reportId) },
});

/** Finished missions as toasts: top right on a desktop, at the bottom on a phone. */
export function MissionToasts(props: {
  toasts: readonly QueuedToast<MissionFinishedEvent>[];
  onDismiss(key: number): void;
}) {
  return (
    <ToastStack
      label="Mission reports"
      place={{
        top: { xs: 'auto', sm: 80 },
        bottom: { xs: 16, sm: 'auto' },
        left: { xs: 16, sm: 'auto' },
        right: 16,
      }}
      shown={TOASTS_SHOWN}
      view={view}
      {...props}
    />
  );
}
