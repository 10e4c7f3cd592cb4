import { haversineMiles } from '@farmstand/shared';
import { zipcodeTable } from './zipcode-table';

/** A ZIP more than this far from the named town's ZIP centres is taken for a typo (miles). */
export const SAME_PLACE_MILES = 30;

/**
 * Checks a farm address's ZIP against its town and state with the offline gazetteer, so that
 * 'Georgetown, KY 90210' is not pinned in Los Angeles. Returns a message naming the ZIP's real
 * place, or null when they agree or the gazetteer cannot tell (an unknown ZIP or town is no proof
 * of a mistake: the save goes on and the producer is warned the farm is not on the map).
 */
export function zipPlaceMismatch(zip: string, city: string, state: string): string | null {
  const place = zipcodeTable().lookup(zip);
  if (!place) return null;
  const where = `${place.city}, ${place.state}`;
  if (place.state !== state.toUpperCase()) {
    return `ZIP code ${zip} belongs to ${where}, not ${city.trim()}, ${state.toUpperCase()}. Please check the ZIP code.`;
  }
  const towns = zipcodeTable().lookupByName(city.trim(), state.toUpperCase());
  if (towns.length === 0 || towns.some((town) => town.zip === zip)) return null;
  const nearest = Math.min(
    ...towns.map((town) => haversineMiles(town.latitude, town.longitude, place.latitude, place.longitude)),
  );
  if (nearest <= SAME_PLACE_MILES) return null;
  return `ZIP code ${zip} belongs to ${where}, not ${city.trim()}. Please check the ZIP code.`;
}
