import { createContext, useContext } from 'react';
import type { MissionTypeName } from '@aleph/contracts';

/**
 * How a screen asks for the mission launcher dialog without importing the missions feature:
 * the app layer provides the implementation (features do not import each other).
 */
export interface LaunchRequest {
  missionType: MissionTypeName;
  /** Pre-selected land; the player can still change it in the dialog. */
  landid?: number;
  /** Pre-selected hero. */
  heroid?: number;
  /** Pre-selected element for UPGRADETOWER, UPGRADESEAL and SEARCHELEMENT. */
  elemid?: number;
}

export interface MissionLauncher {
  /** Opens the dialog; throws Error('MissionLauncher already open') when one is open. */
  open(request: LaunchRequest): void;
  readonly isOpen: boolean;
}

export const MISSION_LAUNCHER_ALREADY_OPEN = 'MissionLauncher already open';

export const MissionLauncherContext = createContext<MissionLauncher | null>(null);

export function useMissionLauncher(): MissionLauncher {
  const launcher = useContext(MissionLauncherContext);
  if (!launcher) throw new Error('useMissionLauncher needs the MissionLauncherProvider');
  return launcher;
}
