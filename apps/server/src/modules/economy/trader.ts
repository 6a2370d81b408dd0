import type { TradeBody, TradeResult } from '@aleph/contracts';
import { traderGoodOf, type Element, type TraderGood } from '@aleph/rules';
import type { Db } from '../../db/client.js';
import { unknownGood } from './errors.js';
import { submitTrade, type Side } from './trader-desk.js';

export type { Side };

/** The good a trade body names; 400 naming the field when it names none the trader deals in. */
export function goodOfBody(body: TradeBody): TraderGood {
  if (body.kind === 'item') {
    const good = traderGoodOf(`item:${body.code ?? ''}`);
    if (!good) throw unknownGood('code');
    return good;
  }
  if (body.elemid === undefined) throw unknownGood('elemid');
  return { type: body.kind, element: body.elemid as Element };
}

/**
 * A sale to or a purchase from the trader at the price the player was quoted, once per
 * Idempotency-Key. The trades of one good are booked by the good's desk (trader-desk.ts), in
 * arrival order, each priced on the pressure the previous one left: no update is lost, and a
 * quote that is no longer the price is refused with the price now (docs/game-rules.md).
 */
export function trade(
  db: Db,
  profileId: number,
  side: Side,
  body: TradeBody,
  key: string,
  now: Date,
): Promise<TradeResult> {
  const good = goodOfBody(body);
  const shape = {
    landid: body.landid,
    kind: body.kind,
    code: body.code ?? null,
    elemid: body.elemid ?? null,
    quantity: body.quantity,
    price: body.price,
  };
  return submitTrade(db, good, { profileId, side, body, key, shape, now });
}
