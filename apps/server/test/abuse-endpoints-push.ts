import { createECDH } from 'node:crypto';
import { PushPreferences, PushSubscriptionBody } from '@aleph/contracts';
import { idOf, MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';

/**
 * Browser keys as a browser sends them: a real P-256 public key (a fixed private key's) and 16
 * bytes of auth secret. Only the endpoint is wrong below.
 */
const sample = createECDH('prime256v1');
sample.setPrivateKey(Buffer.alloc(32, 7));
export const SAMPLE_KEYS = {
  p256dh: sample.getPublicKey().toString('base64url'),
  auth: Buffer.alloc(16, 9).toString('base64url'),
};

/**
 * Web push (docs/api.md, "Web push"). Each sample is refused: the subscription's endpoint is
 * plain http to a push service (400 endpoint), the preferences name a time zone that does not
 * exist (400 timeZone), the removal names a device that does not exist (404).
 */
export function pushEndpoints(): Endpoint[] {
  return [
    read('/athar/push/key'),
    read('/athar/push/subscriptions'),
    write('/athar/push/subscriptions', {
      body: PushSubscriptionBody,
      sample: () => ({
        body: { endpoint: 'http://push.example.org/send/fuzz', keys: SAMPLE_KEYS },
      }),
    }),
    {
      ...write(
        '/athar/push/subscriptions/:id',
        idOf(() => MISSING),
      ),
      method: 'DELETE',
    },
    read('/athar/push/preferences'),
    {
      ...write('/athar/push/preferences', {
        body: PushPreferences,
        sample: () => ({
          body: { kinds: ['mission.finished'], quietHours: null, timeZone: 'Mars/Olympus_Mons' },
        }),
      }),
      method: 'PUT',
    },
  ];
}
