import Type, { type Static } from 'typebox';

/** Hero growth (`/abtal/heroes/{id}/upskills` and `/pot`, docs/api.md). */

export const HeroGrowthErrorCode = {
  notEnoughPoints: 'NOT_ENOUGH_POINTS',
  potActive: 'POT_ACTIVE',
  noSkillPot: 'NO_SKILL_POT',
  notLivingThere: 'NOT_LIVING_THERE',
} as const;
export type HeroGrowthErrorCode = (typeof HeroGrowthErrorCode)[keyof typeof HeroGrowthErrorCode];

/** Points to add to each skill now, in the order of `skills`; spending is final. */
export const UpskillsBody = Type.Object(
  {
    skills: Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { minItems: 8, maxItems: 8 }),
  },
  { additionalProperties: false },
);
export type UpskillsBody = Static<typeof UpskillsBody>;

/** A Skill Pot from land `landid`'s inventory on a hero living there: +15 to `skill` for 24 h. */
export const PotBody = Type.Object(
  {
    landid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    skill: Type.Integer({ minimum: 0, maximum: 7 }),
  },
  { additionalProperties: false },
);
export type PotBody = Static<typeof PotBody>;
