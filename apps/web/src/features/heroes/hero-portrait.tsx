import type { Hero } from '@aleph/contracts';
import Box from '@mui/material/Box';

interface HeroPortraitProps {
  hero: Pick<Hero, 'image' | 'name'>;
  size: number;
  /** Decorative where the name is written next to it (cards), described on the detail page. */
  decorative?: boolean;
}

export function HeroPortrait({ hero, size, decorative = false }: HeroPortraitProps) {
  return (
    <Box
      component="img"
      src={hero.image}
      alt={decorative ? '' : `Portrait of ${hero.name}`}
      width={size}
      height={size}
      sx={{ borderRadius: 2, flexShrink: 0, bgcolor: 'action.hover', display: 'block' }}
    />
  );
}
