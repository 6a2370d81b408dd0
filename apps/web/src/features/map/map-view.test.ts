import { describe, expect, it } from 'vitest';
import { centrePlot, fitView, panBy, plotAt, zoomAt } from './map-view';

const vp = { width: 1000, height: 500 };

describe('map view', () => {
  it('fits the whole continent at first, centred in a wide viewport', () => {
    const view = fitView(vp);
    expect(view.scale).toBe(1);
    expect(plotAt(view, 250, 0)).toEqual({ x: 0, y: 0 });
    expect(plotAt(view, 749, 499)).toEqual({ x: 499, y: 499 });
    expect(plotAt(view, 100, 10)).toBeNull();
  });

  it('zooms around the pointer and never below the fit', () => {
    const view = fitView(vp);
    const before = plotAt(view, 400, 300);
    const zoomed = zoomAt(view, vp, 4, 400, 300);
    expect(zoomed.scale).toBe(4);
    expect(plotAt(zoomed, 400, 300)).toEqual(before);
    expect(zoomAt(zoomed, vp, 0.01, 0, 0).scale).toBe(1);
    expect(zoomAt(zoomed, vp, 1000, 0, 0).scale).toBe(40);
  });

  it('pans with the pointer and stops at the edges', () => {
    const zoomed = zoomAt(fitView(vp), vp, 10, 500, 250);
    const centre = centrePlot(zoomed, vp)!;
    const moved = panBy(zoomed, vp, -100, 0);
    expect(centrePlot(moved, vp)).toEqual({ x: centre.x + 10, y: centre.y });
    const far = panBy(zoomed, vp, -1e6, -1e6);
    expect(plotAt(far, 999, 499)).toEqual({ x: 499, y: 499 });
  });
});
