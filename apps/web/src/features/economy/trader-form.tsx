import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InventoryItem, Land, TradeBody, TraderQuote, TraderQuotes } from '@aleph/contracts';
import { serverMessage } from '../../api/error-message';
import { useGetLandBalancesQuery } from '../../api/game-endpoints';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { NativeSelectField } from '../../lib/native-select-field';
import { SectionCard } from '../../lib/section-card';
import { newKey, useTradeMutation } from './economy-endpoints';
import { unitOf } from './trader-prices';

type Side = 'sell' | 'buy';
const goodId = (q: TraderQuote) => `${q.kind}:${q.code ?? q.elemid}`;

/** The server's 409 for a stale quote carries the price now (docs/api.md). */
function staleQuoteOf(error: unknown): TraderQuote | null {
  const data = (error as { status?: number; data?: { code?: string; quote?: TraderQuote } }).data;
  return data?.code === 'TRADER_STALE_QUOTE' && data.quote ? data.quote : null;
}

/** What the chosen land holds of the good, in words (what a sale can take from it). */
function heldText(quote: TraderQuote, land: Land | undefined, items: InventoryItem[] | undefined) {
  if (!land) return null;
  const element = quote.elemid ?? 0;
  if (quote.kind === 'shard') return `This land holds ${formatNumber(land.shards[element] ?? 0)}.`;
  if (quote.kind === 'elemental') {
    const volume = Math.floor(land.vault.volume[element] ?? 0);
    const lots = Math.floor(volume / quote.unitSize);
    return `This land holds ${formatNumber(volume)} elementals: ${formatNumber(lots)} ${lots === 1 ? 'lot' : 'lots'} to sell.`;
  }
  if (!items) return null;
  const balance = items.find((i) => i.item_code === quote.code)?.balance ?? 0;
  return `This land holds ${formatNumber(balance)}.`;
}

/** Sell to or buy from the trader at the price on screen; a stale price is shown and asked again. */
export function TraderForm({ trader, lands }: { trader: TraderQuotes; lands: readonly Land[] }) {
  const [landid, setLandid] = useState(String(lands[0]?.landid ?? ''));
  const [good, setGood] = useState(goodId(trader.quotes[0]!));
  const [quantity, setQuantity] = useState('1');
  const [stale, setStale] = useState<{ side: Side; quote: TraderQuote } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [trade, { isLoading, error, reset }] = useTradeMutation();
  const quote = trader.quotes.find((q) => goodId(q) === good) ?? trader.quotes[0]!;
  const count = Number(quantity);
  const validCount = Number.isInteger(count) && count >= 1 && count <= 1000;
  const land = lands.find((l) => String(l.landid) === landid);
  const balances = useGetLandBalancesQuery(Number(landid), {
    skip: landid === '' || quote.kind !== 'item',
  });
  const held = heldText(quote, land, balances.currentData);

  async function submit(side: Side, price: number) {
    setDone(null);
    setStale(null);
    reset();
    const body: TradeBody = {
      landid: Number(landid),
      kind: quote.kind,
      ...(quote.code ? { code: quote.code } : { elemid: quote.elemid ?? 0 }),
      quantity: count,
      price,
    };
    try {
      const result = await trade({ side, body, key: newKey() }).unwrap();
      const verb = side === 'sell' ? 'Sold' : 'Bought';
      setDone(`${verb} ${count} × ${quote.name} for ${formatNumber(result.total)} gold.`);
    } catch (err) {
      const fresh = staleQuoteOf(err);
      if (fresh) setStale({ side, quote: fresh });
    }
  }

  const stalePrice =
    stale && (stale.side === 'sell' ? stale.quote.buyPrice : stale.quote.sellPrice);
  return (
    <SectionCard title="Trade">
      <Typography variant="body2">
        You can still receive {formatNumber(trader.capLeft)} of {formatNumber(trader.dailyCap)} gold
        from the trader today.
      </Typography>
      <NativeSelectField
        id="trader-land"
        label="Land"
        value={landid}
        options={lands.map((l) => ({ value: String(l.landid), label: landLabel(l) }))}
        onChange={setLandid}
      />
      <NativeSelectField
        id="trader-good"
        label="Good"
        value={good}
        options={trader.quotes.map((q) => ({
          value: goodId(q),
          label: `${q.name} (${unitOf(q)})`,
        }))}
        onChange={(v) => {
          setGood(v);
          setStale(null);
        }}
      />
      <TextField
        id="trader-quantity"
        label="Quantity"
        type="number"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={!validCount}
        helperText={
          validCount
            ? quote.unitSize > 1
              ? `One unit is ${quote.unitSize} elementals`
              : 'Whole units, up to 1000'
            : 'A whole number from 1 to 1000'
        }
        slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
      />
      {held && <Typography variant="body2">{held}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          color="secondary"
          disabled={isLoading || !validCount || landid === ''}
          onClick={() => void submit('sell', quote.buyPrice)}
        >
          Sell at {formatNumber(quote.buyPrice)} gold
        </Button>
        <Button
          variant="outlined"
          color="secondary"
          disabled={isLoading || !validCount || landid === ''}
          onClick={() => void submit('buy', quote.sellPrice)}
        >
          Buy at {formatNumber(quote.sellPrice)} gold
        </Button>
      </Stack>
      {stale && stalePrice !== null && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => void submit(stale.side, stalePrice)}>
              {stale.side === 'sell' ? 'Sell' : 'Buy'} at {formatNumber(stalePrice)}
            </Button>
          }
        >
          The price has changed: the trader now {stale.side === 'sell' ? 'pays' : 'asks'}{' '}
          {formatNumber(stalePrice)} gold for {stale.quote.name} ({unitOf(stale.quote)}). Trade at
          the new price?
        </Alert>
      )}
      {error && !stale && (
        <Alert severity="error">{serverMessage(error) ?? 'The trade failed.'}</Alert>
      )}
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
    </SectionCard>
  );
}
