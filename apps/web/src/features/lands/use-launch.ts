import { useMissionLauncher, type LaunchRequest } from '../../lib/mission-launcher-context';

/**
 * Opens the mission launcher. Only one may be open; the dialog is modal, so a second open
 * can only come from a double activation and is dropped (with a console note).
 */
export function useLaunch(): (request: LaunchRequest) => void {
  const launcher = useMissionLauncher();
  return (request) => {
    try {
      launcher.open(request);
    } catch (error) {
      console.warn('Mission launcher not opened', error);
    }
  };
}
