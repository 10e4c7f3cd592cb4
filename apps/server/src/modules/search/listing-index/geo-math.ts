import { EARTH_RADIUS_MILES, type Point } from '../../../lib/geo';

const RADIANS = Math.PI / 180;

/**
 * Great-circle miles, the same clamped haversine as `distanceToSql` (lib/geo.ts) term for term, so the
 * index and the SQL path order equal places alike. A centre is prepared once per query.
 */
export function distanceFrom(center: Point): (latitude: number, longitude: number) => number {
  const cosCenter = Math.cos(center.latitude * RADIANS);
  return (latitude, longitude) => {
    const sinLat = Math.sin(((latitude - center.latitude) * RADIANS) / 2);
    const sinLng = Math.sin(((longitude - center.longitude) * RADIANS) / 2);
    const h = sinLat ** 2 + cosCenter * Math.cos(latitude * RADIANS) * sinLng ** 2;
    return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  };
}

/** Grid cells of a quarter degree (as `search_cell()` of migration 0006), used to find the producers near a centre. */
const CELLS_PER_DEGREE = 4;
export const cellRow = (latitude: number) => Math.floor((latitude + 90) * CELLS_PER_DEGREE);
export const cellColumn = (longitude: number) => Math.floor((longitude + 180) * CELLS_PER_DEGREE);
export const cellKey = (row: number, column: number) => row * 2000 + column;

/**
 * Regions of a quarter degree (about 17 × 14 miles here): each lexeme's postings are also kept by
 * region, so a text search within a radius reads only the regions its circle touches, and counts the
 * ones wholly inside it without a distance per listing (decision 280). -1: no place.
 */
const REGIONS_PER_DEGREE = 4;
const REGION_COLUMNS = 2000;
const regionRow = (latitude: number) => Math.floor((latitude + 90) * REGIONS_PER_DEGREE);
const regionColumn = (longitude: number) => Math.floor((longitude + 180) * REGIONS_PER_DEGREE);

export const regionOf = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null || Number.isNaN(latitude) || Number.isNaN(longitude)
    ? -1
    : regionRow(latitude) * REGION_COLUMNS + regionColumn(longitude);

/** The regions a latitude/longitude box touches. */
export function regionsOf(box: { minLat: number; maxLat: number; minLng: number; maxLng: number }): number[] {
  const regions: number[] = [];
  for (let row = regionRow(box.minLat); row <= regionRow(box.maxLat); row++) {
    for (let column = regionColumn(box.minLng); column <= regionColumn(box.maxLng); column++) {
      regions.push(row * REGION_COLUMNS + column);
    }
  }
  return regions;
}

/** A latitude/longitude rectangle (a region, a grid cell), in degrees. */
export type Sides = { south: number; north: number; west: number; east: number };

export function regionSides(region: number): Sides {
  const row = Math.floor(region / REGION_COLUMNS);
  const column = region - row * REGION_COLUMNS;
  return {
    south: row / REGIONS_PER_DEGREE - 90,
    north: (row + 1) / REGIONS_PER_DEGREE - 90,
    west: column / REGIONS_PER_DEGREE - 180,
    east: (column + 1) / REGIONS_PER_DEGREE - 180,
  };
}

type Measure = (latitude: number, longitude: number) => number;

/**
 * About the nearest a point of the rectangle can be: the centre clamped into it. On a sphere the
 * nearest point of a side can lie a little off the clamped one, so callers allow a slack
 * (OUTSIDE_SLACK_MILES in listing-index.ts) before they skip anything by it.
 */
export function nearestPointOf(sides: Sides, center: Point, measure: Measure): number {
  const latitude = Math.min(sides.north, Math.max(sides.south, center.latitude));
  const longitude = Math.min(sides.east, Math.max(sides.west, center.longitude));
  return measure(latitude, longitude);
}

/**
 * The farthest a point of the rectangle can be: at a corner (along a parallel or a meridian the
 * great-circle distance from a point has one minimum, so its maximum over a side is at an end).
 * Only the farther side in longitude can hold it; both latitudes are tried.
 */
export function farthestCornerOf(sides: Sides, center: Point, measure: Measure): number {
  const longitude = Math.abs(sides.west - center.longitude) > Math.abs(sides.east - center.longitude) ? sides.west : sides.east;
  return Math.max(measure(sides.south, longitude), measure(sides.north, longitude));
}
