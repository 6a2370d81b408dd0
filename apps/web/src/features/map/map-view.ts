/**
 * Pan and zoom of one continent (docs/screens.md, World map): `scale` is screen pixels per
 * plot, (`left`, `top`) the plot coordinate at the canvas's top-left corner. Pure, so the
 * input handlers and the render loop share it and tests need no canvas.
 */
export interface MapView {
  scale: number;
  left: number;
  top: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const MAP_SIZE = 500;
export const MAX_SCALE = 40;

/** The smallest scale: the whole continent fits in the viewport. */
export const fitScale = (vp: Viewport) => Math.min(vp.width, vp.height) / MAP_SIZE;

/** Keeps the scale in range and the continent on screen (centred when smaller than the view). */
export function clampView(view: MapView, vp: Viewport): MapView {
  const scale = Math.min(MAX_SCALE, Math.max(fitScale(vp), view.scale));
  const axis = (start: number, screen: number) => {
    const span = screen / scale;
    if (span >= MAP_SIZE) return (MAP_SIZE - span) / 2;
    return Math.min(MAP_SIZE - span, Math.max(0, start));
  };
  return { scale, left: axis(view.left, vp.width), top: axis(view.top, vp.height) };
}

export const fitView = (vp: Viewport): MapView =>
  clampView({ scale: fitScale(vp), left: 0, top: 0 }, vp);

/** Zooms by `factor` keeping the plot under the screen point (sx, sy) in place. */
export function zoomAt(view: MapView, vp: Viewport, factor: number, sx: number, sy: number) {
  const px = view.left + sx / view.scale;
  const py = view.top + sy / view.scale;
  const scale = Math.min(MAX_SCALE, Math.max(fitScale(vp), view.scale * factor));
  return clampView({ scale, left: px - sx / scale, top: py - sy / scale }, vp);
}

/** Moves the view by a screen distance (a drag moves the map with the pointer). */
export function panBy(view: MapView, vp: Viewport, dx: number, dy: number): MapView {
  return clampView(
    { ...view, left: view.left - dx / view.scale, top: view.top - dy / view.scale },
    vp,
  );
}

/** The plot under a screen point, or null outside the continent. */
export function plotAt(view: MapView, sx: number, sy: number): { x: number; y: number } | null {
  const x = Math.floor(view.left + sx / view.scale);
  const y = Math.floor(view.top + sy / view.scale);
  if (x < 0 || y < 0 || x >= MAP_SIZE || y >= MAP_SIZE) return null;
  return { x, y };
}

/** The plot at the centre of the view: what the keyboard points at. */
export const centrePlot = (view: MapView, vp: Viewport) =>
  plotAt(view, vp.width / 2, vp.height / 2);
