import type { MissionErrorCode } from '@aleph/rules';
import type { ArenaErrorCode } from './arena.js';
import type { EconomyErrorCode } from './economy.js';
import type { HeroGrowthErrorCode } from './hero-growth.js';
import type { AccountErrorCode } from './account.js';
import type { TwoFactorErrorCode } from './two-factor.js';
import type { StaffErrorCode } from './staff.js';
import type { AllianceErrorCode } from './alliances.js';
import type { SocialErrorCode } from './player-messages.js';
import type { FriendErrorCode } from './friends.js';
import type { BazaarErrorCode } from './bazaar.js';
import type { PushErrorCode } from './push.js';

/**
 * Stable machine-readable error codes shared by server and web app: with MarketErrorCode below
 * and the rules' MissionErrorCode, the one catalogue (ApiErrorCode). The server's AppError
 * accepts no other code.
 */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  badJson: 'BAD_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  badOrigin: 'BAD_ORIGIN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  loginTaken: 'LOGIN_TAKEN',
  addressTaken: 'ADDRESS_TAKEN',
  loginInvalid: 'LOGIN_INVALID',
  emailInvalid: 'EMAIL_INVALID',
  passwordInvalid: 'PASSWORD_INVALID',
  signatureInvalid: 'SIGNATURE_INVALID',
  messageInvalid: 'MESSAGE_INVALID',
  nonceInvalid: 'NONCE_INVALID',
  refreshInvalid: 'REFRESH_INVALID',
  refreshReused: 'REFRESH_REUSED',
  // Password recovery (docs/api.md, "Password recovery").
  captchaInvalid: 'CAPTCHA_INVALID',
  resetTokenInvalid: 'RESET_TOKEN_INVALID',
  mailOff: 'MAIL_OFF',
  walletNotRegistered: 'WALLET_NOT_REGISTERED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  landNotFound: 'LAND_NOT_FOUND',
  heroNotFound: 'HERO_NOT_FOUND',
  boardNotFound: 'BOARD_NOT_FOUND',
  messageNotFound: 'MESSAGE_NOT_FOUND',
  missionTypeNotFound: 'MISSION_TYPE_NOT_FOUND',
  notUpgradable: 'NOT_UPGRADABLE',
  // Operator announcements and tools (CLI, test control).
  subjectEmpty: 'SUBJECT_EMPTY',
  subjectTooLong: 'SUBJECT_TOO_LONG',
  bodyEmpty: 'BODY_EMPTY',
  bodyTooLong: 'BODY_TOO_LONG',
  unknownItem: 'UNKNOWN_ITEM',
  badLevel: 'BAD_LEVEL',
  demoLoginTaken: 'DEMO_LOGIN_TAKEN',
  clockFixed: 'CLOCK_FIXED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Refusals of the marketplace; every one leaves balances unchanged. */
export const MarketErrorCode = {
  unknownPackage: 'UNKNOWN_PACKAGE',
  txHashRequired: 'TX_HASH_REQUIRED',
  txNotFound: 'TX_NOT_FOUND',
  txAlreadyUsed: 'TX_ALREADY_USED',
  txFailed: 'TX_FAILED',
  wrongSender: 'WRONG_SENDER',
  wrongRecipient: 'WRONG_RECIPIENT',
  amountTooLow: 'AMOUNT_TOO_LOW',
  wrongChain: 'WRONG_CHAIN',
  paymentUnavailable: 'PAYMENT_UNAVAILABLE',
  insufficientPlatinum: 'INSUFFICIENT_PLATINUM',
  insufficientGold: 'INSUFFICIENT_GOLD',
  idempotencyMismatch: 'IDEMPOTENCY_MISMATCH',
  purchaseNotFound: 'PURCHASE_NOT_FOUND',
} as const;
export type MarketErrorCode = (typeof MarketErrorCode)[keyof typeof MarketErrorCode];

/** Every code an API error body may carry. */
export type ApiErrorCode =
  | ErrorCode
  | MarketErrorCode
  | MissionErrorCode
  | ArenaErrorCode
  | EconomyErrorCode
  | HeroGrowthErrorCode
  | AccountErrorCode
  | TwoFactorErrorCode
  | StaffErrorCode
  | SocialErrorCode
  | FriendErrorCode
  | AllianceErrorCode
  | BazaarErrorCode
  | PushErrorCode;
