import TextField from '@mui/material/TextField';
import { BAZAAR_CONFIG } from '@aleph/rules';
import type { SellTarget } from '../../lib/bazaar-sell';
import { formatNumber } from '../../lib/format-number';
import { NativeSelectField } from '../../lib/native-select-field';
import type { SellForm } from './sell-form';
import type { SellField, SellRefusal } from './sell-refusal';

const CURRENCIES = [
  { value: 'gold', label: 'Gold' },
  { value: 'platinum', label: 'Platinum' },
] as const;
const TYPES = [
  { value: 'fixed', label: 'Fixed price' },
  { value: 'auction', label: 'Auction' },
] as const;
const DURATIONS = BAZAAR_CONFIG.auctionDays.map((days) => ({
  value: String(days),
  label: `${days} ${days === 1 ? 'day' : 'days'}`,
}));

interface SellFieldsProps {
  form: SellForm;
  target: SellTarget;
  /** What each field lacks (sell-form.ts); said once the player typed in it or tried to list. */
  errors: Partial<Record<SellField, string>>;
  tried: boolean;
  refusal?: SellRefusal;
  disabled: boolean;
  onChange(next: Partial<SellForm>): void;
}

/** The sell dialog's labelled fields: currency, sale type, prices, duration and quantity. */
export function SellFields({
  form,
  target,
  errors,
  tried,
  refusal,
  disabled,
  onChange,
}: SellFieldsProps) {
  const auction = form.type === 'auction';
  const said = (field: SellField, value: string) =>
    refusal?.field === field
      ? refusal.text
      : tried || value.trim() !== ''
        ? errors[field]
        : undefined;
  const number = (
    field: SellField,
    label: string,
    value: string,
    key: keyof SellForm,
    hint: string,
  ) => {
    const error = said(field, value);
    return (
      <TextField
        id={`sell-${field}`}
        label={label}
        value={value}
        disabled={disabled}
        required={field !== 'buyNow'}
        error={error !== undefined}
        helperText={error ?? hint}
        onChange={(event) => onChange({ [key]: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
    );
  };
  const unit = form.currency === 'gold' ? 'gold' : 'platinum';
  return (
    <>
      {target.kind === 'goods' &&
        number(
          'quantity',
          'Quantity',
          form.quantity,
          'quantity',
          `This land holds ${formatNumber(target.available)}.`,
        )}
      <NativeSelectField
        id="sell-currency"
        label="Currency"
        value={form.currency}
        options={CURRENCIES}
        disabled={disabled}
        onChange={(value) => onChange({ currency: value === 'platinum' ? 'platinum' : 'gold' })}
      />
      <NativeSelectField
        id="sell-type"
        label="Sale type"
        value={form.type}
        options={TYPES}
        disabled={disabled}
        onChange={(value) => onChange({ type: value === 'auction' ? 'auction' : 'fixed' })}
      />
      {auction
        ? number(
            'startPrice',
            'Start price',
            form.price,
            'price',
            `In ${unit}; the first bid is at least this.`,
          )
        : number(
            'price',
            'Price',
            form.price,
            'price',
            target.kind === 'goods' ? `In ${unit}, for the whole quantity.` : `In ${unit}.`,
          )}
      {auction && (
        <>
          {number(
            'buyNow',
            'Buy-now price (optional)',
            form.buyNow,
            'buyNow',
            'A buyer may pay this to end the auction at once.',
          )}
          <NativeSelectField
            id="sell-days"
            label="Duration"
            value={form.days}
            options={DURATIONS}
            disabled={disabled}
            onChange={(value) => onChange({ days: value })}
          />
        </>
      )}
    </>
  );
}
