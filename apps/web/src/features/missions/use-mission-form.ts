import { useState } from 'react';
import type { Hero, Land, MissionRequirements } from '@aleph/contracts';
import type { LaunchRequest } from '../../lib/mission-launcher-context';
import {
  buildMissionBody,
  eligibleHeroes,
  extraParameters,
  missingChoices,
  SEARCH_HOURS,
  unsupportedParameters,
} from './mission-rules';

interface MissionFormData {
  requirements: MissionRequirements | undefined;
  lands: readonly Land[] | undefined;
  heroes: readonly Hero[] | undefined;
}

/**
 * The launcher's choices (land, hero, element, hours) and what follows from them. A choice
 * that no longer fits (a pre-selected hero who is busy, a land that is not the player's)
 * counts as not chosen, so the body is only ever built from valid choices.
 */
export function useMissionForm(request: LaunchRequest, data: MissionFormData) {
  const [landid, setLandid] = useState<number | null>(request.landid ?? null);
  const [heroid, setHeroid] = useState<number | null>(request.heroid ?? null);
  const [elemid, setElemid] = useState<number | null>(request.elemid ?? null);
  const [hours, setHours] = useState<number>(SEARCH_HOURS.default);

  const { requirements, lands, heroes } = data;
  const land = lands?.find((candidate) => candidate.landid === landid) ?? null;
  const candidates =
    land && heroes && requirements
      ? eligibleHeroes(heroes, land.landid, requirements.misRequirements.resident)
      : [];
  const hero = candidates.find((candidate) => candidate.heroid === heroid) ?? null;
  const extras = requirements ? extraParameters(requirements.parameters) : [];
  const choice = { missionType: request.missionType, land, hero, elemid, hours, extras };

  return {
    land,
    hero,
    elemid,
    hours,
    extras,
    /** Heroes the picker offers for the chosen land. */
    candidates,
    unsupported: unsupportedParameters(extras),
    missing: missingChoices(choice),
    body: requirements ? buildMissionBody(choice) : null,
    /** docs/screens.md (Mission launcher): changing the land clears the chosen hero. */
    chooseLand(id: number | null) {
      if (id === landid) return;
      setLandid(id);
      setHeroid(null);
    },
    chooseHero: setHeroid,
    chooseElement: setElemid,
    /** Sent only when the mission takes `hours`; a new value re-runs the check. */
    chooseHours: setHours,
  };
}

export type MissionForm = ReturnType<typeof useMissionForm>;
