import { drawSeed } from '../../lib/seed-source.js';
import { createRng, GAME_CONFIG, starterGrant } from '@aleph/rules';
import type { AccountCreatedHook } from '../../core/accounts.js';
import { writeMessages } from '../../core/inbox.js';
import { createHero, createLand } from '../../core/create-lands-heroes.js';

const WELCOME_BODY = [
  '<p>Welcome to <b>Lands of Aleph</b>!</p>',
  '<p>You hold a land on the continent of Aleph and three heroes. Two live on your land; the third has no home yet.</p>',
  '<ul>',
  '<li>Open your land and press <b>Claim Gold</b> to send a hero for the gold it produced.</li>',
  '<li>Collect the <b>Daily Reward</b> once a day with a hero who lives there, and send the other to <b>Search</b> for elementals.</li>',
  '<li>Missions earn XP: level up your profile to unlock new features.</li>',
  '</ul>',
].join('');

/**
 * The starter grant (docs/game-rules.md), inside the registration transaction: one land on Aleph
 * at a free slot that has produced for a day already, three Common heroes (two resident, one
 * without residence), a welcome message.
 */
export const grantStarter: AccountCreatedHook = async (tx, account) => {
  const rng = createRng(drawSeed());
  // The rules draw what the grant is; the database decides which slot is free.
  const grant = starterGrant(rng, () => false);
  if (!grant) throw new Error('starter grant failed');
  const producingSince = new Date(
    account.now.getTime() - GAME_CONFIG.starter.landGoldDays * GAME_CONFIG.time.msPerDay,
  );
  const land = await createLand(
    tx,
    account.userId,
    { ...grant.land, producingSince },
    rng,
    account.now,
  );
  for (const { hero, resident } of grant.heroes) {
    await createHero(tx, account.userId, hero, resident ? land.id : null, account.now);
  }
  await writeMessages(tx, [
    {
      profileId: account.userId,
      subject: `Welcome to Lands of Aleph, ${account.login}!`,
      body: WELCOME_BODY,
      kind: 'welcome',
      at: account.now,
    },
  ]);
};
