import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { ErrorBody } from '@aleph/contracts';
import { serverMessage } from '../../api/error-message';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { formatNumber } from '../../lib/format-number';
import { useCreateAllianceMutation } from './alliance-endpoints';

const CONFIG = SOCIAL_CONFIG.alliances;
type Field = 'name' | 'tag' | 'description';

/** The server's refusal: shown at its field when it names one, else above the form. */
function refusalOf(error: unknown): { field?: Field; text: string } {
  const data = (error as { data?: Partial<ErrorBody> } | undefined)?.data;
  const text = serverMessage(error) ?? 'The alliance could not be created. Please try again.';
  const field = data?.field;
  return field === 'name' || field === 'tag' || field === 'description'
    ? { field, text }
    : { text };
}

/**
 * 'Create alliance' (docs/screens.md, Alliances): name, tag, description and open to all, with
 * the cost in treasury gold; a created alliance opens its page.
 */
export function CreateAllianceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const [create, creating] = useCreateAllianceMutation();
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [description, setDescription] = useState('');
  const [isOpen, setIsOpen] = useState(true);
  const [refusal, setRefusal] = useState<{ field?: Field; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    try {
      const made = await create({ name, tag, description, open: isOpen }).unwrap();
      onClose();
      void navigate(`/alliances/${made.id}`);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };
  const at = (field: Field) => (refusal?.field === field ? refusal.text : undefined);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>Create alliance</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {refusal && !refusal.field && <Alert severity="error">{refusal.text}</Alert>}
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={Boolean(at('name'))}
              helperText={
                at('name') ??
                `${CONFIG.name.min}-${CONFIG.name.max} letters, digits, spaces, ' and -`
              }
              slotProps={{ htmlInput: { maxLength: CONFIG.name.max + 10 } }}
            />
            <TextField
              label="Tag"
              value={tag}
              onChange={(e) => setTag(e.target.value.toUpperCase())}
              required
              error={Boolean(at('tag'))}
              helperText={
                at('tag') ??
                `${CONFIG.tag.min}-${CONFIG.tag.max} letters or digits, shown beside nicknames`
              }
              slotProps={{ htmlInput: { maxLength: CONFIG.tag.max } }}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={3}
              error={Boolean(at('description'))}
              helperText={at('description') ?? `${description.length} / ${CONFIG.descriptionMax}`}
              slotProps={{ htmlInput: { maxLength: CONFIG.descriptionMax } }}
            />
            <FormControlLabel
              control={<Switch checked={isOpen} onChange={(e) => setIsOpen(e.target.checked)} />}
              label="Open to all"
            />
            <Typography variant="body2" color="text.secondary">
              {isOpen ? 'Anyone may join.' : 'Players apply and officers accept them.'} Founding
              costs {formatNumber(CONFIG.createCost)} gold from your treasury.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="secondary" disabled={creating.isLoading}>
            Create for {formatNumber(CONFIG.createCost)} gold
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
