import type { SvgIconProps } from '@mui/material/SvgIcon';
import Air from '@mui/icons-material/Air';
import Landscape from '@mui/icons-material/Landscape';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import WaterDrop from '@mui/icons-material/WaterDrop';
import { ELEMENT_NAMES } from '@aleph/rules';

/** One colour per element (Air, Fire, Water, Earth), readable on the dark background. */
export const ELEMENT_COLORS = ['#9fd8ee', '#ff8a65', '#64b5f6', '#a5d6a7'] as const;

const ICONS = [Air, LocalFireDepartment, WaterDrop, Landscape] as const;

/** The element's name, or '#id' for an id the client does not know. */
export const elementLabel = (element: number): string => ELEMENT_NAMES[element] ?? `#${element}`;

/** A decorative icon in the element's colour; the element's name is always written beside it. */
export function ElementIcon({
  element,
  fontSize = 'small',
}: {
  element: number;
  fontSize?: SvgIconProps['fontSize'];
}) {
  const Icon = ICONS[element] ?? Air;
  return <Icon aria-hidden fontSize={fontSize} sx={{ color: ELEMENT_COLORS[element] }} />;
}
