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

/** Exact great-circle miles from the centre to producer `pr` (haversine, as in the shared helper). */
export function distanceSql(center: Point): SQL<number> {
  return distanceToSql(center, 'pr');
}

/** The radius filter: box on the index first, then the exact distance. */
export function withinRadiusSql(center: Point, radiusMiles: number): SQL {
  const box = boundingBox(center, radiusMiles);
  const exact = sql`${distanceSql(center)} <= ${radiusMiles}::float8`;
  if (!box) return sql`(pr.latitude is not null and ${exact})`;
  return sql`(pr.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8
    and pr.longitude between ${box.minLng}::float8 and ${box.maxLng}::float8 and ${exact})`;
}

/** Grid cells are a quarter degree; `search_cell()` in migration 0006 is the SQL twin. */
const CELLS_PER_DEGREE = 4;
const cellRow = (latitude: number) => Math.floor((latitude + 90) * CELLS_PER_DEGREE);
const cellColumn = (longitude: number) => Math.floor((longitude + 180) * CELLS_PER_DEGREE);

export function gridCell(latitude: number, longitude: number): number {
  return cellRow(latitude) * 2000 + cellColumn(longitude);
}

/** Past this many cells a box is too wide for a cell filter to narrow anything (about 300 miles square). */
const MAX_CELLS = 600;

/**
 * The grid cells a box touches, as the tsquery over the listings' cell tokens (`zzg<cell>`), so the
 * GIN index intersects place, text and category in one scan. Null when the box is too wide to help.
 */
export function cellsTsquery(box: NonNullable<BoundingBox>): string | null {
  const rows = [cellRow(box.minLat), cellRow(box.maxLat)];
  const columns = [cellColumn(box.minLng), cellColumn(box.maxLng)];
  if ((rows[1] - rows[0] + 1) * (columns[1] - columns[0] + 1) > MAX_CELLS) return null;
  const cells: string[] = [];
  for (let row = rows[0]; row <= rows[1]; row++) {
    for (let column = columns[0]; column <= columns[1]; column++) cells.push(`zzg${row * 2000 + column}`);
  }
  return cells.join(' | ');
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
