import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ArenaErrorCode, type ArenaBattle, type ArenaOpponent } from '@aleph/contracts';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { serverCode, serverMessage } from '../../api/error-message';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { useAttackMutation } from './arena-endpoints';
import { BattleReplay } from './battle-replay';
import { HeroPicker } from './hero-picker';

interface AttackDialogProps {
  opponent: ArenaOpponent | null;
  onClose: () => void;
  /**
   * The attack was refused because the opponent is no longer offered (the offer ran out, or a
   * newer one left them out): the dialog has closed and the list is being asked for again.
   */
  onOfferGone: () => void;
}

/**
 * Picks up to 3 idle heroes, fights at once, then plays the battle's replay. Only an opponent
 * of the latest offer may be attacked (docs/game-rules.md, Arena).
 */
export function AttackDialog({ opponent, onClose, onOfferGone }: AttackDialogProps) {
  const titleId = useId();
  const heroes = useGetHeroesQuery();
  const [attack, attacking] = useAttackMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [battle, setBattle] = useState<ArenaBattle | null>(null);
  const close = () => {
    setSelected([]);
    setBattle(null);
    attacking.reset();
    onClose();
  };
  const fight = async () => {
    if (!opponent) return;
    const result = await attack({ opponent: opponent.profileId, heroes: selected });
    if ('data' in result && result.data) setBattle(result.data);
    else if (serverCode(result.error) === ArenaErrorCode.opponentNotOffered) {
      close();
      onOfferGone();
    }
  };
  return (
    <Dialog
      open={opponent !== null}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>
        {battle ? 'Battle replay' : `Attack ${opponent?.nickname ?? ''}`}
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {battle ? (
          <BattleReplay key={battle.id} battle={battle} />
        ) : (
          <>
            <HeroPicker
              legend="Attackers (idle heroes)"
              heroes={heroes.data ?? []}
              selected={selected}
              onChange={setSelected}
              idleOnly
            />
            {attacking.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {serverMessage(attacking.error) ?? 'The attack failed.'}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {!battle && (
          <Button
            variant="contained"
            color="secondary"
            disabled={selected.length === 0 || attacking.isLoading}
            onClick={() => void fight()}
          >
            Fight
          </Button>
        )}
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
