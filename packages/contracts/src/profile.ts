import Type, { type Static } from 'typebox';

export const ProfileSummary = Type.Object({
  /** Beyond the documented summary; the profile page and the top bar show who is signed in. */
  nickname: Type.String(),
  vip: Type.Object({ vipPoints: Type.Integer(), vipLevel: Type.Integer() }),
  level: Type.Object({
    level: Type.Integer(),
    profilePoints: Type.Integer(),
    upgradable: Type.Boolean(),
  }),
  treasury: Type.Object({ gold: Type.Integer(), platinum: Type.Integer() }),
  /**
   * While staff have muted the player (docs/api.md, "Operators"): when the mute ends (ISO).
   * Absent when the player is not muted.
   */
  mutedUntil: Type.Optional(Type.String({ format: 'date-time' })),
});
export type ProfileSummary = Static<typeof ProfileSummary>;

export const Features = Type.Array(Type.String());
export type Features = Static<typeof Features>;
