import { haversineMiles } from '@farmstand/shared';
import { SAME_PLACE_MILES } from './zip-place';
import { zipcodeTable } from './zipcode-table';

export type GeocodeResult = { latitude: number; longitude: number; formatted: string };

/** The five states of the product (spec 01 intro), Kentucky first: it wins a tie. */
export const HOME_STATES = ['KY', 'IN', 'OH', 'TN', 'WV'] as const;

const STATE_NAMES: Record<string, string> = {
  kentucky: 'KY',
  indiana: 'IN',
  ohio: 'OH',
  tennessee: 'TN',
  'west virginia': 'WV',
};

/** Centre of Kentucky: "nearest" breaks a tie between towns of the same size. */
const HOME_CENTRE = { latitude: 37.84, longitude: -84.27 };

type ZipRow = { latitude: number; longitude: number; city: string; state: string; zip: string };

/**
 * Offline geocoding from the US ZIP gazetteer the `zipcodes` package ships. Understands a 5-digit
 * ZIP; "Town, ST", "Town, State name", "Town ST" and "Town State name"; and a town name alone
 * ('Louisville'), which finds the best match in the five states. Null when unknown.
 */
export function geocodeOffline(query: string): GeocodeResult | null {
  const text = query
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(?:,\s*|\s+)(USA|US|United States)$/i, '');
  const withoutZip = text
    .replace(/\s*\b\d{5}(?:-\d{4})?\b/, '')
    .replace(/,\s*$/, '')
    .trim();
  const named = withoutZip ? placeFromWords(withoutZip) : null;
  const zipMatch = text.match(/\b(\d{5})(?:-\d{4})?\b/);
  const zip = zipMatch ? (zipcodeTable().lookup(zipMatch[1]) as ZipRow | undefined) : undefined;
  if (!zip) return named;
  // 'Georgetown, KY 90210': the words and the ZIP disagree. The town the person wrote wins over a
  // mistyped ZIP (a pin in Los Angeles helps nobody); a ZIP near the named town is kept as it is.
  if (named && haversineMiles(named.latitude, named.longitude, zip.latitude, zip.longitude) > SAME_PLACE_MILES) return named;
  return { latitude: zip.latitude, longitude: zip.longitude, formatted: `${zip.city}, ${zip.state} ${zip.zip}` };
}

/** The place the words of a query name ('Town, ST', 'Town State', 'Town'), or null. */
function placeFromWords(withoutZip: string): GeocodeResult | null {
  const parts = withoutZip
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  if (parts.length >= 2) {
    const state = stateCode(parts[parts.length - 1]);
    return state ? townInState(parts[parts.length - 2], state) : null;
  }
  const trailing = splitTrailingState(parts[0]);
  if (trailing) return townInState(trailing.town, trailing.state);
  return bestTownInHomeStates(parts[0]);
}

/** 'KY', 'ky', 'Kentucky' → 'KY'; any US two-letter code is taken as given. */
function stateCode(text: string): string | null {
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return STATE_NAMES[text.toLowerCase()] ?? null;
}

/** 'Louisville KY' → Louisville in KY; 'Charleston West Virginia' → Charleston in WV. */
function splitTrailingState(text: string): { town: string; state: string } | null {
  for (const [name, code] of Object.entries(STATE_NAMES)) {
    const match = text.match(new RegExp(`^(.+?)\\s+${name}$`, 'i'));
    if (match) return { town: match[1], state: code };
  }
  const abbreviation = text.match(/^(.+?)\s+([A-Za-z]{2})$/);
  if (abbreviation && zipcodeTable().lookupByState(abbreviation[2].toUpperCase()).length > 0) {
    const hit = townInState(abbreviation[1], abbreviation[2].toUpperCase());
    if (hit) return { town: abbreviation[1], state: abbreviation[2].toUpperCase() };
  }
  return null;
}

function townInState(town: string, state: string): GeocodeResult | null {
  const hits = zipcodeTable().lookupByName(town, state) as ZipRow[];
  return hits.length ? centreOf(hits, state) : null;
}

/**
 * A town name alone: the largest town of that name in the five states, measured by how many ZIP
 * codes it has (the gazetteer has no population; Louisville KY has 66, Louisville OH one); equal
 * sizes go to the one nearest the centre of Kentucky.
 */
function bestTownInHomeStates(town: string): GeocodeResult | null {
  const candidates = HOME_STATES.map((state) => ({ state, hits: zipcodeTable().lookupByName(town, state) as ZipRow[] }))
    .filter((c) => c.hits.length > 0)
    .map((c) => ({ ...c, place: centreOf(c.hits, c.state) }));
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => b.hits.length - a.hits.length || distanceFromHome(a.place) - distanceFromHome(b.place));
  return candidates[0].place;
}

function centreOf(hits: ZipRow[], state: string): GeocodeResult {
  const latitude = hits.reduce((sum, h) => sum + h.latitude, 0) / hits.length;
  const longitude = hits.reduce((sum, h) => sum + h.longitude, 0) / hits.length;
  return { latitude: round(latitude), longitude: round(longitude), formatted: `${hits[0].city}, ${state}` };
}

function distanceFromHome(place: GeocodeResult): number {
  return Math.hypot(place.latitude - HOME_CENTRE.latitude, place.longitude - HOME_CENTRE.longitude);
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;
