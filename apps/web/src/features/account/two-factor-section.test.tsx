import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { TWO_FACTOR_TEXT, TwoFactorSection } from './two-factor-section';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h29v29H0z"/></svg>';
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Lands%20of%20Aleph:someone?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrSvg: SVG,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-def${i}`);
const WRONG = {
  statusCode: 400,
  error: 'Bad Request',
  code: 'TWO_FACTOR_CODE_INVALID',
  field: 'code',
  message: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
};

function renderSection() {
  renderWithStore(<TwoFactorSection />, signedInStore());
}

describe('two-factor section', () => {
  it('turns on: QR code and key, a confirmed code, then the recovery codes once', async () => {
    let enabled = false;
    const { calls } = fakeFetch({
      'GET /athar/account/2fa': () =>
        json({ enabled, recoveryCodesLeft: enabled ? CODES.length : 0 }),
      'POST /athar/account/2fa/setup': () => json(SETUP),
      'POST /athar/account/2fa/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return json(WRONG, 400);
        enabled = true;
        return json({ recoveryCodes: CODES });
      },
    });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(await screen.findByText(TWO_FACTOR_TEXT.off)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`,
    );
    expect(screen.getByText(SETUP.secret)).toBeTruthy();

    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(WRONG.message)).toBeTruthy();
    // Still the same setup: the QR code stays for another try.
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Copied')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor is on')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left.')).toBeTruthy();
    // Shown once: gone for good.
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(calls.filter((c) => c.path === '/athar/account/2fa/enable').map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('when on: new recovery codes and turning off each ask for a code', async () => {
    let enabled = true;
    const { calls } = fakeFetch({
      'GET /athar/account/2fa': () => json({ enabled, recoveryCodesLeft: enabled ? 1 : 0 }),
      'POST /athar/account/2fa/recovery-codes': () => json({ recoveryCodes: CODES }),
      'POST /athar/account/2fa/disable': ({ body }) => {
        if ((body as { code: string }).code !== 'abcd-efgh') return json(WRONG, 400);
        enabled = false;
        return json({ ok: true });
      },
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Two-factor is on')).toBeTruthy();
    expect(screen.getByText('1 recovery code left.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(screen.getByText(TWO_FACTOR_TEXT.renewHelp)).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Get new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));

    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(screen.getByText(TWO_FACTOR_TEXT.disableHelp)).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(WRONG.message)).toBeTruthy();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_TEXT.turnedOff)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(TWO_FACTOR_TEXT.off)).toBeTruthy());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      'POST /athar/account/2fa/recovery-codes',
    );
  });

  it('cancels a form without a request', async () => {
    const { calls } = fakeFetch({
      'GET /athar/account/2fa': () => json({ enabled: true, recoveryCodesLeft: 4 }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('4 recovery codes left.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says when the settings cannot load', async () => {
    fakeFetch({
      'GET /athar/account/2fa': () =>
        json({ statusCode: 503, error: 'x', code: 'SERVICE_UNAVAILABLE', message: 'Busy.' }, 503),
    });
    renderSection();
    expect(await screen.findByText('Cannot load two-factor settings: Busy.')).toBeTruthy();
  });
});
