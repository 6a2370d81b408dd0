import { useEffect } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Hero, MissionTypeName } from '@aleph/contracts';
import { MISSION_TYPE_LIST } from '@aleph/rules';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import {
  useMissionLauncher,
  type LaunchRequest,
  type MissionLauncher,
} from '../../lib/mission-launcher-context';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { CHECK_READY, HEROES, LANDS, requirementsOf } from './test-fixtures';

type Reply = { status?: number; body?: unknown };

export interface LauncherServer {
  heroes?: () => Hero[];
  check?: (call: RecordedCall) => Reply;
  start?: (call: RecordedCall) => Reply;
  requirements?: (type: MissionTypeName) => Reply;
}

/** The launcher's endpoints on the fake fetch. */
export function launcherServer(server: LauncherServer = {}) {
  const routes: Parameters<typeof fakeFetch>[0] = {
    'GET /ard/lands': () => json(LANDS),
    'GET /abtal/heroes': () => json(server.heroes?.() ?? HEROES),
    'POST /misaar/mission/check': (call) => server.check?.(call) ?? json(CHECK_READY),
    'POST /misaar/mission/start': (call) =>
      server.start?.(call) ??
      json({
        ok: true,
        missionid: 7,
        missionType: 'GOLDCLAIM',
        landid: 1,
        heroid: 13,
        eta: '2030-01-01T12:00:00.000Z',
        minutes: 95,
      }),
  };
  for (const type of MISSION_TYPE_LIST) {
    routes[`GET /misaar/mistypes/${type}/requirements`] = () =>
      server.requirements?.(type) ?? json(requirementsOf(type));
  }
  return fakeFetch(routes);
}

/** Hands the context's launcher to the test. */
function Capture({ onLauncher }: { onLauncher: (launcher: MissionLauncher) => void }) {
  const launcher = useMissionLauncher();
  useEffect(() => {
    onLauncher(launcher);
  });
  return <p>Launcher is {launcher.isOpen ? 'open' : 'closed'}</p>;
}

/** Another screen that shows the heroes, to see the cache refresh after a launch. */
function HeroStates() {
  const heroes = useGetHeroesQuery();
  return (
    <ul aria-label="Hero states">
      {heroes.data?.map((hero) => (
        <li key={hero.heroid}>{`${hero.name}: ${hero.busy ? 'busy' : 'free'}`}</li>
      ))}
    </ul>
  );
}

export function renderLauncher(options: { withHeroes?: boolean } = {}) {
  let launcher: MissionLauncher | undefined;
  const store = signedInStore();
  const view = renderWithStore(
    <>
      <Capture
        onLauncher={(l) => {
          launcher = l;
        }}
      />
      {options.withHeroes && <HeroStates />}
    </>,
    store,
  );
  const user = userEvent.setup();
  const open = async (request: LaunchRequest) => {
    act(() => launcher!.open(request));
    return screen.findByRole('dialog');
  };
  return { ...view, store, user, open, launcher: () => launcher! };
}

export const field = (name: string) => screen.getByRole('combobox', { name });

export const optionTexts = (name: string) =>
  within(field(name))
    .getAllByRole('option')
    .map((option) => option.textContent);

export const launchButton = () => screen.getByRole('button', { name: 'Launch' });

export const checkCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/misaar/mission/check');
