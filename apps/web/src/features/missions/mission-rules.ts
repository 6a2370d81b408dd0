import type {
  Hero,
  Land,
  MissionBody,
  MissionCheckResponse,
  MissionTypeName,
} from '@aleph/contracts';
import { GAME_CONFIG, validSearchHours } from '@aleph/rules';

/** docs/screens.md (Mission launcher): these are the body's own fields, never asked for as extra parameters. */
const BASE_PARAMETERS = ['profileid', 'landid', 'heroid'];

/** Extra parameters the launcher fills from the chosen land instead of asking. */
export const LAND_DERIVED_PARAMETERS = ['currentLevel', 'currentSeal'] as const;

/** SEARCHELEMENT's `hours`: whole hours searched, from the rules' config (1 to 24, default 1). */
export const SEARCH_HOURS = GAME_CONFIG.missions.SEARCHELEMENT.hours;

/** Every whole number of hours a search can last, shortest first. */
export function searchHourChoices(): number[] {
  const { min, max } = SEARCH_HOURS;
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

/** The requirement's parameters minus profileid, landid and heroid. */
export function extraParameters(parameters: readonly string[]): string[] {
  return parameters.filter((name) => !BASE_PARAMETERS.includes(name));
}

/** Parameters this launcher can neither ask for nor derive: the mission cannot be launched. */
export function unsupportedParameters(extras: readonly string[]): string[] {
  const known: readonly string[] = ['elemid', 'hours', ...LAND_DERIVED_PARAMETERS];
  return extras.filter((name) => !known.includes(name));
}

/**
 * docs/screens.md (Mission launcher), the hero picker: free heroes only; a resident-only mission takes heroes
 * living on the chosen land, any other mission heroes with no residence or another one.
 */
export function eligibleHeroes(heroes: readonly Hero[], landid: number, resident: boolean): Hero[] {
  return heroes
    .filter((hero) => !hero.busy)
    .filter((hero) => (resident ? hero.residenceid === landid : hero.residenceid !== landid))
    .sort((a, b) => a.heroid - b.heroid);
}

export interface MissionChoice {
  missionType: MissionTypeName;
  land: Land | null;
  hero: Hero | null;
  elemid: number | null;
  /** Sent as `hours` when the extras ask for it (SEARCHELEMENT). */
  hours: number;
  /** From the requirements: extraParameters(parameters). */
  extras: readonly string[];
}

/** What is still to choose, in the dialog's order; empty when the body is complete. */
export function missingChoices(choice: MissionChoice): string[] {
  const missing: string[] = [];
  if (!choice.land) missing.push('a land');
  if (!choice.hero) missing.push('a hero');
  if (choice.extras.includes('elemid') && choice.elemid === null) missing.push('an element');
  return missing;
}

/**
 * The check and start body, or null until everything required is set. currentLevel and
 * currentSeal are read from the land for the chosen element (docs/screens.md); hours is sent
 * only to a mission that takes it.
 */
export function buildMissionBody(choice: MissionChoice): MissionBody | null {
  const { land, hero, elemid, hours, extras } = choice;
  if (!land || !hero || unsupportedParameters(extras).length > 0) return null;
  const body: MissionBody = {
    missionType: choice.missionType,
    landid: land.landid,
    heroid: hero.heroid,
  };
  for (const name of extras) {
    if (name === 'hours') {
      if (!validSearchHours(hours)) return null;
      body.hours = hours;
      continue;
    }
    // Every other supported extra is the element or read from the land for that element.
    if (elemid === null) return null;
    if (name === 'elemid') body.elemid = elemid;
    if (name === 'currentLevel') {
      const level = land.elements[elemid];
      if (level === undefined) return null;
      body.currentLevel = level;
    }
    if (name === 'currentSeal') {
      const seal = land.vault.seals[elemid];
      if (seal === undefined) return null;
      body.currentSeal = seal;
    }
  }
  return body;
}

/** 'READY TO LAUNCH': the check is ok and the elemental and item needs are met. */
export function isReadyToLaunch(check: MissionCheckResponse): boolean {
  const { elementals, items } = check.ingredients;
  return check.ok && elementals.enough && items.enough;
}
