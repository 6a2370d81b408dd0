/** Refusals of the account settings (docs/api.md, "Account settings"). */
export const AccountErrorCode = {} as const;
export type AccountErrorCode = (typeof AccountErrorCode)[keyof typeof AccountErrorCode];
