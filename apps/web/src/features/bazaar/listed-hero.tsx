import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ListedHero } from '@aleph/contracts';
import { RARITY_NAMES, SEX_NAMES, SKILL_NAMES } from '@aleph/rules';
import { DetailList } from '../../lib/detail-list';
import { elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { SectionCard } from '../../lib/section-card';
import { compactTable } from './listing-text';

/**
 * A listed hero as a buyer judges it: rarity, element, level and each skill's base and upskills
 * (a Skill Pot does not travel with the hero, so it is not shown).
 */
export function ListedHeroCard({ hero }: { hero: ListedHero }) {
  return (
    <SectionCard title="Hero">
      <DetailList
        details={[
          { term: 'Name', value: hero.name },
          { term: 'Rarity', value: RARITY_NAMES[hero.rarity] ?? `#${hero.rarity}` },
          { term: 'Element', value: elementLabel(hero.element) },
          { term: 'Sex', value: SEX_NAMES[hero.sex] ?? `#${hero.sex}` },
          { term: 'Generation', value: hero.generation },
          { term: 'Level', value: hero.level },
          { term: 'Hero XP', value: formatNumber(hero.xp) },
        ]}
      />
      <Table size="small" aria-label="Skills" sx={compactTable}>
        <TableHead>
          <TableRow>
            <TableCell>Skill</TableCell>
            <TableCell align="right">Base</TableCell>
            <TableCell align="right">Upskills</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SKILL_NAMES.map((name, i) => {
            const base = hero.skills[i] ?? 0;
            const up = hero.upskills[i] ?? 0;
            return (
              <TableRow key={name}>
                <TableCell component="th" scope="row">
                  {name}
                </TableCell>
                <TableCell align="right">{base}</TableCell>
                <TableCell align="right">{up > 0 ? `+${up}` : '0'}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {base + up}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </SectionCard>
  );
}
