/** Refusals of two-factor sign-in and its settings (docs/api.md, "Two-factor"). */
export const TwoFactorErrorCode = {} as const;
export type TwoFactorErrorCode = (typeof TwoFactorErrorCode)[keyof typeof TwoFactorErrorCode];
