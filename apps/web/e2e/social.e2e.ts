import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn, type Player } from './player.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * Players meet (issue #36), two browser contexts in the demo world: Quill writes to Piper and
 * Piper answers; Piper founds an alliance by application, Quill applies and Piper accepts;
 * they befriend each other from the alliance's member list; each sees the other's chat line
 * appear without a reload; then Piper blocks Quill, and Quill's next message never reaches
 * Piper while Quill's Sent view lists it. Screens photographed at 1440 and 390 px.
 */
let world: VeteranWorld;
let piper: Player;
let quill: Player;

/** The operator's console API opens alliances and profiles to the two: a level and the founding gold. */
async function grantAsOperator(page: Page, login: string, level: number, gold: number) {
  const found = await api<{ players: { id: number; login: string }[] }>(
    page,
    'GET',
    `/diwan/players?q=${encodeURIComponent(login)}`,
  );
  const id = found.body.players.find((p) => p.login === login)!.id;
  const reason = 'e2e: a player of the social journey';
  expect((await api(page, 'POST', `/diwan/players/${id}/level`, { level, reason })).status).toBe(
    200,
  );
  if (gold > 0) {
    const grant = await api(page, 'POST', `/diwan/players/${id}/grant`, {
      kind: 'gold',
      amount: gold,
      reason,
      notice: 'Gold to found your alliance.',
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  }
}

beforeAll(async () => {
  world = await startVeteranWorld('social');
  piper = await createPlayer(world.server, 'piper');
  quill = await createPlayer(world.server, 'quill');
  const staff = await pageWithWallet(world.browser, world.server.url, world.operator.account);
  await logIn(staff.page, world.operator);
  // Level three: other players' profiles open from there (the spec's level table).
  await grantAsOperator(staff.page, piper.login, 3, 12_000);
  await grantAsOperator(staff.page, quill.login, 3, 0);
  await staff.context.close();
});
afterAll(async () => {
  await world?.stop();
});

/** Sends a message from the inbox's 'New message' dialog, the recipient picked by nickname. */
async function write(page: Page, to: string, subject: string, body: string) {
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByLabel('To').fill(to);
  await page.getByRole('option', { name: to }).click();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill(body);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('players meet in the browser', () => {
  it('write, found and join an alliance, befriend, chat live, and block', async () => {
    const { browser, server } = world;
    const p = (await pageWithWallet(browser, server.url, piper.account, DESKTOP)).page;
    const q = (await pageWithWallet(browser, server.url, quill.account, DESKTOP)).page;
    await logIn(p, piper);
    await logIn(q, quill);

    // Quill writes; Piper reads it in the inbox and replies from its details.
    await write(
      q,
      piper.login,
      'Hello neighbour',
      'Saw your lands by the river.\nShall we team up?',
    );
    await p.goto('/messages');
    await p
      .getByRole('row')
      .filter({ hasText: 'Hello neighbour' })
      .getByRole('cell')
      .nth(2)
      .click();
    const details = p.getByRole('dialog', { name: 'Message Details' });
    await details.getByText('Shall we team up?').waitFor();
    await screenshot(p, 'player-message-1440');
    await details.getByRole('button', { name: 'Reply' }).click();
    const reply = p.getByRole('dialog', { name: 'New message' });
    expect(await reply.getByLabel('Subject').inputValue()).toBe('Re: Hello neighbour');
    await reply.getByLabel('Message').fill('Gladly. I am founding an alliance today.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await reply.waitFor({ state: 'hidden' });
    await q.goto('/messages');
    await q.getByRole('row').filter({ hasText: 'Re: Hello neighbour' }).waitFor();

    // Piper founds an alliance by application.
    const tag = `P${Date.now().toString(36).slice(-3).toUpperCase()}`;
    const name = `Piper's Riverfolk ${tag}`;
    await p.goto('/alliances');
    await p.getByRole('button', { name: 'Create alliance' }).click();
    const create = p.getByRole('dialog').filter({ has: p.getByLabel('Tag') });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Tag').fill(tag);
    await create.getByLabel('Description').fill('River lands and good company.');
    await create.getByLabel('Open to all').uncheck();
    await screenshot(p, 'alliance-create-1440');
    await create.getByRole('button', { name: 'Create for 10,000 gold' }).click();
    await p.getByRole('heading', { level: 1, name: `${name} [${tag}]` }).waitFor();
    const alliancePath = new URL(p.url()).pathname;

    // Quill finds it by its tag and applies.
    await q.goto('/alliances');
    await q.getByLabel('Search by name or tag').fill(tag);
    await q.getByRole('link', { name: `[${tag}] ${name}` }).click();
    await q.getByRole('button', { name: 'Apply' }).click();
    await q.getByLabel('A few words to the officers (optional)').fill('Quill, river lands.');
    await q.getByRole('button', { name: 'Send application' }).click();

    // Piper accepts: the page learns of the application by the push stream.
    await p.getByRole('button', { name: `Accept ${quill.login}` }).click();
    const members = p.getByRole('table', { name: 'Members' });
    const quillLink = members.getByRole('button', { name: quill.login, exact: true });
    await quillLink.waitFor();
    // Quill's page learns of the acceptance by the push stream and offers the chat.
    await q.getByLabel('Message the alliance').waitFor();

    // Friends, from the member list's profile.
    await quillLink.click();
    const profile = p.getByRole('dialog', { name: 'Profile Information' });
    await profile.getByRole('button', { name: 'Add friend' }).click();
    await profile.getByText('Request sent').waitFor();
    await p.keyboard.press('Escape');
    await q.goto('/friends');
    await q.getByRole('button', { name: `Accept ${piper.login}` }).click();
    await q.getByRole('button', { name: `Remove ${piper.login}` }).waitFor();
    await screenshot(q, 'friends-1440');
    await expectAccessible(q, 'friends page');

    // Chat: each sees the other's line without a reload.
    await q.goto(alliancePath);
    const pChat = p.getByLabel('Message the alliance');
    const qChat = q.getByLabel('Message the alliance');
    await pChat.fill(`Welcome aboard @${quill.login}!`);
    await pChat.press('Enter');
    await q
      .getByRole('list', { name: 'Chat lines' })
      .getByText(`Welcome aboard @${quill.login}!`)
      .waitFor();
    await qChat.fill('Thank you, happy to be here.');
    await qChat.press('Enter');
    await p
      .getByRole('list', { name: 'Chat lines' })
      .getByText('Thank you, happy to be here.')
      .waitFor();
    await screenshot(p, 'alliance-page-1440');
    await expectAccessible(p, 'alliance page');

    // Piper blocks Quill from the profile; Quill's next message never arrives.
    await quillLink.click();
    await profile.getByRole('button', { name: 'Block' }).click();
    const ask = p.getByRole('dialog', { name: `Block ${quill.login}` });
    await ask.getByRole('button', { name: 'Block' }).click();
    await profile.getByRole('button', { name: 'Unblock' }).waitFor();
    await p.keyboard.press('Escape');
    const before = await api<{ unreadMessages: number }>(p, 'GET', '/hatif/messages/countunread');
    await write(q, piper.login, 'Are you there?', 'Hello again.');
    await q.getByRole('tab', { name: 'Sent' }).click();
    await q.getByRole('row').filter({ hasText: 'Are you there?' }).waitFor();
    const inbox = await api<{ subject: string }[]>(p, 'GET', '/hatif/messages');
    expect(inbox.body.map((m) => m.subject)).not.toContain('Are you there?');
    const after = await api<{ unreadMessages: number }>(p, 'GET', '/hatif/messages/countunread');
    expect(after.body.unreadMessages).toBe(before.body.unreadMessages);

    // The screens at a phone's width.
    await p.setViewportSize(PHONE);
    await p.goto(alliancePath);
    await p.getByLabel('Message the alliance').waitFor();
    await screenshot(p, 'alliance-page-390');
    await p.goto('/alliances');
    await p.getByLabel('Search by name or tag').waitFor();
    await screenshot(p, 'alliances-390');
    await q.setViewportSize(PHONE);
    await q.goto('/messages');
    await q.getByRole('button', { name: 'New message' }).click();
    const compose = q.getByRole('dialog', { name: 'New message' });
    await compose.getByLabel('To').fill(piper.login.slice(0, 4));
    await q.getByRole('option', { name: piper.login }).waitFor();
    await screenshot(q, 'compose-390');
    await expectAccessible(q, 'new message dialog');
  });
});
