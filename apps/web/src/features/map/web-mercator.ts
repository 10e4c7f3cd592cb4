/**
 * The little of Leaflet's Web-Mercator (EPSG:3857) maths the static first view of /map needs
 * (docs/decisions/240): where a point, a tile and the viewport fall for a centre, a zoom and a size.
 * Every formula follows Leaflet 1.9's own, in the same order and with the same rounding, so the
 * static view asks the API for exactly the bbox Leaflet reports later (one query, no refetch at the
 * swap) and draws markers and tiles on the very pixels where Leaflet then draws them.
 */

const EARTH_RADIUS = 6378137;
const MAX_LATITUDE = 85.0511287798;
const SCALE = 0.5 / (Math.PI * EARTH_RADIUS);

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

const worldSize = (zoom: number) => 256 * 2 ** zoom;

/** A latitude/longitude as world pixels at a zoom (Leaflet's `map.project`). */
export function project(lat: number, lng: number, zoom: number): Point {
  const d = Math.PI / 180;
  const clamped = Math.max(Math.min(MAX_LATITUDE, lat), -MAX_LATITUDE);
  const sin = Math.sin(clamped * d);
  const x = EARTH_RADIUS * lng * d;
  const y = (EARTH_RADIUS * Math.log((1 + sin) / (1 - sin))) / 2;
  const scale = worldSize(zoom);
  return { x: scale * (SCALE * x + 0.5), y: scale * (-SCALE * y + 0.5) };
}

/** World pixels at a zoom back to latitude/longitude (Leaflet's `map.unproject`). */
export function unproject(point: Point, zoom: number): { lat: number; lng: number } {
  const scale = worldSize(zoom);
  const x = (point.x / scale - 0.5) / SCALE;
  const y = (point.y / scale - 0.5) / -SCALE;
  const d = 180 / Math.PI;
  return { lat: (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * d, lng: (x * d) / EARTH_RADIUS };
}

export type StaticViewport = {
  zoom: number;
  size: Size;
  /** World pixel of the view's top-left corner: Leaflet's pixel origin after `setView`. */
  origin: Point;
  /** The API's bbox (west,south,east,north), as `ViewportReporter` words Leaflet's `getBounds()`. */
  bbox: string;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function viewportAt(center: { latitude: number; longitude: number }, zoom: number, size: Size): StaticViewport {
  const middle = project(center.latitude, center.longitude, zoom);
  const origin = { x: Math.round(middle.x - size.width / 2), y: Math.round(middle.y - size.height / 2) };
  const southWest = unproject({ x: origin.x, y: origin.y + size.height }, zoom);
  const northEast = unproject({ x: origin.x + size.width, y: origin.y }, zoom);
  const bbox = [
    clamp(southWest.lng, -180, 180),
    clamp(southWest.lat, -90, 90),
    clamp(northEast.lng, -180, 180),
    clamp(northEast.lat, -90, 90),
  ]
    .map((value) => value.toFixed(4))
    .join(',');
  return { zoom, size, origin, bbox };
}

/** Where a latitude/longitude sits in the view, in CSS pixels from its top-left (Leaflet rounds the same way). */
export function pointInView(view: StaticViewport, lat: number, lng: number): Point {
  const world = project(lat, lng, view.zoom);
  return { x: Math.round(world.x) - view.origin.x, y: Math.round(world.y) - view.origin.y };
}

/** How the tile layer draws tiles: 256 px tiles, or on high-density screens 128 px boxes from the next zoom. */
export type TileGrid = { boxSize: number; maxNativeZoom: number; zoomOffset: number };
export const TILE_GRIDS = {
  standard: { boxSize: 256, maxNativeZoom: 19, zoomOffset: 0 },
  retina: { boxSize: 128, maxNativeZoom: 18, zoomOffset: 1 },
} satisfies Record<string, TileGrid>;

export type PlacedTile = { key: string; z: number; x: number; y: number; left: number; top: number; size: number };

/** The tiles covering the view, placed as Leaflet's tile layer places them (x wraps around the world, y does not). */
export function tilesInView(view: StaticViewport, grid: TileGrid): PlacedTile[] {
  const tileZoom = Math.min(view.zoom, grid.maxNativeZoom);
  const size = grid.boxSize * 2 ** (view.zoom - tileZoom);
  const urlZoom = tileZoom + grid.zoomOffset;
  const count = 2 ** tileZoom;
  const tiles: PlacedTile[] = [];
  const firstY = Math.floor(view.origin.y / size);
  const lastY = Math.ceil((view.origin.y + view.size.height) / size) - 1;
  const firstX = Math.floor(view.origin.x / size);
  const lastX = Math.ceil((view.origin.x + view.size.width) / size) - 1;
  for (let y = Math.max(0, firstY); y <= Math.min(count - 1, lastY); y++) {
    for (let x = firstX; x <= lastX; x++) {
      const wrappedX = ((x % count) + count) % count;
      tiles.push({
        key: `${x}:${y}`,
        z: urlZoom,
        x: wrappedX,
        y,
        left: x * size - view.origin.x,
        top: y * size - view.origin.y,
        size,
      });
    }
  }
  return tiles;
}
