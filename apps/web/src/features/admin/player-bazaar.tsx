import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  BazaarErrorCode,
  type ListingKind,
  type ListingSummary,
  type StaffActionResult,
} from '@aleph/contracts';
import { serverCode } from '../../api/error-message';
import { formatNumber } from '../../lib/format-number';
import { SectionCard } from '../../lib/section-card';
import { ActionDialog } from './action-dialog';
import { useGetPlayerListingsQuery, useStaffCancelListingMutation } from './admin-endpoints';
import { DataTable, type Column } from './data-table';
import { when } from './format';

type Done = (text: string, result: StaffActionResult) => void;

const KIND_NAMES: Record<ListingKind, string> = { hero: 'Hero', land: 'Land', goods: 'Goods' };

/** Refusals that mean the listing is no longer open: its row goes with the dialog. */
const GONE: readonly string[] = [BazaarErrorCode.listingClosed, BazaarErrorCode.listingNotFound];

const listingName = (l: ListingSummary) => `#${l.id} ${l.title}`;

/**
 * `POST /diwan/bazaar/{id}/cancel` (docs/operations.md, "Moderation"): the seller's inbox
 * message quotes the reason, so its hint says so.
 */
function CancelListingDialog(props: {
  listing: ListingSummary;
  onClose(): void;
  onGone(id: number): void;
  onDone: Done;
}) {
  const [cancel] = useStaffCancelListingMutation();
  const { listing } = props;
  return (
    <ActionDialog
      open
      title={`Cancel listing ${listingName(listing)}`}
      submitLabel="Cancel listing"
      description="The listing closes now, an auction with bids too: what it holds goes back to the seller, a held bid back to its bidder. The listing fee is not refunded."
      reasonHelp="The seller reads it in the inbox message, and the staff log keeps it."
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        cancel({ id: listing.id, reason })
          .unwrap()
          .catch((error: unknown) => {
            const code = serverCode(error);
            if (code && GONE.includes(code)) props.onGone(listing.id);
            throw error;
          })
      }
      onDone={(result) => {
        props.onGone(listing.id);
        props.onDone(`Listing ${listingName(listing)} cancelled`, result);
      }}
    />
  );
}

/**
 * A player's open listings on their page, read by the Bazaar's public search (staff are
 * players too), each with "Cancel listing". A cancelled or closed listing leaves the table at
 * once: a search page a server keeps for a moment may still hold it (docs/api.md, "Bazaar").
 */
export function BazaarSection(props: { playerId: number; onDone: Done }) {
  const { data, isError } = useGetPlayerListingsQuery(props.playerId);
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const [cancelling, setCancelling] = useState<ListingSummary>();
  const hide = (id: number) => setGone((ids) => new Set(ids).add(id));

  const columns: readonly Column<ListingSummary>[] = [
    {
      header: 'Listing',
      wrap: true,
      cell: (l) => (
        <Link component={RouterLink} to={`/bazaar/${l.id}`} color="secondary">
          {l.title}
        </Link>
      ),
    },
    { header: 'Kind', cell: (l) => KIND_NAMES[l.kind] },
    { header: 'Price', cell: (l) => `${formatNumber(l.price)} ${l.currency}` },
    { header: 'Bids', cell: (l) => (l.auction ? l.auction.bids : 'Fixed price') },
    { header: 'Ends', cell: (l) => when(l.endsAt) },
    {
      header: 'Action',
      cell: (l) => (
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          aria-haspopup="dialog"
          // The visible text first, so a spoken command finds it; the id tells the rows apart.
          aria-label={`Cancel listing ${listingName(l)}`}
          onClick={() => setCancelling(l)}
        >
          Cancel listing
        </Button>
      ),
    },
  ];

  return (
    <SectionCard title="Bazaar">
      {isError ? (
        <Alert severity="error">Failed to load the Bazaar listings.</Alert>
      ) : !data ? (
        <Typography role="status">Loading...</Typography>
      ) : (
        <DataTable
          label="Open Bazaar listings"
          columns={columns}
          rows={data.listings.filter((l) => !gone.has(l.id))}
          rowKey={(l) => l.id}
          empty="No open listings."
        />
      )}
      {cancelling && (
        <CancelListingDialog
          listing={cancelling}
          onClose={() => setCancelling(undefined)}
          onGone={hide}
          onDone={props.onDone}
        />
      )}
    </SectionCard>
  );
}
