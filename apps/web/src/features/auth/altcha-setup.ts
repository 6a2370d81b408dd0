/*
 * The ALTCHA widget (<altcha-widget>) with what it needs, downloaded only by the screen that
 * shows it (captcha-widget.tsx imports this module dynamically): never part of the login page's
 * JavaScript budget (docs/performance.md, "Web app").
 *
 * The "external" build, not the default one: the default starts its proof-of-work workers from
 * blob: URLs and injects its styles, which the app's Content-Security-Policy (script-src 'self',
 * docs/decisions/0008-security-headers.md) would refuse. Here the workers are files of our own
 * build and the styles a stylesheet.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-fixes.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

/** The widget's strings for this app: its checkbox reads "I'm not a bot" (docs/screens.md). */
export const ALTCHA_LANGUAGE = 'x-aleph';

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

globalThis.$altcha.i18n.set(ALTCHA_LANGUAGE, {
  ...globalThis.$altcha.i18n.get('en'),
  label: "I'm not a bot",
});
