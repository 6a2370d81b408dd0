import { AllianceErrorCode, MarketErrorCode } from '@aleph/contracts';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { readableTime } from '../../core/account-status.js';

/** The alliance API's refusals in the one error shape; none of them changes anything. */

export const allianceNotFound = () =>
  new AppError(404, AllianceErrorCode.allianceNotFound, 'There is no such alliance.');

export const memberNotFound = () =>
  new AppError(
    404,
    AllianceErrorCode.memberNotFound,
    'This player is not a member of this alliance.',
    'profileid',
  );

export const notAllowed = (what: string) =>
  forbidden(
    AllianceErrorCode.notAllowed,
    `Your role in this alliance does not allow you to ${what}.`,
  );

export const notMember = () =>
  forbidden(AllianceErrorCode.notMember, 'You are not a member of this alliance.');

export const alreadyMember = (field?: string) =>
  conflict(
    AllianceErrorCode.alreadyMember,
    field
      ? 'This player is already in an alliance.'
      : 'You are already in an alliance. Leave it first.',
    field,
  );

export const nameTaken = () =>
  conflict(AllianceErrorCode.nameTaken, 'An alliance with this name exists already.', 'name');

export const tagTaken = () =>
  conflict(AllianceErrorCode.tagTaken, 'An alliance with this tag exists already.', 'tag');

export const full = (max: number) =>
  conflict(AllianceErrorCode.full, `This alliance has its ${max} members.`);

export const rejoinWait = (until: Date) =>
  new AppError(
    409,
    AllianceErrorCode.rejoinWait,
    `After leaving an alliance you wait 24 hours before joining another: until ${readableTime(until)}.`,
    undefined,
    undefined,
    { until: until.toISOString() },
  );

export const levelTooLow = (level: number) =>
  forbidden(
    AllianceErrorCode.levelTooLow,
    `Alliances open at profile level ${level}. Upgrade your profile first.`,
  );

/** Founding costs treasury gold; with too little nothing is booked. */
export const insufficientGold = (price: number, have: number) =>
  conflict(
    MarketErrorCode.insufficientGold,
    `Founding an alliance costs ${price} gold and your treasury holds ${have}.`,
  );
