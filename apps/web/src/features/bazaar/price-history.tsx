import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import type { ListingSummary, PriceHistoryQuery } from '@aleph/contracts';
import { BAZAAR_CONFIG } from '@aleph/rules';
import { DetailList } from '../../lib/detail-list';
import { formatNumber } from '../../lib/format-number';
import { SectionCard } from '../../lib/section-card';
import { useGetPriceHistoryQuery } from './bazaar-endpoints';
import { formatPrice } from './listing-text';

const PriceChart = lazy(() => import('./price-chart').then((m) => ({ default: m.PriceChart })));

/** The series a listing belongs to: a hero's rarity, a land's terrain, goods' item (docs/api.md). */
export function seriesOf(l: ListingSummary): PriceHistoryQuery | null {
  const currency = l.currency;
  if (l.kind === 'hero')
    return l.rarity === null ? null : { kind: 'hero', rarity: l.rarity, currency };
  if (l.kind === 'land') {
    return l.terrain === null ? null : { kind: 'land', terrain: l.terrain, currency };
  }
  if (l.item === null) return null;
  const perElement = l.item === 'elementals' || l.item === 'shards';
  if (perElement && l.element === null) return null;
  return {
    kind: 'goods',
    item: l.item,
    ...(perElement ? { elemid: l.element! } : {}),
    currency,
  };
}

/** The listing's market: what its kind sold for each day, as a chart and in words. */
export function PriceHistorySection({ listing }: { listing: ListingSummary }) {
  const series = seriesOf(listing);
  const { data, isError } = useGetPriceHistoryQuery(series!, { skip: series === null });
  if (series === null) return null;
  const title = `Median price (${listing.currency}) per day, last ${BAZAAR_CONFIG.historyDays} days`;
  const sold = data?.days.filter((d) => d.volume > 0) ?? [];
  const last = sold.at(-1);
  return (
    <SectionCard title={title}>
      {isError && <Typography color="error">Failed to load the price history</Typography>}
      {!data && !isError && <Typography role="status">Loading...</Typography>}
      {data && sold.length === 0 && (
        <Typography color="text.secondary">No sales of this kind in these days.</Typography>
      )}
      {data && last && (
        <>
          <Suspense fallback={<Typography role="status">Loading chart...</Typography>}>
            <PriceChart history={data} />
          </Suspense>
          <DetailList
            details={[
              {
                term: 'Sales in these days',
                value: formatNumber(sold.reduce((n, d) => n + d.volume, 0)),
              },
              {
                term: `Median on ${last.day}`,
                value: last.median === null ? '-' : formatPrice(last.median, data.currency),
              },
            ]}
          />
          {listing.kind === 'goods' && (
            <Typography variant="body2" color="text.secondary">
              Goods are priced per unit.
            </Typography>
          )}
        </>
      )}
    </SectionCard>
  );
}
