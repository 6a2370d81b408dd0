import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MintLandBody } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { callsTo, land, mintPrices, purchase, renderMarket } from './test-fixtures';

const minted = (continent = 1) =>
  purchase(12, {
    kind: 'mint_land',
    platinum: -100,
    packageId: null,
    land: land(42, { continent, terrain_type: 2, element: 1, x: 17, y: 203 }),
  });

const valueOf = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Mint Land', () => {
  it('confirms the continent and price, mints, reveals the land and opens it', async () => {
    const user = userEvent.setup();
    let platinum = 130;
    const { calls, router } = renderMarket('/marketplace?tab=mint-land', {
      platinum: () => platinum,
      routes: {
        'POST /market/mint/land': () => {
          platinum -= 100;
          return json(minted());
        },
      },
    });
    expect(await screen.findByText('Price: 100 Platinum')).toBeTruthy();
    expect(await screen.findByText('Your Platinum: 130')).toBeTruthy();
    const continent = screen.getByRole('radiogroup', { name: 'Continent' });
    expect(
      (within(continent).getByRole('radio', { name: 'Aleph' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(continent).getByRole('radio', { name: 'Beth' }));

    await user.click(screen.getByRole('button', { name: 'Mint Land' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Mint a land on Beth for 100 Platinum?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const reveal = await screen.findByRole('region', { name: 'Your new land' });
    expect(within(reveal).getByText('Land #42')).toBeTruthy();
    expect(valueOf(reveal, 'Continent')).toBe('Beth');
    expect(valueOf(reveal, 'Coordinates')).toBe('17, 203');
    expect(valueOf(reveal, 'Terrain')).toBe('Mountains');
    expect(valueOf(reveal, 'Element')).toBe('Fire');
    expect(screen.getByRole('status').textContent).toBe('You minted Land #42.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Your Platinum: 30')).toBeTruthy();
    const body = callsTo(calls, 'POST', '/market/mint/land')[0]!.body as MintLandBody;
    expect(body.continent).toBe(1);
    expect(body.idempotencyKey).toMatch(/^[!-~]{8,100}$/);

    await user.click(within(reveal).getByRole('link', { name: 'Open land' }));
    expect(router.state.location.pathname).toBe('/lands/42');
  });

  it('cancels without minting', async () => {
    const user = userEvent.setup();
    const { calls } = renderMarket('/marketplace?tab=mint-land', { platinum: 100 });
    await user.click(await screen.findByRole('button', { name: 'Mint Land' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Mint a land on Aleph for 100 Platinum?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/market/mint/land')).toHaveLength(0);
  });

  it('disables minting with a note when Platinum is short', async () => {
    renderMarket('/marketplace?tab=mint-land', { platinum: 60 });
    const button = await screen.findByRole('button', { name: 'Mint Land' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    const note = screen.getByText(/Not enough Platinum: a land costs 100 and you have 60\./);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    expect(within(note).getByRole('link', { name: 'Buy Platinum' }).getAttribute('href')).toBe(
      '/marketplace',
    );
  });

  it("shows the server's 409 in the dialog and retries with the same key", async () => {
    const user = userEvent.setup();
    let refusals = 1;
    const { calls } = renderMarket('/marketplace?tab=mint-land', {
      platinum: 100,
      routes: {
        'POST /market/mint/land': () =>
          refusals-- > 0
            ? {
                status: 409,
                body: {
                  statusCode: 409,
                  code: 'INSUFFICIENT_PLATINUM',
                  message: 'A land costs 100 platinum and you have 0. Buy Platinum first.',
                },
              }
            : json(minted(0)),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mint Land' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText(
        'A land costs 100 platinum and you have 0. Buy Platinum first.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('region', { name: 'Your new land' })).toBeTruthy();
    const keys = callsTo(calls, 'POST', '/market/mint/land').map(
      (call) => (call.body as MintLandBody).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // A new mint after a success is a new purchase with a new key.
    await user.click(screen.getByRole('button', { name: 'Mint Land' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', '/market/mint/land')).toHaveLength(3));
    const third = callsTo(calls, 'POST', '/market/mint/land')[2]!.body as MintLandBody;
    expect(third.idempotencyKey).not.toBe(keys[0]);
  });

  it('mints for gold at the price the server names, then shows the next, higher price', async () => {
    const user = userEvent.setup();
    let gold = 5_000;
    let landPrice = 3_000;
    const { calls } = renderMarket('/marketplace?tab=mint-land', {
      platinum: 0,
      gold: () => gold,
      prices: () => mintPrices({ land: landPrice }),
      routes: {
        'POST /market/mint/land': () => {
          gold -= landPrice;
          landPrice = 6_000;
          return json({ ...minted(1), platinum: 0, gold: -3_000 });
        },
      },
    });
    // Platinum is short, gold is not: only the gold mint is open.
    const platinumButton = await screen.findByRole('button', { name: 'Mint Land' });
    await waitFor(() => expect((platinumButton as HTMLButtonElement).disabled).toBe(true));
    const goldButton = await screen.findByRole('button', { name: 'Mint for 3,000 gold' });
    await waitFor(() => expect((goldButton as HTMLButtonElement).disabled).toBe(false));
    const continent = screen.getByRole('radiogroup', { name: 'Continent' });
    await user.click(within(continent).getByRole('radio', { name: 'Beth' }));

    await user.click(goldButton);
    const dialog = await screen.findByRole('dialog', {
      name: 'Mint a land on Beth for 3,000 gold?',
    });
    expect(within(dialog).getByText(/each land you own raises the next gold price/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('region', { name: 'Your new land' })).toBeTruthy();
    const [body, ...more] = callsTo(calls, 'POST', '/market/mint/land').map(
      (call) => call.body as MintLandBody,
    );
    expect(more).toHaveLength(0);
    expect(body).toMatchObject({ continent: 1, currency: 'gold' });
    expect(body!.idempotencyKey).toMatch(/^[!-~]{8,100}$/);

    // The mint refreshed the prices and the treasury: the next land is dearer than 2,000 gold.
    const next = await screen.findByRole('button', { name: 'Mint for 6,000 gold' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(true));
    const note = screen.getByText(
      'Not enough gold: a land costs 6,000 and your treasury holds 2,000.',
    );
    expect(next.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('keeps the platinum mint and its key apart from the gold mint', async () => {
    const user = userEvent.setup();
    const { calls } = renderMarket('/marketplace?tab=mint-land', {
      platinum: 100,
      gold: 3_000,
      routes: { 'POST /market/mint/land': () => json(minted(0)) },
    });
    await user.click(await screen.findByRole('button', { name: 'Mint Land' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Mint a land on Aleph for 100 Platinum?' }),
      ).getByRole('button', { name: 'Confirm' }),
    );
    await screen.findByRole('region', { name: 'Your new land' });
    await user.click(screen.getByRole('button', { name: 'Mint for 3,000 gold' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Mint a land on Aleph for 3,000 gold?' }),
      ).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', '/market/mint/land')).toHaveLength(2));
    const [byPlatinum, byGold] = callsTo(calls, 'POST', '/market/mint/land').map(
      (call) => call.body as MintLandBody,
    );
    // The platinum request is exactly what it always was: no currency field.
    expect(Object.keys(byPlatinum!).sort()).toEqual(['continent', 'idempotencyKey']);
    expect(byGold!.currency).toBe('gold');
    expect(byGold!.idempotencyKey).not.toBe(byPlatinum!.idempotencyKey);
  });

  it('says why the gold mint is closed when the prices cannot be loaded', async () => {
    renderMarket('/marketplace?tab=mint-land', {
      gold: 100_000,
      routes: {
        'GET /market/mint/prices': () => ({
          status: 503,
          body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Try again soon.' },
        }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Mint for gold' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('The gold price cannot be shown: Try again soon.')).toBeTruthy();
  });
});
