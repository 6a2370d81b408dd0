import { useState } from 'react';
import Shield from '@mui/icons-material/Shield';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ArenaStatus } from '@aleph/contracts';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { serverMessage } from '../../api/error-message';
import { SectionCard } from '../../lib/section-card';
import { useSetDefenceMutation } from './arena-endpoints';
import { HeroPicker } from './hero-picker';

/**
 * The defence team: up to 3 of the player's heroes, busy ones too (they defend from afar).
 * The choice starts from the saved team; after a save the two are the same.
 */
export function DefenceEditor({ status }: { status: ArenaStatus }) {
  const heroes = useGetHeroesQuery();
  const [save, saving] = useSetDefenceMutation();
  const [selected, setSelected] = useState<number[]>(status.defence.map((h) => h.id));
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    setSaved(false);
    const result = await save(selected);
    if ('data' in result) setSaved(true);
  };
  return (
    <SectionCard title="Defence team" icon={<Shield color="secondary" aria-hidden />}>
      <Typography variant="body2" color="text.secondary">
        These heroes defend you when another player attacks, even while on a mission.
      </Typography>
      {status.defence.length === 0 && (
        <Alert severity="info">
          You have no defence team yet: other players cannot attack you.
        </Alert>
      )}
      <HeroPicker
        legend="Defenders"
        heroes={heroes.data ?? []}
        unlistedOnly
        selected={selected}
        onChange={(ids) => {
          setSelected(ids);
          setSaved(false);
        }}
      />
      <Button
        variant="contained"
        color="secondary"
        disabled={selected.length === 0 || saving.isLoading}
        onClick={() => void submit()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save defence
      </Button>
      {saved && <Alert severity="success">Defence team saved.</Alert>}
      {saving.error && (
        <Alert severity="error">{serverMessage(saving.error) ?? 'The team was not saved.'}</Alert>
      )}
    </SectionCard>
  );
}
