import zipcodes from 'zipcodes';

export type GeocodeResult = { latitude: number; longitude: number; formatted: string };

const STATE_NAMES: Record<string, string> = {
  kentucky: 'KY',
  indiana: 'IN',
  ohio: 'OH',
  tennessee: 'TN',
  'west virginia': 'WV',
};

/**
 * Offline geocoding from the US ZIP gazetteer the `zipcodes` package ships: a 5-digit ZIP, or
 * "Town, ST" / "Town, State" (any state; a town's ZIP centres are averaged). Null when unknown.
 */
export function geocodeOffline(query: string): GeocodeResult | null {
  const text = query.trim().replace(/\s+/g, ' ');
  const zipMatch = text.match(/\b(\d{5})(?:-\d{4})?\b/);
  if (zipMatch) {
    const hit = zipcodes.lookup(zipMatch[1]);
    if (hit) return { latitude: hit.latitude, longitude: hit.longitude, formatted: `${hit.city}, ${hit.state} ${hit.zip}` };
  }
  const parts = text
    .replace(/,?\s*(USA|United States)$/i, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const stateText = parts[parts.length - 1].replace(/\s*\d{5}.*$/, '');
  const state = stateText.length === 2 ? stateText.toUpperCase() : STATE_NAMES[stateText.toLowerCase()];
  if (!state) return null;
  const city = parts[parts.length - 2];
  const hits = zipcodes.lookupByName(city, state);
  if (!hits.length) return null;
  const latitude = hits.reduce((sum, h) => sum + h.latitude, 0) / hits.length;
  const longitude = hits.reduce((sum, h) => sum + h.longitude, 0) / hits.length;
  return { latitude: round(latitude), longitude: round(longitude), formatted: `${hits[0].city}, ${state}` };
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;
