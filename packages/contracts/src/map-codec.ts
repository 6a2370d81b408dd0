/**
 * The world map's binary encoding (docs/api.md, "World map"): a 16-byte header, a bitmap of the
 * occupied plots (bit `y * width + x`, least significant bit first), then one byte per
 * occupied plot in that order: `terrain * 4 + element`. 250,000 plots of a 500 x 500
 * continent take 31,250 bytes of bitmap and one byte each, so a full continent is 281,266
 * bytes: a per-plot record would need five.
 */
export const MAP_MEDIA_TYPE = 'application/vnd.aleph.map';
const MAGIC = [0x41, 0x4d, 0x41, 0x50]; // "AMAP"
const FORMAT = 1;
const HEADER = 16;

export interface MapPlotCell {
  x: number;
  y: number;
  terrain: number;
  element: number;
}

/** A decoded continent: `cells[y * width + x]` is 0 when free, else `1 + terrain * 4 + element`. */
export interface DecodedMap {
  continent: number;
  width: number;
  height: number;
  count: number;
  cells: Uint8Array;
}

export const cellTerrain = (cell: number) => (cell - 1) >> 2;
export const cellElement = (cell: number) => (cell - 1) & 3;

export function encodeMap(
  continent: number,
  width: number,
  height: number,
  plots: Iterable<MapPlotCell>,
): Uint8Array {
  const dense = new Uint8Array(width * height);
  let count = 0;
  for (const p of plots) {
    const i = p.y * width + p.x;
    if (dense[i] === 0) count++;
    dense[i] = 1 + p.terrain * 4 + p.element;
  }
  const bitmapBytes = Math.ceil((width * height) / 8);
  const out = new Uint8Array(HEADER + bitmapBytes + count);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint8(4, FORMAT);
  view.setUint8(5, continent);
  view.setUint16(6, width, true);
  view.setUint16(8, height, true);
  view.setUint32(10, count, true);
  let v = HEADER + bitmapBytes;
  for (let i = 0; i < dense.length; i++) {
    const cell = dense[i] ?? 0;
    if (cell === 0) continue;
    const at = HEADER + (i >> 3);
    out[at] = (out[at] ?? 0) | (1 << (i & 7));
    out[v++] = cell - 1;
  }
  return out;
}

export function decodeMap(bytes: Uint8Array): DecodedMap {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER || MAGIC.some((b, i) => bytes[i] !== b))
    throw new Error('Not a world map.');
  if (view.getUint8(4) !== FORMAT) throw new Error('Unknown world map format.');
  const width = view.getUint16(6, true);
  const height = view.getUint16(8, true);
  const count = view.getUint32(10, true);
  const bitmapBytes = Math.ceil((width * height) / 8);
  if (bytes.byteLength !== HEADER + bitmapBytes + count) throw new Error('Truncated world map.');
  const cells = new Uint8Array(width * height);
  let v = HEADER + bitmapBytes;
  for (let i = 0; i < cells.length; i++) {
    if (((bytes[HEADER + (i >> 3)] ?? 0) & (1 << (i & 7))) !== 0) cells[i] = (bytes[v++] ?? 0) + 1;
  }
  return { continent: view.getUint8(5), width, height, count, cells };
}
