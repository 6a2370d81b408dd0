import { isMissionType, MISSION_TYPES } from '@aleph/rules';

/** A mission type's title as the launcher shows it (docs/screens.md, Mission launcher). */
export function missionTitle(missionType: string): string {
  return isMissionType(missionType) ? MISSION_TYPES[missionType].missionName : 'Mission';
}
