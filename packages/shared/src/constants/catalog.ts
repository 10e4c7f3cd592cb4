/** Product categories with the labels users see (spec 01 §3). */
export const PRODUCT_CATEGORIES = [
  'eggs',
  'bread',
  'jellies',
  'produce',
  'honey',
  'dairy',
  'herdshare',
  'pet_food',
  'meat',
  'poultry',
  'baked_goods',
  'preserved_foods',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  eggs: 'Eggs',
  bread: 'Bread',
  jellies: 'Jellies',
  produce: 'Produce',
  honey: 'Honey',
  dairy: 'Dairy',
  herdshare: 'Herdshare (KY Only)',
  pet_food: 'Pet Food (Raw Milk - TN Only)',
  meat: 'Meat',
  poultry: 'Poultry',
  baked_goods: 'Baked Goods',
  preserved_foods: 'Preserved Foods',
  other: 'Other',
};

/** The map's product-type select lists only these (spec 01 §3). */
export const MAP_CATEGORIES: ProductCategory[] = [
  'eggs',
  'produce',
  'dairy',
  'herdshare',
  'pet_food',
  'meat',
  'honey',
  'baked_goods',
  'preserved_foods',
];

export const AVAILABILITIES = ['available', 'sold_out', 'seasonal', 'pre_order'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: 'Available',
  sold_out: 'Sold Out',
  seasonal: 'Seasonal',
  pre_order: 'Pre-order',
};

export const CERTIFICATION_TYPES = [
  'cottage_food_registered',
  'usda_inspected_meat',
  'state_inspected_meat',
  'organic_certified',
  'naturally_grown_certified',
  'gmo_free',
  'egg_handler_license',
  'raw_milk_permit',
  'honey_producer_registered',
  'gap_certified',
  'other',
] as const;
export type CertificationType = (typeof CERTIFICATION_TYPES)[number];

export const CERTIFICATION_LABELS: Record<CertificationType, string> = {
  cottage_food_registered: 'Cottage Food Registered',
  usda_inspected_meat: 'USDA Inspected Meat',
  state_inspected_meat: 'State Inspected Meat',
  organic_certified: 'Certified Organic',
  naturally_grown_certified: 'Certified Naturally Grown',
  gmo_free: 'GMO Free',
  egg_handler_license: 'Egg Handler License',
  raw_milk_permit: 'Raw Milk Permit',
  honey_producer_registered: 'Honey Producer Registered',
  gap_certified: 'GAP Certified',
  other: 'Other',
};

/** Types an admin looks for before approving a producer (spec 02 §2, readiness badge). */
export const VERIFICATION_REQUIRED_TYPES = ['cottage_food_license', 'business_license', 'identity_verification'] as const;

export const STATES = ['KY', 'IN', 'OH', 'TN', 'WV'] as const;
export type StateCode = (typeof STATES)[number];
export const isStateCode = (state: string): state is StateCode => (STATES as readonly string[]).includes(state);
export const STATE_NAMES: Record<StateCode, string> = {
  KY: 'Kentucky',
  IN: 'Indiana',
  OH: 'Ohio',
  TN: 'Tennessee',
  WV: 'West Virginia',
};
