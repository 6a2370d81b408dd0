import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MintHeroBody } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { callsTo, hero, mintPrices, purchase, renderMarket } from './test-fixtures';

const valueOf = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Mint Hero', () => {
  it('confirms the price, mints, reveals the hero and opens it', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderMarket('/marketplace?tab=mint-hero', {
      platinum: 75,
      routes: {
        'POST /market/mint/hero': () =>
          json(purchase(13, { kind: 'mint_hero', platinum: -50, packageId: null, hero: hero(8) })),
      },
    });
    expect(await screen.findByText('Price: 50 Platinum')).toBeTruthy();
    await screen.findByText('Your Platinum: 75');
    await user.click(screen.getByRole('button', { name: 'Mint Hero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mint a hero for 50 Platinum?' });
    expect(
      within(dialog).getByText(/Common 50%, Uncommon 25%, Rare 15%, Epic 8%, Legendary 2%/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const reveal = await screen.findByRole('region', { name: 'Your new hero' });
    expect(within(reveal).getByText('Nadia Stormveil')).toBeTruthy();
    expect(within(reveal).getByText('Hero #8')).toBeTruthy();
    expect(valueOf(reveal, 'Rarity')).toBe('Rare');
    expect(valueOf(reveal, 'Element')).toBe('Water');
    expect(valueOf(reveal, 'Sex')).toBe('Female');
    expect(within(reveal).getByText('Skills total 190, best Agility 41')).toBeTruthy();
    const skills = within(within(reveal).getByRole('list', { name: 'Skills' })).getAllByRole(
      'listitem',
    );
    expect(skills.map((skill) => skill.textContent)).toContain('Mastery 30');
    expect(
      (callsTo(calls, 'POST', '/market/mint/hero')[0]!.body as MintHeroBody).idempotencyKey,
    ).toMatch(/^[!-~]{8,100}$/);

    await user.click(within(reveal).getByRole('link', { name: 'Open hero' }));
    expect(router.state.location.pathname).toBe('/heroes/8');
  });

  it('disables minting with a note when Platinum is short', async () => {
    renderMarket('/marketplace?tab=mint-hero', { platinum: 49 });
    const button = await screen.findByRole('button', { name: 'Mint Hero' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(/Not enough Platinum: a hero costs 50 and you have 49\./)).toBeTruthy();
  });

  it("shows the server's message when minting fails", async () => {
    const user = userEvent.setup();
    renderMarket('/marketplace?tab=mint-hero', {
      platinum: 50,
      routes: {
        'POST /market/mint/hero': () => ({
          status: 500,
          body: { statusCode: 500, code: 'INTERNAL', message: 'Something broke on our side.' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mint Hero' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Something broke on our side.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your new hero' })).toBeNull();
  });

  it('mints a hero for gold and reveals it', async () => {
    const user = userEvent.setup();
    const { calls } = renderMarket('/marketplace?tab=mint-hero', {
      gold: 2_000,
      prices: mintPrices({ hero: 1_500 }),
      routes: {
        'POST /market/mint/hero': () =>
          json(
            purchase(14, {
              kind: 'mint_hero',
              platinum: 0,
              gold: -1_500,
              packageId: null,
              hero: hero(9),
            }),
          ),
      },
    });
    const button = await screen.findByRole('button', { name: 'Mint for 1,500 gold' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Mint a hero for 1,500 gold?' });
    expect(within(dialog).getByText(/Common 50%/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('region', { name: 'Your new hero' })).toBeTruthy();
    const body = callsTo(calls, 'POST', '/market/mint/hero')[0]!.body as MintHeroBody;
    expect(body.currency).toBe('gold');
    expect(body.idempotencyKey).toMatch(/^[!-~]{8,100}$/);
  });

  it('disables the gold mint with a note when the treasury holds less', async () => {
    renderMarket('/marketplace?tab=mint-hero', { platinum: 50, gold: 1_499 });
    const button = await screen.findByRole('button', { name: 'Mint for 1,500 gold' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    const note = screen.getByText(
      'Not enough gold: a hero costs 1,500 and your treasury holds 1,499.',
    );
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    // Platinum is enough: that mint stays open.
    expect((screen.getByRole('button', { name: 'Mint Hero' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
