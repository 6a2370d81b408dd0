import { useEffect, useId, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import Remove from '@mui/icons-material/Remove';
import { drawScene, toCanvas, type Scene } from './map-renderer';
import { clampView, fitScale, fitView, zoomAt } from './map-view';
import { useMapGestures, type GestureTarget } from './use-map-gestures';

export interface Plot {
  x: number;
  y: number;
}

interface MapCanvasProps {
  /** The continent's name, for the canvas's accessible name. */
  name: string;
  base: ImageData;
  travel: ImageData | null;
  own: readonly number[];
  selected: Plot | null;
  onHover(plot: Plot | null): void;
  onSelect(plot: Plot | null): void;
}

/**
 * The continent on a canvas: one requestAnimationFrame loop draws a frame only when something
 * changed, by blitting the pre-rendered bitmaps (docs/decisions/0009-world-map.md).
 */
export function MapCanvas(props: MapCanvasProps) {
  const { name, base, travel, own, selected, onHover, onSelect } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const helpId = useId();
  const handlers = useRef({ onHover, onSelect });
  useEffect(() => {
    handlers.current = { onHover, onSelect };
  }, [onHover, onSelect]);
  const scene = useRef<Scene & { dirty: boolean }>({
    view: { scale: 1, left: 0, top: 0 },
    viewport: { width: 500, height: 500 },
    base: null,
    travel: null,
    own: [],
    selected: null,
    crosshair: false,
    dirty: true,
  });
  const target = useMemo<GestureTarget>(() => {
    const s = scene.current;
    return {
      get view() {
        return s.view;
      },
      set view(v) {
        s.view = v;
      },
      get viewport() {
        return s.viewport;
      },
      set viewport(v) {
        s.viewport = v;
      },
      get crosshair() {
        return s.crosshair;
      },
      set crosshair(v) {
        s.crosshair = v;
      },
      invalidate: () => {
        s.dirty = true;
      },
      hover: (plot) => handlers.current.onHover(plot),
      select: (plot) => handlers.current.onSelect(plot),
    };
  }, []);
  useMapGestures(canvasRef, target);

  useEffect(() => {
    scene.current.base = toCanvas(base);
    scene.current.dirty = true;
  }, [base]);
  useEffect(() => {
    scene.current.travel = travel ? toCanvas(travel) : null;
    scene.current.dirty = true;
  }, [travel]);
  useEffect(() => {
    Object.assign(scene.current, { own, selected, dirty: true });
  }, [own, selected]);

  // The size follows the element; the view starts fitted to the continent.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let fitted = false;
    const observer = new ResizeObserver(() => {
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      const s = scene.current;
      // A view still showing the whole continent stays so (e.g. when a scroll bar appears).
      const whole = !fitted || s.view.scale <= fitScale(s.viewport) + 1e-9;
      s.viewport = { width, height };
      s.view = whole ? fitView(s.viewport) : clampView(s.view, s.viewport);
      fitted = true;
      s.dirty = true;
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // The one render loop.
  useEffect(() => {
    let frame = 0;
    const loop = () => {
      const s = scene.current;
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (s.dirty && ctx) {
        s.dirty = false;
        drawScene(ctx, s, canvas!.width / Math.max(1, s.viewport.width));
      }
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, []);

  const zoom = (factor: number) => {
    const s = scene.current;
    s.view =
      factor === 0
        ? fitView(s.viewport)
        : zoomAt(s.view, s.viewport, factor, s.viewport.width / 2, s.viewport.height / 2);
    s.dirty = true;
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="canvas"
        ref={canvasRef}
        tabIndex={0}
        role="img"
        aria-label={`Map of ${name}`}
        aria-describedby={helpId}
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 'min(100vw, 70vh)', md: 'min(640px, 70vh)' },
          touchAction: 'none',
          cursor: 'crosshair',
          borderRadius: 1,
          outlineOffset: 2,
          '&:focus-visible': { outline: '2px solid #ff9800' },
        }}
      />
      <Stack
        direction="column"
        sx={{
          position: 'absolute',
          top: 8,
          right: 8,
          bgcolor: 'rgba(0,0,0,0.55)',
          borderRadius: 1,
        }}
      >
        <IconButton aria-label="Zoom in" onClick={() => zoom(2)} size="small">
          <Add />
        </IconButton>
        <IconButton aria-label="Zoom out" onClick={() => zoom(0.5)} size="small">
          <Remove />
        </IconButton>
        <IconButton aria-label="Show the whole continent" onClick={() => zoom(0)} size="small">
          <CenterFocusStrong />
        </IconButton>
      </Stack>
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        Drag or use the arrow keys to move; wheel, pinch or + and - to zoom; 0 shows the whole
        continent. Point at or tap a plot to see it; with the keyboard, Enter shows the plot under
        the cross.
      </Typography>
    </Box>
  );
}
