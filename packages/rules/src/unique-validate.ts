import { GAME_CONFIG } from './config.js';
import { UNIQUE_CONFIG, type UniqueEventDraft } from './config-unique.js';
import { itemByCode } from './items.js';
import { isRarity, SKILL_NAMES } from './world.js';

/** A field an operator got wrong, with a sentence saying what is allowed. */
export interface DraftProblem {
  readonly field: string;
  readonly message: string;
}

const L = UNIQUE_CONFIG.limits;
const { skillMin, skillMax } = GAME_CONFIG.heroes;

const whole = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

function rewardProblem(draft: UniqueEventDraft): DraftProblem | null {
  const { gold, xp, items } = draft.reward;
  if (!whole(gold, 0, L.goldMax))
    return { field: 'gold', message: `Gold must be a whole number from 0 to ${L.goldMax}.` };
  if (!whole(xp, 0, L.xpMax))
    return { field: 'xp', message: `XP must be a whole number from 0 to ${L.xpMax}.` };
  for (const [code, count] of Object.entries(items)) {
    if (!itemByCode(code))
      return { field: 'items', message: `There is no item ${code} in the catalogue.` };
    if (!whole(count, 1, L.itemCountMax))
      return {
        field: 'items',
        message: `Item counts must be whole numbers from 1 to ${L.itemCountMax}.`,
      };
  }
  if (gold === 0 && xp === 0 && Object.keys(items).length === 0)
    return { field: 'reward', message: 'An event must pay something: gold, XP or items.' };
  return null;
}

/**
 * The first thing wrong with an event an operator describes, or null. Dates are epoch ms; the
 * event must end after it starts, in the future, and last at most `limits.daysMax` days.
 */
export function uniqueDraftProblem(
  draft: UniqueEventDraft,
  startsAt: number,
  endsAt: number,
  now: number,
): DraftProblem | null {
  const name = draft.name.trim();
  if (name.length === 0 || name.length > L.nameMax)
    return { field: 'name', message: `The name must have 1 to ${L.nameMax} characters.` };
  if (draft.description.length > L.descriptionMax)
    return {
      field: 'description',
      message: `The description must have at most ${L.descriptionMax} characters.`,
    };
  if (!Number.isFinite(startsAt)) return { field: 'start', message: 'The start is not a date.' };
  if (!Number.isFinite(endsAt)) return { field: 'end', message: 'The end is not a date.' };
  if (endsAt <= startsAt) return { field: 'end', message: 'The end must come after the start.' };
  if (endsAt <= now) return { field: 'end', message: 'The end must be in the future.' };
  if (endsAt - startsAt > L.daysMax * GAME_CONFIG.time.msPerDay)
    return { field: 'end', message: `An event lasts at most ${L.daysMax} days.` };
  if (!whole(draft.places, 1, L.placesMax))
    return { field: 'places', message: `Places must be a whole number from 1 to ${L.placesMax}.` };
  const { skill, min, minRarity } = draft.requirement;
  if (!whole(skill, 0, SKILL_NAMES.length - 1))
    return { field: 'skill', message: `The skill must be one of ${SKILL_NAMES.join(', ')}.` };
  if (!whole(min, skillMin, skillMax))
    return {
      field: 'min',
      message: `The minimum must be a whole number from ${skillMin} to ${skillMax}.`,
    };
  if (minRarity !== null && !isRarity(minRarity))
    return {
      field: 'rarity',
      message: 'The rarity must be Common, Uncommon, Rare, Epic or Legendary.',
    };
  const { baseMinutes, skill: durationSkill } = draft.duration;
  if (!whole(baseMinutes, L.minutesMin, L.minutesMax))
    return {
      field: 'minutes',
      message: `The mission's base minutes must be a whole number from ${L.minutesMin} to ${L.minutesMax}.`,
    };
  if (!whole(durationSkill, 0, SKILL_NAMES.length - 1))
    return {
      field: 'duration-skill',
      message: `The duration skill must be one of ${SKILL_NAMES.join(', ')}.`,
    };
  return rewardProblem(draft);
}
