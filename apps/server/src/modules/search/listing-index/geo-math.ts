import { EARTH_RADIUS_MILES, type Point } from '../geo';

const RADIANS = Math.PI / 180;

/**
 * Great-circle miles, the same clamped haversine as `distanceToSql` (geo.ts) term for term, so the
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

/** Grid cells of a quarter degree (as geo.ts#gridCell), used to find the producers near a centre. */
const CELLS_PER_DEGREE = 4;
export const cellRow = (latitude: number) => Math.floor((latitude + 90) * CELLS_PER_DEGREE);
export const cellColumn = (longitude: number) => Math.floor((longitude + 180) * CELLS_PER_DEGREE);
export const cellKey = (row: number, column: number) => row * 2000 + column;

/**
 * Regions of two degrees (about 140 × 100 miles here): each lexeme's postings are also kept per
 * region, so a text search within a radius reads only the regions its circle touches. -1: no place.
 */
const REGION_DEGREES = 2;
export const regionOf = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null || Number.isNaN(latitude) || Number.isNaN(longitude)
    ? -1
    : Math.floor((latitude + 90) / REGION_DEGREES) * 1000 + Math.floor((longitude + 180) / REGION_DEGREES);

/** The regions a latitude/longitude box touches. */
export function regionsOf(box: { minLat: number; maxLat: number; minLng: number; maxLng: number }): number[] {
  const regions: number[] = [];
  for (let row = Math.floor((box.minLat + 90) / REGION_DEGREES); row <= Math.floor((box.maxLat + 90) / REGION_DEGREES); row++) {
    for (
      let column = Math.floor((box.minLng + 180) / REGION_DEGREES);
      column <= Math.floor((box.maxLng + 180) / REGION_DEGREES);
      column++
    ) {
      regions.push(row * 1000 + column);
    }
  }
  return regions;
}
