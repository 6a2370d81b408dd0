import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ListedLand } from '@aleph/contracts';
import { CONTINENT_NAMES, ELEMENT_NAMES, sealName, TERRAIN_NAMES } from '@aleph/rules';
import { DetailList } from '../../lib/detail-list';
import { elementLabel } from '../../lib/element-visuals';
import { formatCompact, formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { SectionCard } from '../../lib/section-card';
import { compactTable } from './listing-text';

function seal(level: number): string {
  try {
    return sealName(level);
  } catch {
    return `Level ${level}`;
  }
}

/**
 * A listed land: where it is, what it makes and what comes with it (towers, seals, vaults,
 * shards and the inventory; docs/game-rules.md, Bazaar). The world map opens whole: it has no
 * address for one plot.
 */
export function ListedLandCard({ land }: { land: ListedLand }) {
  return (
    <SectionCard title="Land">
      <DetailList
        details={[
          { term: 'Land', value: landLabel(land) },
          { term: 'Continent', value: CONTINENT_NAMES[land.continent] ?? `#${land.continent}` },
          {
            term: 'Coordinates',
            value: (
              <>
                ({land.x}, {land.y}){' '}
                <Link component={RouterLink} to="/map">
                  World map
                </Link>
              </>
            ),
          },
          { term: 'Terrain', value: TERRAIN_NAMES[land.terrain] ?? `#${land.terrain}` },
          { term: 'Element', value: elementLabel(land.element) },
          { term: 'Gold per day', value: formatNumber(Math.round(land.goldPerDay)) },
        ]}
      />
      <Table size="small" aria-label="By element" sx={compactTable}>
        <TableHead>
          <TableRow>
            <TableCell>Element</TableCell>
            <TableCell align="right">Tower</TableCell>
            <TableCell align="right">Seal</TableCell>
            <TableCell align="right">Vault</TableCell>
            <TableCell align="right">Shards</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ELEMENT_NAMES.map((name, e) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row">
                {name}
              </TableCell>
              <TableCell align="right">{land.towers[e] ?? 0}</TableCell>
              <TableCell align="right">{seal(land.seals[e] ?? 0)}</TableCell>
              <TableCell align="right">{formatCompact(Math.floor(land.vaults[e] ?? 0))}</TableCell>
              <TableCell align="right">{formatNumber(land.shards[e] ?? 0)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {land.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No items in the inventory.
        </Typography>
      ) : (
        <DetailList
          details={land.items.map((item) => ({
            term: item.name,
            value: `${formatNumber(item.count)} x`,
          }))}
        />
      )}
    </SectionCard>
  );
}
