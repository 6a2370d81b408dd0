import { itemByCode, type Element } from '@aleph/rules';
import type { GrantBody } from '@aleph/contracts';
import type { Db, Tx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { grantToLand, grantToProfile, type LandGrant } from '../../modules/world/grants.js';
import { STAFF_SENDER, type Staff } from './accounts.js';
import { lockTarget } from './target.js';
import { writeMessages } from '../../core/inbox.js';
import { plainTextToHtml } from '../../modules/messages/announce.js';

const need = (field: string, what: string) =>
  badRequest('VALIDATION_ERROR', `${field} is required to grant ${what}.`, field);

/**
 * `POST /diwan/players/{id}/grant` (admins): gold, platinum or XP to the profile, items,
 * elementals or shards to one of the player's lands; a negative amount takes back. Booked
 * through the change book by the grant service the CLI uses (modules/world/grants.ts), its
 * ledger entries naming the staff-log row (cause 'staff'), so `admin audit` stays balanced and
 * the player's ledger says why. The player is told in the inbox, in staff's words.
 */
export async function staffGrant(
  db: Db,
  targetId: number,
  body: GrantBody,
  staff: Staff,
  now: Date,
): Promise<number> {
  if (body.amount === 0) {
    throw badRequest('VALIDATION_ERROR', 'amount must not be 0.', 'amount');
  }
  // The account exists and is not the granter's own (checked before anything is booked).
  await db.transaction((tx) => lockTarget(tx, targetId, staff.actor));
  const gift = body.amount > 0;
  const record = {
    ...staff,
    also: async (tx: Tx) => {
      await writeMessages(tx, [
        {
          profileId: targetId,
          subject: gift ? 'A gift from the staff' : 'A correction to your account',
          body: plainTextToHtml(body.notice),
          kind: 'system',
          senderName: STAFF_SENDER,
          at: now,
        },
      ]);
    },
  };
  if (body.kind === 'gold' || body.kind === 'platinum' || body.kind === 'xp') {
    const id = await grantToProfile(
      db,
      targetId,
      { [body.kind]: body.amount },
      now,
      'staff',
      record,
    );
    return id!;
  }
  if (body.landid === undefined) throw need('landid', body.kind);
  let grant: LandGrant;
  if (body.kind === 'item') {
    if (body.item === undefined) throw need('item', 'an item');
    const code = body.item.toUpperCase();
    if (!itemByCode(code))
      throw badRequest('UNKNOWN_ITEM', `There is no item ${body.item}.`, 'item');
    grant = { items: { [code]: body.amount } };
  } else {
    if (body.elemid === undefined) throw need('elemid', body.kind);
    const change = { element: body.elemid as Element, amount: body.amount };
    grant = body.kind === 'elementals' ? { elementals: change } : { shards: change };
  }
  const id = await grantToLand(db, body.landid, grant, now, 'staff', {
    ...record,
    ownerId: targetId,
  });
  return id!;
}
