/** What a marker and its popup need: the map variant of a producer (spec 01 §3). */
export type MapProducer = {
  id: number;
  farm_name: string;
  description: string | null;
  city: string;
  state: string;
  lat: number;
  lng: number;
  verified: boolean;
  profile_image_url: string | null;
  product_count: number;
  distance?: number | null;
};

export type LatLng = { latitude: number; longitude: number };

/** What the map shows: its bounds as the API's bbox (west,south,east,north) and its zoom. */
export type MapViewport = { bbox: string; zoom: number };

/** A farmers market on the map (GET /api/markets, issue 48): those with a place only. */
export type MapMarket = {
  slug: string;
  name: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  daysText: string[];
  nextDate: string | null;
  vendorCount: number;
};
