import Type, { type Static } from 'typebox';

/** One event of `GET /misaar/unique` (docs/api.md, "Unique missions"). */
export const UniqueEventView = Type.Object({
  eventid: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** 'open': heroes can be sent now; 'coming': opens at `start`. */
  status: Type.Union([Type.Literal('open'), Type.Literal('coming')]),
  start: Type.String(),
  end: Type.String(),
  places: Type.Integer(),
  placesLeft: Type.Integer(),
  requirement: Type.Object({
    /** Skill index (Mastery 0 .. Strength 7) and its name. */
    skill: Type.Integer(),
    skillName: Type.String(),
    min: Type.Integer(),
    /** Minimum rarity index, or null when any hero may go. */
    minRarity: Type.Union([Type.Integer(), Type.Null()]),
    /** 'Strength 70' or 'Agility 75, Epic or rarer'. */
    text: Type.String(),
  }),
  reward: Type.Object({
    gold: Type.Integer(),
    xp: Type.Integer(),
    items: Type.Array(
      Type.Object({ item_code: Type.String(), item_name: Type.String(), count: Type.Integer() }),
    ),
    /** The same as short lines: '2000 gold', '3 x Fire Seal', '6000 XP'. */
    lines: Type.Array(Type.String()),
  }),
  /** The mission's work: `baseMinutes * (1 - skill / 200)`. */
  duration: Type.Object({ baseMinutes: Type.Integer(), skill: Type.Integer() }),
  /** The caller's hero on this event, or null when they have not joined. */
  joined: Type.Union([
    Type.Null(),
    Type.Object({
      heroid: Type.Integer(),
      name: Type.String(),
      missionid: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ]),
});
export type UniqueEventView = Static<typeof UniqueEventView>;
export const UniqueEventList = Type.Array(UniqueEventView);
export type UniqueEventList = Static<typeof UniqueEventList>;
