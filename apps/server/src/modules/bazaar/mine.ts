import type { MyBazaar } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** My Bazaar (owner: helper D). */
export function myBazaar(_db: Db, _profileId: number, _now: Date): Promise<MyBazaar> {
  throw new Error('myBazaar: not built yet');
}
