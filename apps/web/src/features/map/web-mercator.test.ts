import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { pointInView, TILE_GRIDS, tilesInView, viewportAt } from './web-mercator';

/** A Leaflet map of the given client size (jsdom lays nothing out, so the size is set by hand). */
function leafletMap(center: [number, number], zoom: number, width: number, height: number) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: width });
  Object.defineProperty(element, 'clientHeight', { value: height });
  document.body.append(element);
  return L.map(element, { center, zoom, zoomControl: false, attributionControl: false });
}

/** As `ViewportReporter` words Leaflet's bounds for the API. */
const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
const bboxOf = (bounds: L.LatLngBounds) =>
  [clamp(bounds.getWest(), 180), clamp(bounds.getSouth(), 90), clamp(bounds.getEast(), 180), clamp(bounds.getNorth(), 90)]
    .map((v) => v.toFixed(4))
    .join(',');

// The /map default, a phone, odd sizes, a found place, the deepest zoom and the whole world.
const VIEWS: [number, number, number, number, number][] = [
  [37.0842, -84.5037, 10, 1280, 656],
  [37.0842, -84.5037, 10, 390, 692],
  [38.04, -84.5, 11, 391, 693],
  [37.5687, -84.2963, 11, 1024, 555],
  [36.1627, -86.7816, 19, 801, 601],
  [0, 0, 1, 1400, 900],
];

describe('the static map view matches Leaflet', () => {
  it.each(VIEWS)('at %f, %f zoom %i in %i × %i', (lat, lng, zoom, width, height) => {
    const map = leafletMap([lat, lng], zoom, width, height);
    const view = viewportAt({ latitude: lat, longitude: lng }, zoom, { width, height });
    expect(view.bbox).toBe(bboxOf(map.getBounds()));
    expect(view.origin).toEqual({ x: map.getPixelOrigin().x, y: map.getPixelOrigin().y });
    for (const [dLat, dLng] of [
      [0, 0],
      [0.03, -0.05],
      [-0.2, 0.4],
    ] as const) {
      const leaflet = map.latLngToLayerPoint([lat + dLat, lng + dLng]).round();
      expect(pointInView(view, lat + dLat, lng + dLng)).toEqual({ x: leaflet.x, y: leaflet.y });
    }
    map.remove();
  });
});

describe('tilesInView', () => {
  const view = viewportAt({ latitude: 37.0842, longitude: -84.5037 }, 10, { width: 390, height: 692 });

  it('covers the view with 256 px tiles of the map zoom', () => {
    const tiles = tilesInView(view, TILE_GRIDS.standard);
    expect(tiles.every((tile) => tile.z === 10 && tile.size === 256)).toBe(true);
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + t.size))).toBeGreaterThanOrEqual(390);
    expect(Math.max(...tiles.map((t) => t.top + t.size))).toBeGreaterThanOrEqual(692);
    // Each tile sits where its world pixels are: tile x covers x·256 … x·256+256 at zoom 10.
    for (const tile of tiles) expect(tile.left + view.origin.x).toBe(tile.x * 256);
  });

  it('on high-density screens asks the next zoom for 128 px boxes, and enlarges the deepest zoom', () => {
    const tiles = tilesInView(view, TILE_GRIDS.retina);
    expect(tiles.every((tile) => tile.z === 11 && tile.size === 128)).toBe(true);
    expect(tiles.length).toBeGreaterThan(tilesInView(view, TILE_GRIDS.standard).length);
    const deepest = viewportAt({ latitude: 37, longitude: -84 }, 19, { width: 390, height: 692 });
    expect(tilesInView(deepest, TILE_GRIDS.retina).every((tile) => tile.z === 19 && tile.size === 256)).toBe(true);
  });

  it('wraps x around the world and leaves out rows beyond the poles', () => {
    const world = viewportAt({ latitude: 0, longitude: 179 }, 1, { width: 1400, height: 900 });
    const tiles = tilesInView(world, TILE_GRIDS.standard);
    expect(tiles.every((tile) => tile.x >= 0 && tile.x < 2 && tile.y >= 0 && tile.y < 2)).toBe(true);
  });
});
