import { travelMinutes, type Continent, type Residence } from '@aleph/rules';
import { cellTerrain, type DecodedMap } from '@aleph/contracts';

/** Terrain colours (Valley, Forest, Mountains, River, Arctic) for other players' lands. */
export const TERRAIN_COLORS = ['#8bc34a', '#2e7d32', '#a1887f', '#29b6f6', '#e0f7fa'] as const;
/** Free plots: plain ground, a little lighter than the page. */
export const FREE_COLOR = '#4a4640';
/** The player's own lands. */
export const OWN_COLOR = '#ff9800';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as number[];
const TERRAIN_RGB = TERRAIN_COLORS.map(rgb);
const FREE_RGB = rgb(FREE_COLOR);
const OWN_RGB = rgb(OWN_COLOR);

/** `y * 500 + x` of each of the player's lands on this continent. */
export type OwnPlots = ReadonlySet<number>;

/**
 * One pixel per plot, drawn once per map version: the render loop only scales and blits it
 * (docs/decisions/0009-world-map.md).
 */
export function paintContinent(map: DecodedMap, own: OwnPlots): ImageData {
  const image = new ImageData(map.width, map.height);
  const px = image.data;
  for (let i = 0; i < map.cells.length; i++) {
    const cell = map.cells[i] ?? 0;
    const c = own.has(i) ? OWN_RGB : cell === 0 ? FREE_RGB : TERRAIN_RGB[cellTerrain(cell)];
    const o = i * 4;
    px[o] = c?.[0] ?? 0;
    px[o + 1] = c?.[1] ?? 0;
    px[o + 2] = c?.[2] ?? 0;
    px[o + 3] = 255;
  }
  return image;
}

export type { Residence };

/** The longest travel the shading tells apart: further plots share the darkest shade. */
const SHADE_MINUTES = 360;

/**
 * Travel time from the hero's residence to every plot of the continent (the rules' own
 * `travelMinutes`, the same the server charges), as a translucent overlay: clear near the
 * residence, darker the longer the way.
 */
export function paintTravel(
  continent: Continent,
  width: number,
  height: number,
  residence: Residence | null,
): ImageData {
  const image = new ImageData(width, height);
  const px = image.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const minutes = travelMinutes(residence, { continent, x, y });
      const o = (y * width + x) * 4;
      px[o + 2] = 40;
      px[o + 3] = Math.round(200 * Math.min(1, minutes / SHADE_MINUTES));
    }
  }
  return image;
}
