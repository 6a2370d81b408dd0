import { MarketErrorCode } from '@aleph/contracts';
import { AppError, conflict } from '../../lib/errors.js';
import type { PaymentRefusal } from './payments/types.js';

/** The marketplace's refusals in the one error shape. None of them changes anything. */

/** A hash that names no transaction is a bad input; any other refusal conflicts with the chain. */
const BAD_INPUT = new Set<string>([MarketErrorCode.txNotFound, MarketErrorCode.txHashRequired]);

export function paymentRefused(refusal: PaymentRefusal): AppError {
  return new AppError(
    BAD_INPUT.has(refusal.code) ? 400 : 409,
    refusal.code,
    refusal.message,
    'txHash',
  );
}

export const txAlreadyUsed = () =>
  conflict(
    MarketErrorCode.txAlreadyUsed,
    'This transaction has already been used for a purchase. Each payment buys Platinum once.',
    'txHash',
  );

export const idempotencyMismatch = () =>
  conflict(
    MarketErrorCode.idempotencyMismatch,
    'This purchase key was already used for a different purchase. Use a new key for a new purchase.',
    'idempotencyKey',
  );

export const insufficientPlatinum = (what: string, price: number, have: number) =>
  conflict(
    MarketErrorCode.insufficientPlatinum,
    `${what} costs ${price} platinum and you have ${have}. Buy Platinum first.`,
  );

export const insufficientGold = (what: string, price: number, have: number) =>
  conflict(
    MarketErrorCode.insufficientGold,
    `${what} costs ${price} gold and your treasury holds ${have}.`,
  );

export const paymentUnavailable = () =>
  new AppError(
    503,
    MarketErrorCode.paymentUnavailable,
    'The payment network cannot be reached right now. Please try again in a minute.',
    undefined,
    { 'retry-after': '30' },
  );

/** The name of the unique index a Postgres 23505 error violated, if that is what it is. */
export { uniqueViolationOf as violatedIndex } from '../../db/pg-errors.js';
