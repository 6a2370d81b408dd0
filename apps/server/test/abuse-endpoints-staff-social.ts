import { AllianceRenameBody, ReasonBody } from '@aleph/contracts';
import { MISSING, write, type Endpoint } from './abuse-endpoint-kit.js';

/**
 * The console's actions on the social layer (docs/api.md, "Operators"): a chat line of any
 * alliance, an alliance's name and a player's web push device. The samples name a line and an alliance that do not exist
 * (404 for staff); the fuzzing player has no staff role, so every variant answers 404 as well.
 */
export function staffSocialEndpoints(): Endpoint[] {
  const reason = 'A reason for the log';
  return [
    write('/diwan/chat/:lineid/delete', {
      params: { lineid: 'id' },
      body: ReasonBody,
      sample: () => ({ params: { lineid: MISSING }, body: { reason } }),
    }),
    write('/diwan/alliances/:id/rename', {
      params: { id: 'id' },
      body: AllianceRenameBody,
      sample: () => ({
        params: { id: MISSING },
        body: { name: 'Calm Waters', tag: 'CALM', reason },
      }),
    }),
    // Web push (#38): a device of a player, both missing.
    write('/diwan/players/:id/push/:deviceId/remove', {
      params: { id: 'id', deviceId: 'id' },
      body: ReasonBody,
      sample: () => ({ params: { id: MISSING, deviceId: MISSING }, body: { reason } }),
    }),
  ].map((ep) => ({ ...ep, staffOnly: true }));
}
