import { type SQL, sql } from 'drizzle-orm';

/** The same Earth radius as `haversineMiles` in @farmstand/shared, so server and client agree. */
export const EARTH_RADIUS_MILES = 3958.7613;

export type Point = { latitude: number; longitude: number };
export type BoundingBox = { minLat: number; maxLat: number; minLng: number; maxLng: number } | null;

/**
 * The smallest latitude/longitude box that holds every point within `radiusMiles` of the centre,
 * so the B-tree on producers(latitude, longitude) can narrow the rows before the exact haversine.
 * Null when the circle reaches a pole (never here, but then no box is correct).
 */
export function boundingBox(center: Point, radiusMiles: number): BoundingBox {
  const angular = radiusMiles / EARTH_RADIUS_MILES;
  const dLat = (angular * 180) / Math.PI;
  const minLat = center.latitude - dLat;
  const maxLat = center.latitude + dLat;
  if (minLat <= -90 || maxLat >= 90) return null;
  const sinRatio = Math.sin(angular) / Math.cos((center.latitude * Math.PI) / 180);
  if (sinRatio >= 1) return null;
  const dLng = (Math.asin(sinRatio) * 180) / Math.PI;
  // A hair of slack so floating-point rounding never drops a point that the haversine keeps.
  const slack = 1e-9;
  return {
    minLat: minLat - slack,
    maxLat: maxLat + slack,
    minLng: center.longitude - dLng - slack,
    maxLng: center.longitude + dLng + slack,
  };
}

/**
 * Exact great-circle miles from the centre to a row's own `latitude`/`longitude` columns (alias
 * given); null for a row without coordinates (`least()` skips nulls, so without the guard an
 * unmapped farm would be half the Earth away).
 */
export function distanceToSql(center: Point, alias: string): SQL<number> {
  const lat = sql.raw(`${alias}.latitude`);
  const lng = sql.raw(`${alias}.longitude`);
  return sql<number>`(case when ${lat} is null or ${lng} is null then null::float8 else
    2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${center.latitude}::float8) / 2), 2)
    + cos(radians(${center.latitude}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lng} - ${center.longitude}::float8) / 2), 2)))) end)`;
}
