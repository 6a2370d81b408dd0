import { MAP_SIZE, type MapView, type Viewport } from './map-view';

export interface Scene {
  view: MapView;
  viewport: Viewport;
  base: HTMLCanvasElement | null;
  travel: HTMLCanvasElement | null;
  /** Plot indexes (`y * 500 + x`) of the player's lands: ringed so they show at any zoom. */
  own: readonly number[];
  selected: { x: number; y: number } | null;
  /** The view's centre is marked while the keyboard drives the map. */
  crosshair: boolean;
}

/** A bitmap on an offscreen canvas, so each frame is one scaled copy. */
export function toCanvas(image: ImageData): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  canvas.getContext('2d')?.putImageData(image, 0, 0);
  return canvas;
}

/** Draws one frame: the pre-rendered continent and travel shade blitted at the view, then marks. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene, dpr: number) {
  const { view, viewport } = scene;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#2b2b2b';
  ctx.fillRect(0, 0, viewport.width, viewport.height);
  const s = view.scale;
  ctx.setTransform(dpr * s, 0, 0, dpr * s, -view.left * s * dpr, -view.top * s * dpr);
  ctx.imageSmoothingEnabled = false;
  if (scene.base) ctx.drawImage(scene.base, 0, 0);
  if (scene.travel) ctx.drawImage(scene.travel, 0, 0);

  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const toScreen = (x: number, y: number) => [(x - view.left) * s, (y - view.top) * s] as const;
  ctx.strokeStyle = '#ff9800';
  ctx.lineWidth = 2;
  const ring = Math.max(s, 8);
  for (const i of scene.own) {
    const [sx, sy] = toScreen((i % MAP_SIZE) + 0.5, Math.floor(i / MAP_SIZE) + 0.5);
    if (sx < -ring || sy < -ring || sx > viewport.width + ring || sy > viewport.height + ring)
      continue;
    ctx.strokeRect(sx - ring / 2, sy - ring / 2, ring, ring);
  }
  if (scene.selected) {
    const [sx, sy] = toScreen(scene.selected.x, scene.selected.y);
    const size = Math.max(s, 4);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    ctx.strokeRect(sx - 1, sy - 1, size + 2, size + 2);
  }
  if (scene.crosshair) {
    const cx = viewport.width / 2;
    const cy = viewport.height / 2;
    ctx.strokeStyle = 'rgba(255,255,255,0.8)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(cx - 12, cy);
    ctx.lineTo(cx + 12, cy);
    ctx.moveTo(cx, cy - 12);
    ctx.lineTo(cx, cy + 12);
    ctx.stroke();
  }
}
