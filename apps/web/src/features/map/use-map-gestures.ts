import { useEffect, type RefObject } from 'react';
import {
  centrePlot,
  fitView,
  panBy,
  plotAt,
  zoomAt,
  type MapView,
  type Viewport,
} from './map-view';

export interface GestureTarget {
  view: MapView;
  viewport: Viewport;
  crosshair: boolean;
  /** Something changed: the render loop draws the next frame. */
  invalidate(): void;
  hover(plot: { x: number; y: number } | null): void;
  select(plot: { x: number; y: number } | null): void;
}

const KEY_PAN = 80;
const KEY_ZOOM = 1.5;
/** Pointer travel (px) below which a press is a tap (select), not a drag. */
const TAP_SLOP = 6;

/**
 * Mouse drag and wheel, touch drag and pinch, and the keyboard (arrows pan, + and - zoom, 0
 * fits, Enter selects the centre plot), all moving one view that the render loop reads.
 */
export function useMapGestures(canvas: RefObject<HTMLCanvasElement | null>, t: GestureTarget) {
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let travelled = 0;
    let pinch = 0;
    const local = (e: { clientX: number; clientY: number }) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const set = (view: MapView) => {
      t.view = view;
      t.invalidate();
    };
    const distance = () => {
      const [a, b] = [...pointers.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };

    const down = (e: PointerEvent) => {
      el.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      travelled = 0;
      pinch = distance();
      if (t.crosshair) {
        t.crosshair = false;
        t.invalidate();
      }
    };
    const move = (e: PointerEvent) => {
      const p = local(e);
      const last = pointers.get(e.pointerId);
      if (!last) {
        if (e.pointerType === 'mouse') t.hover(plotAt(t.view, p.x, p.y));
        return;
      }
      pointers.set(e.pointerId, p);
      if (pointers.size === 2) {
        const d = distance();
        const [a, b] = [...pointers.values()];
        if (pinch > 0 && a && b)
          set(zoomAt(t.view, t.viewport, d / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2));
        pinch = d;
        travelled += TAP_SLOP;
        return;
      }
      travelled += Math.hypot(p.x - last.x, p.y - last.y);
      set(panBy(t.view, t.viewport, p.x - last.x, p.y - last.y));
    };
    const up = (e: PointerEvent) => {
      const p = local(e);
      if (pointers.size === 1 && travelled < TAP_SLOP) t.select(plotAt(t.view, p.x, p.y));
      pointers.delete(e.pointerId);
      pinch = distance();
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      set(zoomAt(t.view, t.viewport, Math.exp(-e.deltaY * 0.002), p.x, p.y));
    };
    const key = (e: KeyboardEvent) => {
      const { view, viewport: vp } = t;
      const moves: Record<string, () => MapView> = {
        ArrowLeft: () => panBy(view, vp, KEY_PAN, 0),
        ArrowRight: () => panBy(view, vp, -KEY_PAN, 0),
        ArrowUp: () => panBy(view, vp, 0, KEY_PAN),
        ArrowDown: () => panBy(view, vp, 0, -KEY_PAN),
        '+': () => zoomAt(view, vp, KEY_ZOOM, vp.width / 2, vp.height / 2),
        '=': () => zoomAt(view, vp, KEY_ZOOM, vp.width / 2, vp.height / 2),
        '-': () => zoomAt(view, vp, 1 / KEY_ZOOM, vp.width / 2, vp.height / 2),
        '0': () => fitView(vp),
      };
      const next = moves[e.key];
      if (!next && e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      if (next) set(next());
      t.crosshair = true;
      t.invalidate();
      t.select(centrePlot(t.view, t.viewport));
    };
    const leave = () => t.hover(null);

    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('keydown', key);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('keydown', key);
    };
  }, [canvas, t]);
}
