import { reservationFor } from './mission-formulas.js';
import { missionDuration } from './mission-duration.js';
import { MissionErrorCode, missionError, type MissionError } from './mission-errors.js';
import { findRefusal } from './mission-refusals.js';
import { missionComments, missionRewardSpec, type TextContext } from './mission-texts.js';
import type { MissionCheckInput, Reservation } from './model.js';
import { minutesToMs } from './time.js';
import { landVolumeAt } from './vault.js';
import { elementName, isElement, isMissionType } from './world.js';
import { itemName } from './items.js';

export interface IngredientStatus {
  readonly need: number;
  readonly enough: boolean;
}

/** The mission check result (docs/api.md). */
export interface MissionCheckResult {
  readonly ok: boolean;
  readonly eta: { readonly minutes: number };
  readonly comments: string[];
  readonly reward: { readonly rewardSpec: string[] };
  /** `items` counts item units and shards together: both come from the land's stores. */
  readonly ingredients: { readonly elementals: IngredientStatus; readonly items: IngredientStatus };
  readonly error?: MissionError;
}

export interface MissionCheck {
  readonly result: MissionCheckResult;
  /** What start takes from the balances; null when refused. */
  readonly reservation: Reservation | null;
  /** Settlement time: `now + eta.minutes`, epoch ms. */
  readonly etaAt: number;
}

interface Ingredients {
  readonly elementals: IngredientStatus;
  readonly items: IngredientStatus;
  /** Readable shortfalls, e.g. '3 Tower Stone (you have 1)'. */
  readonly missing: string[];
}

function ingredients(res: Reservation, input: MissionCheckInput, now: number): Ingredients {
  const missing: string[] = [];
  const short = (need: number, have: number, what: string): boolean => {
    if (have >= need) return false;
    missing.push(`${need} ${what} (you have ${Math.floor(have)})`);
    return true;
  };
  const { land, landItems } = input;
  let elementalsShort = false;
  let shardsShort = false;
  if (res.elemid !== null) {
    const name = elementName(res.elemid);
    const volume = landVolumeAt(land, res.elemid, now);
    elementalsShort = short(res.elementals, volume, `${name} elementals`);
    shardsShort = short(res.shards, land.shards[res.elemid], `${name} shards`);
  }
  const entries = Object.entries(res.items);
  const itemShort = entries.map(([code, n]) => short(n, landItems[code] ?? 0, itemName(code)));
  const itemNeed = entries.reduce((sum, [, n]) => sum + n, 0) + res.shards;
  return {
    elementals: { need: res.elementals, enough: !elementalsShort },
    items: { need: itemNeed, enough: !shardsShort && !itemShort.includes(true) },
    missing,
  };
}

function unknownType(input: MissionCheckInput, now: number): MissionCheck {
  const none = { need: 0, enough: true };
  const error = missionError(
    MissionErrorCode.unknownMission,
    `There is no mission called "${input.type}".`,
    'missionType',
  );
  return {
    result: {
      ok: false,
      eta: { minutes: 0 },
      comments: [],
      reward: { rewardSpec: [] },
      ingredients: { elementals: none, items: none },
      error,
    },
    reservation: null,
    etaAt: now,
  };
}

/**
 * The one validation behind check and start. Start applies `reservation` and sets the hero
 * busy until `etaAt` only when `result.ok`; check returns `result` alone.
 */
export function checkMission(input: MissionCheckInput, now: number): MissionCheck {
  if (!isMissionType(input.type)) return unknownType(input, now);
  const type = input.type;
  const { land, hero, params } = input;
  const elemid = isElement(params.elemid) ? params.elemid : null;
  const reservation = reservationFor(type, land, hero, elemid);
  const minutes = missionDuration(type, hero, land, params);
  const stock = ingredients(reservation, input, now);
  const missingError =
    stock.missing.length > 0
      ? missionError(
          MissionErrorCode.ingredientsMissing,
          `Not enough: ${stock.missing.join(', ')}.`,
        )
      : null;
  const error = findRefusal(type, input, now) ?? missingError;
  const uniqueEvent = type === 'UNIQUE' ? (input.unique?.event ?? null) : null;
  const context: TextContext = {
    type,
    land,
    hero,
    elemid,
    reservation,
    now,
    uniqueEvent,
    hours: params.hours ?? null,
  };
  const result: MissionCheckResult = {
    ok: error === null,
    eta: { minutes },
    comments: missionComments(context),
    reward: { rewardSpec: missionRewardSpec(context) },
    ingredients: { elementals: stock.elementals, items: stock.items },
    ...(error === null ? {} : { error }),
  };
  return {
    result,
    reservation: error === null ? reservation : null,
    etaAt: now + minutesToMs(minutes),
  };
}
