import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlayerDetail, StaffActionResult } from '@aleph/contracts';
import { checkAllianceName, checkAllianceTag } from '@aleph/rules';
import { DetailList } from '../../lib/detail-list';
import { SectionCard } from '../../lib/section-card';
import { ActionDialog } from './action-dialog';
import { useRenameAllianceMutation } from './admin-endpoints';

type Alliance = NonNullable<PlayerDetail['alliance']>;

const ROLE_NAMES: Record<Alliance['role'], string> = {
  leader: 'Leader',
  officer: 'Officer',
  member: 'Member',
};

/** A field's problem by the rules' check, once something is typed (empty: left as it is). */
const problem = (text: string, check: typeof checkAllianceName) => {
  if (text.trim() === '') return undefined;
  const result = check(text);
  return result.ok ? undefined : result.message;
};

/**
 * `POST /diwan/alliances/{id}/rename`: a new name, a new tag or both (an empty field keeps the
 * current one), checked by the same rules as founding; a taken one shows at its field.
 */
function RenameAllianceDialog(props: {
  alliance: Alliance;
  onClose(): void;
  onDone(text: string, result: StaffActionResult): void;
}) {
  const [rename] = useRenameAllianceMutation();
  const { alliance } = props;
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [taken, setTaken] = useState<{ field: string; message: string }>();
  const nameProblem = taken?.field === 'name' ? taken.message : problem(name, checkAllianceName);
  const tagProblem = taken?.field === 'tag' ? taken.message : problem(tag, checkAllianceTag);
  const ready = (name.trim() !== '' || tag.trim() !== '') && !nameProblem && !tagProblem;
  const label = `[${tag.trim() ? tag.trim().toUpperCase() : alliance.tag}] ${name.trim() || alliance.name}`;
  return (
    <ActionDialog
      open
      title={`Rename [${alliance.tag}] ${alliance.name}`}
      submitLabel="Rename alliance"
      description="Every member gets an inbox message from staff with the new name and your reason."
      reasonHelp="Members read it in the inbox message, and the staff log keeps it."
      ready={ready}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        rename({
          id: alliance.id,
          reason,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(tag.trim() ? { tag: tag.trim() } : {}),
        }).unwrap()
      }
      onDone={(result) => props.onDone(`Alliance renamed to ${label}`, result)}
      onFieldError={(field, message) => {
        if (field !== 'name' && field !== 'tag') return false;
        setTaken({ field, message });
        return true;
      }}
    >
      <TextField
        id="alliance-name"
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setTaken(undefined);
        }}
        error={nameProblem !== undefined}
        helperText={nameProblem ?? `Empty keeps "${alliance.name}".`}
      />
      <TextField
        id="alliance-tag"
        label="Tag"
        value={tag}
        onChange={(event) => {
          setTag(event.target.value);
          setTaken(undefined);
        }}
        error={tagProblem !== undefined}
        helperText={tagProblem ?? `Empty keeps [${alliance.tag}].`}
      />
    </ActionDialog>
  );
}

/** The player's alliance on their page, with the way to rename it (an offensive name or tag). */
export function AllianceSection(props: {
  alliance: PlayerDetail['alliance'];
  onDone(text: string, result: StaffActionResult): void;
}) {
  const [open, setOpen] = useState(false);
  const { alliance } = props;
  return (
    <SectionCard title="Alliance">
      {!alliance ? (
        <Typography color="text.secondary">In no alliance.</Typography>
      ) : (
        <Stack spacing={1.5}>
          <DetailList
            details={[
              { term: 'Name', value: alliance.name },
              { term: 'Tag', value: `[${alliance.tag}]` },
              { term: 'Role', value: ROLE_NAMES[alliance.role] },
            ]}
          />
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            aria-haspopup="dialog"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => setOpen(true)}
          >
            Rename alliance
          </Button>
          {open && (
            <RenameAllianceDialog
              alliance={alliance}
              onClose={() => setOpen(false)}
              onDone={props.onDone}
            />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
