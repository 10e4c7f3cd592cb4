import type { StateCode } from '@farmstand/shared';
import { zipcodeTable } from '../modules/geocode';

/** What a farm mostly sells; decides its name, its products and its certifications. */
export type FarmKind = 'market_garden' | 'dairy' | 'livestock' | 'poultry' | 'bakery' | 'apiary' | 'orchard' | 'homestead';

/**
 * One demo farm per ZIP code: most in Kentucky, some in each neighbouring state. The kinds are
 * fixed here (not drawn at random) so every category is certain to appear: herdshare needs a
 * Kentucky dairy, pet food (raw milk) a Tennessee one.
 */
const DEMO_FARM_SITES: { zip: string; kind: FarmKind }[] = [
  { zip: '40403', kind: 'homestead' }, // Berea: the demo producer's farm
  { zip: '40475', kind: 'dairy' },
  { zip: '40505', kind: 'bakery' },
  { zip: '40601', kind: 'livestock' },
  { zip: '40324', kind: 'market_garden' },
  { zip: '40361', kind: 'dairy' },
  { zip: '40391', kind: 'orchard' },
  { zip: '40422', kind: 'apiary' },
  { zip: '40330', kind: 'poultry' },
  { zip: '40383', kind: 'bakery' },
  { zip: '40356', kind: 'market_garden' },
  { zip: '40004', kind: 'livestock' },
  { zip: '42701', kind: 'orchard' },
  { zip: '42101', kind: 'market_garden' },
  { zip: '42141', kind: 'dairy' },
  { zip: '42501', kind: 'homestead' },
  { zip: '42503', kind: 'bakery' },
  { zip: '42519', kind: 'apiary' },
  { zip: '40741', kind: 'poultry' },
  { zip: '40701', kind: 'market_garden' },
  { zip: '40351', kind: 'apiary' },
  { zip: '40353', kind: 'livestock' },
  { zip: '40065', kind: 'dairy' },
  { zip: '40342', kind: 'orchard' },
  { zip: '40484', kind: 'homestead' },
  { zip: '40444', kind: 'market_garden' },
  { zip: '42718', kind: 'poultry' },
  { zip: '42748', kind: 'bakery' },
  { zip: '42301', kind: 'livestock' },
  { zip: '42071', kind: 'orchard' },
  { zip: '42001', kind: 'market_garden' },
  { zip: '42240', kind: 'dairy' },
  { zip: '41056', kind: 'homestead' },
  { zip: '41031', kind: 'apiary' },
  { zip: '40069', kind: 'livestock' },
  { zip: '40033', kind: 'bakery' },
  { zip: '40456', kind: 'poultry' },
  { zip: '40336', kind: 'homestead' },
  { zip: '47250', kind: 'orchard' },
  { zip: '47150', kind: 'bakery' },
  { zip: '47401', kind: 'market_garden' },
  { zip: '45036', kind: 'livestock' },
  { zip: '45662', kind: 'apiary' },
  { zip: '45701', kind: 'market_garden' },
  { zip: '38501', kind: 'dairy' },
  { zip: '38555', kind: 'homestead' },
  { zip: '37064', kind: 'livestock' },
  { zip: '37801', kind: 'dairy' },
  { zip: '25701', kind: 'bakery' },
  { zip: '24901', kind: 'homestead' },
  { zip: '26505', kind: 'orchard' },
];

export type FarmSite = { zip: string; city: string; state: StateCode; latitude: number; longitude: number; kind: FarmKind };

/** The demo sites with the town, state and exact coordinates of their ZIP from the offline gazetteer. */
export function demoFarmSites(): FarmSite[] {
  return DEMO_FARM_SITES.map(({ zip, kind }) => farmSite(zip, kind));
}

/** One site: the town, state and exact coordinates of a ZIP from the offline gazetteer. */
export function farmSite(zip: string, kind: FarmKind): FarmSite {
  const place = zipcodeTable().lookup(zip);
  if (!place) throw new Error(`demo seed: ZIP ${zip} is not in the gazetteer`);
  return { zip, city: place.city, state: place.state as StateCode, latitude: place.latitude, longitude: place.longitude, kind };
}

/** Telephone area codes by state, for believable (fictional 555-01xx) farm numbers. */
export const AREA_CODES: Record<StateCode, string[]> = {
  KY: ['859', '606', '502', '270'],
  IN: ['812'],
  OH: ['513', '740'],
  TN: ['931', '615', '865'],
  WV: ['304', '681'],
};

/** The state agency that registers cottage food, eggs, honey and raw-milk permits. */
export const STATE_AGRICULTURE_AUTHORITY: Record<StateCode, string> = {
  KY: 'Kentucky Department of Agriculture',
  IN: 'Indiana State Department of Health',
  OH: 'Ohio Department of Agriculture',
  TN: 'Tennessee Department of Agriculture',
  WV: 'West Virginia Department of Agriculture',
};
