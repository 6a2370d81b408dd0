import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TraderQuote } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';
import { SectionCard } from '../../lib/section-card';

export const unitOf = (q: TraderQuote) => (q.unitSize > 1 ? `lot of ${q.unitSize}` : 'each');

/** Every good with what the trader pays and asks for one unit right now. */
export function TraderPrices({ quotes }: { quotes: readonly TraderQuote[] }) {
  return (
    <SectionCard title="Prices">
      <Table size="small" aria-label="Trader prices">
        <TableHead>
          <TableRow>
            <TableCell>Good</TableCell>
            <TableCell align="right">Trader pays</TableCell>
            <TableCell align="right">Trader asks</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quotes.map((q) => (
            <TableRow key={`${q.kind}:${q.code ?? q.elemid}`}>
              <TableCell sx={{ px: { xs: 1, sm: 2 } }}>
                {q.name} ({unitOf(q)})
              </TableCell>
              <TableCell align="right">{formatNumber(q.buyPrice)}</TableCell>
              <TableCell align="right">{formatNumber(q.sellPrice)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}
