const FEET_PER_MILE = 5280;

/** Spec 01 §9: under 1 mile in feet, under 10 with one decimal, otherwise rounded. */
export function formatDistance(miles: number | null | undefined): string {
  if (miles === null || miles === undefined || Number.isNaN(miles)) return '';
  if (miles < 1) return `${Math.round(miles * FEET_PER_MILE)} ft`;
  if (miles < 10) return `${miles.toFixed(1)} mi`;
  return `${Math.round(miles)} mi`;
}

const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles (haversine): the same formula the SQL uses. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
