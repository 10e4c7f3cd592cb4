import type { AppContext } from '../../lib/context';
import { type GeocodeResult, geocodeOffline } from './gazetteer';

/** The offline gazetteer, or a Nominatim-compatible service when GEOCODER_URL is set. */
export async function geocode(ctx: AppContext, query: string): Promise<GeocodeResult | null> {
  if (!ctx.config.geocoderUrl) return geocodeOffline(query);
  return geocodeNominatim(ctx.config.geocoderUrl, query);
}

async function geocodeNominatim(baseUrl: string, query: string): Promise<GeocodeResult | null> {
  const url = new URL('/search', baseUrl);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '1');
  url.searchParams.set('countrycodes', 'us');
  try {
    const response = await fetch(url, { headers: { 'user-agent': 'Farmstand/1.0' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return geocodeOffline(query);
    const [hit] = (await response.json()) as { lat: string; lon: string; display_name: string }[];
    if (!hit) return null;
    return { latitude: Number(hit.lat), longitude: Number(hit.lon), formatted: hit.display_name };
  } catch {
    // The service is down: fall back to the gazetteer rather than failing the user.
    return geocodeOffline(query);
  }
}
