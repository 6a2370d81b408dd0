import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Hero, MissionBody, UniqueEventView } from '@aleph/contracts';
import { formatDuration } from '@aleph/rules';
import { serverMessage } from '../../api/error-message';
import { useCheckMissionQuery, useStartMissionMutation } from '../../api/mission-endpoints';
import { NativeSelectField } from '../../lib/native-select-field';

/** Idle heroes with a home land (the mission sets out from it) that meet the requirement. */
export function eligibleHeroes(heroes: readonly Hero[], event: UniqueEventView): Hero[] {
  const { skill, min, minRarity } = event.requirement;
  return heroes.filter(
    (h) =>
      !h.busy &&
      h.residenceid !== null &&
      (h.skills[skill] ?? 0) >= min &&
      (minRarity === null || h.rarity >= minRarity),
  );
}

/** Pick a hero, see the check's answer (time, or why not), and send it. */
export function SendHeroForm({
  event,
  heroes,
}: {
  event: UniqueEventView;
  heroes: readonly Hero[];
}) {
  const candidates = eligibleHeroes(heroes, event);
  const [chosen, setChosen] = useState('');
  const hero = candidates.find((h) => String(h.heroid) === chosen) ?? null;
  const body: MissionBody | null =
    hero && hero.residenceid !== null
      ? {
          missionType: 'UNIQUE',
          landid: hero.residenceid,
          heroid: hero.heroid,
          eventid: event.eventid,
        }
      : null;
  const check = useCheckMissionQuery(body ?? ({} as MissionBody), { skip: body === null });
  const [start, started] = useStartMissionMutation();
  if (candidates.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        None of your idle heroes with a home meets {event.requirement.text}.
      </Typography>
    );
  }
  const ok = body !== null && check.data?.ok === true && !check.isFetching;
  const send = async () => {
    if (!body) return;
    const res = await start(body);
    if (!('error' in res)) setChosen('');
  };
  return (
    <Stack spacing={1.5}>
      <NativeSelectField
        id={`unique-hero-${event.eventid}`}
        label={`Hero for ${event.name}`}
        value={chosen}
        placeholder="Choose a hero"
        options={candidates.map((h) => ({
          value: String(h.heroid),
          label: `${h.name} (${event.requirement.skillName} ${h.skills[event.requirement.skill]})`,
        }))}
        onChange={setChosen}
        size="small"
      />
      {check.data && body && (
        <Typography variant="body2" role="status">
          {check.data.ok
            ? `Back in ${formatDuration(check.data.eta.minutes)} with the reward.`
            : check.data.error}
        </Typography>
      )}
      {started.isError && (
        <Alert severity="error">
          {serverMessage(started.error) ?? 'The hero could not be sent.'}
        </Alert>
      )}
      <Button
        variant="contained"
        color="secondary"
        disabled={!ok || started.isLoading}
        onClick={() => void send()}
      >
        Send hero
      </Button>
    </Stack>
  );
}
