import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffActionResult, UniqueCreateBody } from '@aleph/contracts';
import { GAME_CONFIG, ITEMS, RARITY_NAMES, SKILL_NAMES } from '@aleph/rules';
import { NativeSelectField } from '../../lib/native-select-field';
import { SectionCard } from '../../lib/section-card';
import { ActionDialog } from './action-dialog';
import {
  useAnnounceMutation,
  useCloseLuckyMutation,
  useCloseUniqueMutation,
  useCreateUniqueMutation,
  useOpenLuckyMutation,
} from './admin-endpoints';
import { isoFromLocalInput, localInputValue } from './format';
import { PageTitle } from './page-title';

type Tool = 'announce' | 'lucky-open' | 'lucky-close' | 'unique-create' | 'unique-close';

interface ToolProps {
  onClose(): void;
  onDone(text: string, result: StaffActionResult): void;
}

const LIMITS = GAME_CONFIG.unique.limits;
const MAX_LUCKY_HOURS = GAME_CONFIG.economy.luckyCoin.maxOperatorHours;
const DAY_MS = 86_400_000;

/** A whole number in [min, max] typed into a field, or undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** A number field with its bounds: red with the bounds said once it holds something else. */
function NumberField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  min: number;
  max: number;
  required?: boolean;
  help?: string;
}) {
  const { id, label, value, onChange, min, max, required, help } = props;
  const bad = value !== '' && wholeIn(value, min, max) === undefined;
  return (
    <TextField
      id={id}
      label={label}
      type="number"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      error={bad}
      helperText={bad ? `A whole number from ${min} to ${max}.` : (help ?? ' ')}
      slotProps={{ htmlInput: { min, max } }}
    />
  );
}

function AnnounceDialog(props: ToolProps) {
  const [announce] = useAnnounceMutation();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const ready = subject.trim() !== '' && subject.length <= 200 && body.trim() !== '';
  return (
    <ActionDialog
      open
      title="Announcement to every player"
      submitLabel="Announce"
      ready={ready}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        announce({ subject: subject.trim(), body: body.trim(), reason }).unwrap()
      }
      onDone={(result) => props.onDone('Announced', result)}
    >
      <TextField
        id="announce-subject"
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        required
        error={subject.length > 200}
        helperText={subject.length > 200 ? 'At most 200 characters.' : ' '}
      />
      <TextField
        id="announce-body"
        label="Text"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        required
        multiline
        minRows={4}
      />
    </ActionDialog>
  );
}

function LuckyOpenDialog(props: ToolProps) {
  const [open] = useOpenLuckyMutation();
  const [hours, setHours] = useState('24');
  const [note, setNote] = useState('');
  const value = wholeIn(hours, 1, MAX_LUCKY_HOURS);
  return (
    <ActionDialog
      open
      title="Open the Lucky coin event"
      submitLabel="Open the event"
      description="From now on, for the hours given, besides the weekends'."
      ready={value !== undefined && note.length <= 200}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        open({ hours: value ?? 1, ...(note.trim() ? { note: note.trim() } : {}), reason }).unwrap()
      }
      onDone={(result) => props.onDone(`Lucky coin event open for ${value} hours`, result)}
    >
      <NumberField
        id="lucky-hours"
        label="Hours"
        value={hours}
        onChange={setHours}
        min={1}
        max={MAX_LUCKY_HOURS}
        required
      />
      <TextField
        id="lucky-note"
        label="Note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={note.length > 200}
        helperText={note.length > 200 ? 'At most 200 characters.' : 'Optional, for the staff log.'}
      />
    </ActionDialog>
  );
}

function LuckyCloseDialog(props: ToolProps) {
  const [close] = useCloseLuckyMutation();
  return (
    <ActionDialog
      open
      title="Close the Lucky coin event"
      submitLabel="Close the event"
      description="Ends an event an operator opened; the weekends' events are not touched."
      onClose={props.onClose}
      onSubmit={({ reason }) => close({ reason }).unwrap()}
      onDone={(result) => props.onDone('Lucky coin event closed', result)}
    />
  );
}

const SKILLS = SKILL_NAMES.map((name, index) => ({ value: String(index), label: name }));
const RARITIES = RARITY_NAMES.map((name, index) => ({ value: String(index), label: name }));
const ITEM_OPTIONS = ITEMS.map((item) => ({ value: item.item_code, label: item.item_name }));

/** The CLI's `unique create`: the server's draft checks name the field of a refusal. */
function UniqueCreateDialog(props: ToolProps) {
  const [create] = useCreateUniqueMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [end, setEnd] = useState(() => localInputValue(Date.now() + 7 * DAY_MS));
  const [places, setPlaces] = useState('10');
  const [skill, setSkill] = useState('7');
  const [min, setMin] = useState('60');
  const [rarity, setRarity] = useState('');
  const [minutes, setMinutes] = useState('240');
  const [gold, setGold] = useState('1000');
  const [xp, setXp] = useState('1000');
  const [item, setItem] = useState('');
  const [itemCount, setItemCount] = useState('1');
  const [refusal, setRefusal] = useState<{ field: string; message: string }>();
  const numbers = {
    places: wholeIn(places, 1, LIMITS.placesMax),
    min: wholeIn(min, GAME_CONFIG.heroes.skillMin, GAME_CONFIG.heroes.skillMax),
    minutes: wholeIn(minutes, LIMITS.minutesMin, LIMITS.minutesMax),
    gold: wholeIn(gold, 0, LIMITS.goldMax),
    xp: wholeIn(xp, 0, LIMITS.xpMax),
    itemCount: wholeIn(itemCount, 1, LIMITS.itemCountMax),
  };
  const endIso = isoFromLocalInput(end);
  const ready =
    name.trim() !== '' &&
    name.length <= LIMITS.nameMax &&
    description.length <= LIMITS.descriptionMax &&
    endIso !== undefined &&
    Object.values(numbers).every((n) => n !== undefined);
  const body = (): Omit<UniqueCreateBody, 'reason'> => ({
    name: name.trim(),
    ...(description.trim() ? { description: description.trim() } : {}),
    end: endIso ?? '',
    places: numbers.places ?? 1,
    skill: Number(skill),
    min: numbers.min ?? 1,
    ...(rarity ? { rarity: Number(rarity) } : {}),
    minutes: numbers.minutes ?? 240,
    reward: {
      gold: numbers.gold ?? 0,
      xp: numbers.xp ?? 0,
      ...(item ? { items: { [item]: numbers.itemCount ?? 1 } } : {}),
    },
  });
  const said = (field: string) => (refusal?.field === field ? refusal.message : undefined);
  return (
    <ActionDialog
      open
      title="Create a unique mission"
      submitLabel="Create"
      description="Opens now for players of level nine, until its end; a hero who meets the need wins the reward."
      ready={ready}
      onClose={props.onClose}
      onSubmit={({ reason }) => {
        setRefusal(undefined);
        return create({ ...body(), reason }).unwrap();
      }}
      onDone={(result) => props.onDone(`Unique mission ${name.trim()} created`, result)}
      onFieldError={(field, message) => {
        setRefusal({ field, message });
        return true;
      }}
    >
      {refusal && !['name', 'end'].includes(refusal.field) && (
        <Alert severity="error">{refusal.message}</Alert>
      )}
      <TextField
        id="unique-name"
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        error={name.length > LIMITS.nameMax || said('name') !== undefined}
        helperText={said('name') ?? `Up to ${LIMITS.nameMax} characters.`}
      />
      <TextField
        id="unique-description"
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        error={description.length > LIMITS.descriptionMax}
        helperText={`Optional, up to ${LIMITS.descriptionMax} characters.`}
      />
      <TextField
        id="unique-end"
        label="Ends"
        type="datetime-local"
        value={end}
        onChange={(event) => setEnd(event.target.value)}
        required
        error={said('end') !== undefined}
        helperText={said('end') ?? `In your time zone; at most ${LIMITS.daysMax} days ahead.`}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: 'repeat(2, 1fr)' } }}>
        <NumberField
          id="unique-places"
          label="Places"
          value={places}
          onChange={setPlaces}
          min={1}
          max={LIMITS.placesMax}
          required
        />
        <NumberField
          id="unique-minutes"
          label="Minutes"
          value={minutes}
          onChange={setMinutes}
          min={LIMITS.minutesMin}
          max={LIMITS.minutesMax}
          required
          help="How long the mission takes."
        />
        <NativeSelectField
          id="unique-skill"
          label="Skill needed"
          value={skill}
          options={SKILLS}
          onChange={setSkill}
        />
        <NumberField
          id="unique-min"
          label="At least"
          value={min}
          onChange={setMin}
          min={GAME_CONFIG.heroes.skillMin}
          max={GAME_CONFIG.heroes.skillMax}
          required
        />
        <NativeSelectField
          id="unique-rarity"
          label="Rarity needed"
          value={rarity}
          placeholder="Any rarity"
          options={RARITIES}
          onChange={setRarity}
        />
        <Box />
        <NumberField
          id="unique-gold"
          label="Reward gold"
          value={gold}
          onChange={setGold}
          min={0}
          max={LIMITS.goldMax}
          required
        />
        <NumberField
          id="unique-xp"
          label="Reward XP"
          value={xp}
          onChange={setXp}
          min={0}
          max={LIMITS.xpMax}
          required
        />
        <NativeSelectField
          id="unique-item"
          label="Reward item"
          value={item}
          placeholder="No item"
          options={ITEM_OPTIONS}
          onChange={setItem}
        />
        {item && (
          <NumberField
            id="unique-item-count"
            label="How many"
            value={itemCount}
            onChange={setItemCount}
            min={1}
            max={LIMITS.itemCountMax}
            required
          />
        )}
      </Box>
    </ActionDialog>
  );
}

function UniqueCloseDialog(props: ToolProps) {
  const [close] = useCloseUniqueMutation();
  const [id, setId] = useState('');
  const value = wholeIn(id, 1, 2_147_483_647);
  return (
    <ActionDialog
      open
      title="Close a unique mission"
      submitLabel="Close the mission"
      description="Ends the event now; heroes already sent finish their mission."
      ready={value !== undefined}
      onClose={props.onClose}
      onSubmit={({ reason }) => close({ id: value ?? 0, reason }).unwrap()}
      onDone={(result) => props.onDone(`Unique mission #${value} closed`, result)}
    >
      <NumberField
        id="unique-close-id"
        label="Unique mission id"
        value={id}
        onChange={setId}
        min={1}
        max={2_147_483_647}
        required
        help="The staff log's unique.create row names it."
      />
    </ActionDialog>
  );
}

function ToolButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button variant="outlined" color="secondary" aria-haspopup="dialog" onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * `/admin/tools` (admins): what the operator CLI does, through the same service code on the
 * server: an announcement to everyone, the Lucky coin event, unique missions. Each asks for a
 * reason and writes its staff-log row.
 */
export function ToolsPage() {
  const [open, setOpen] = useState<Tool>();
  const [done, setDone] = useState<string>();
  const common: ToolProps = {
    onClose: () => setOpen(undefined),
    onDone: (text, result) => setDone(`${text}. Staff log #${result.staffLogId}.`),
  };
  return (
    <Stack spacing={2}>
      <PageTitle title="Tools" about="What the operator CLI does, through the same code." />
      {done && (
        <Alert severity="success" role="status" onClose={() => setDone(undefined)}>
          {done}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <SectionCard title="Announcement">
          <Typography variant="body2" color="text.secondary">
            A message in every player&apos;s inbox and on the dashboard&apos;s Announcements.
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ToolButton label="Write an announcement" onClick={() => setOpen('announce')} />
          </Stack>
        </SectionCard>
        <SectionCard title="Lucky coin event">
          <Typography variant="body2" color="text.secondary">
            Open the event out of its weekends, or close one an operator opened.
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ToolButton label="Open the event" onClick={() => setOpen('lucky-open')} />
            <ToolButton label="Close the event" onClick={() => setOpen('lucky-close')} />
          </Stack>
        </SectionCard>
        <SectionCard title="Unique missions">
          <Typography variant="body2" color="text.secondary">
            Create one for the players of level nine, or close one before its end.
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ToolButton label="Create a unique mission" onClick={() => setOpen('unique-create')} />
            <ToolButton label="Close a unique mission" onClick={() => setOpen('unique-close')} />
          </Stack>
        </SectionCard>
      </Box>
      {open === 'announce' && <AnnounceDialog {...common} />}
      {open === 'lucky-open' && <LuckyOpenDialog {...common} />}
      {open === 'lucky-close' && <LuckyCloseDialog {...common} />}
      {open === 'unique-create' && <UniqueCreateDialog {...common} />}
      {open === 'unique-close' && <UniqueCloseDialog {...common} />}
    </Stack>
  );
}
