import {
  CERTIFICATION_LABELS,
  type CertificationType,
  MAX_ACTIVE_PRODUCTS,
  type ProductCategory,
  type StateCode,
} from '@farmstand/shared';
import { DAY_MS, isoDate, plusDays } from '@farmstand/shared/format/date-only';
import { type Cents, toCents } from '@farmstand/shared/format/money';
import { isInspectedCategory } from '@farmstand/shared/labels/meat-rules';
import { acidifiedFoodWord, type SellerType, sellerTypeViolation } from '@farmstand/shared/labels/seller-types';
import type { Inspection, VariantInput } from '@farmstand/shared/schemas/products';
import type { ShareTerms } from '@farmstand/shared/schemas/shares';
import type { TaxClass } from '@farmstand/shared/tax/classes';
import { FARM_KIND_CATEGORIES, PRODUCT_TEMPLATES, type ProductTemplate } from './catalog';
import { demoLabelFacts } from './label-facts';
import type { Random } from './random';
import { AREA_CODES, type FarmKind, type FarmSite, STATE_AGRICULTURE_AUTHORITY } from './towns';

export type DemoProduct = {
  name: string;
  category: ProductCategory;
  description: string;
  priceCents: Cents;
  priceUnit: string;
  availability: 'available' | 'sold_out' | 'seasonal' | 'pre_order';
  stockQuantity: number | null;
  seasonalStart: string | null;
  seasonalEnd: string | null;
  ingredients: string | null;
  allergens: string[];
  sellerType: SellerType;
  pickupInstructions: string | null;
  /** Meat and poultry (decision 511): how it was inspected and the plant's establishment number. */
  inspection: Inspection | null;
  establishmentNumber: string | null;
  /** Sold by weight or through variants (decision 510): the summary columns the product write keeps. */
  weightUnit?: 'lb' | 'oz' | null;
  packMin?: number | null;
  packMax?: number | null;
  priceFrom?: boolean;
  variantNames?: string | null;
  /** Not a column: inserted after the product, through the product write's own `replaceVariants`. */
  variants?: VariantInput[];
  /** A share of an animal (decision 512): the producer's terms. */
  share?: ShareTerms | null;
  /** Its sales-tax class when not its category's (decision 574). */
  taxClass?: TaxClass;
  createdAt: Date;
};

/**
 * Demo farms are farms, so a Kentucky one makes its pickles and salsa as a home-based
 * microprocessor (KRS 217.137); elsewhere a product is made under the state's home-food law, and a
 * template that law rules out is never chosen.
 */
export function demoSellerType(state: StateCode, category: ProductCategory, template: ProductTemplate): SellerType {
  return state === 'KY' && acidifiedFoodWord({ category, ...template }) ? 'home_microprocessor' : 'home_processor';
}

function allowedInState(state: StateCode, category: ProductCategory, template: ProductTemplate): boolean {
  return sellerTypeViolation({ category, ...template, seller_type: demoSellerType(state, category, template) }, state) === null;
}

export type DemoCertification = {
  certificationType: CertificationType;
  certificationName: string;
  issuingAuthority: string;
  certificateNumber: string;
  issueDate: string;
  expiryDate: string;
  status: 'pending' | 'verified' | 'expired';
};

export type DemoFarm = {
  email: string;
  farmName: string;
  description: string;
  address: string;
  city: string;
  state: StateCode;
  zip: string;
  phone: string;
  latitude: number;
  longitude: number;
  deliveryAvailable: boolean;
  deliveryRadius: number | null;
  pickupInstructions: string;
  verificationStatus: 'pending' | 'approved' | 'rejected' | 'more_info';
  verificationNotes: string | null;
  subscription:
    | { status: 'trialing'; trialEndsAt: Date }
    | { status: 'active'; planType: 'monthly' | 'annual'; currentPeriodEnd: Date };
  kind: FarmKind;
  certifications: DemoCertification[];
  products: DemoProduct[];
  createdAt: Date;
};

export const FAMILY_NAMES = [
  'Miller',
  'Hensley',
  'Caudill',
  'Whitaker',
  'Bowling',
  'Carpenter',
  'Sizemore',
  'Gabbard',
  'Napier',
  'Combs',
  'Asher',
  'Mullins',
  'Spencer',
  'Rowe',
  'Baker',
  'Abney',
  'Lakes',
  'Isaacs',
  'Coffey',
  'Durham',
  'Tackett',
  'Brewer',
  'Pennington',
  'Hatfield',
  'Stamper',
  'Ledford',
  'Harrison',
  'Moberly',
  'Terrell',
  'Vance',
];
const PLACE_NAMES = [
  'Cedar Creek',
  'Red Bird',
  'Sycamore Hollow',
  'Blue Lick',
  'Clear Fork',
  'Cane Ridge',
  'Stony Point',
  'Walnut Grove',
  'Pine Knot',
  'Laurel Fork',
  'Redbud',
  'Hickory Ridge',
  'Persimmon Hill',
  'Silver Creek',
  'Twin Oaks',
  'Muddy Fork',
  'Bluebird Hill',
  'Sugar Tree',
  'Three Springs',
  'Willow Bend',
  'Dry Branch',
  'Paint Lick',
  'Rolling Fork',
  'Beech Fork',
  'Possum Trot',
  'Honey Locust',
  'Fox Run',
  'Rock Spring',
  'Blackberry Ridge',
  'Sulphur Well',
];
const NAME_SUFFIXES: Record<FarmKind, string[]> = {
  market_garden: ['Market Garden', 'Gardens', 'Family Farm', 'Produce Farm', 'Acres'],
  dairy: ['Dairy', 'Creamery', 'Jersey Farm', 'Dairy Farm'],
  livestock: ['Cattle Company', 'Farm', 'Pastures', 'Meats', 'Grassfed Farm'],
  poultry: ['Poultry Farm', 'Pastured Poultry', 'Hen House', 'Farm'],
  bakery: ['Bakehouse', 'Farm Bakery', 'Hearth Bakery', 'Farm Kitchen'],
  apiary: ['Apiary', 'Honey Farm', 'Bee Farm', 'Bee Yard'],
  orchard: ['Orchard', 'Orchards', 'Fruit Farm', 'Berry Farm'],
  homestead: ['Homestead', 'Farmstead', 'Family Farm', 'Hollow Farm'],
};
const KIND_STORIES: Record<FarmKind, string[]> = {
  market_garden: [
    'We grow more than forty kinds of vegetables on {acres} acres of bottomland, without synthetic sprays.',
    'Our market garden feeds families all season, from the first spring greens to the last winter squash.',
  ],
  dairy: [
    'Our small herd grazes rotationally on {acres} acres of bluegrass and clover, and we milk twice a day.',
    'We keep a small herd of Jersey cows and Nubian goats and make everything in our own creamery.',
  ],
  livestock: [
    'Cattle and hogs are raised on {acres} acres of pasture and woodland, moved to fresh ground every few days.',
    'We raise grass-fed beef and heritage pork and have every animal processed at an inspected facility nearby.',
  ],
  poultry: [
    'Our chickens live outdoors in mobile coops that move across {acres} acres of pasture.',
    'Laying hens, broilers and a few ducks and turkeys: all of them on grass, all of them cared for by hand.',
  ],
  bakery: [
    'We mill some of our own wheat and bake in a wood-fired oven behind the farmhouse.',
    'A registered home bakery on a working farm: our breads use farm eggs, butter and honey from neighbours.',
  ],
  apiary: [
    'We keep around {hives} hives on the ridges and in the hollows, so each honey tastes of its own bloom.',
    'Our bees forage on clover, tulip poplar and sourwood; we extract in small batches and never heat the honey.',
  ],
  orchard: [
    'Our orchard grows apples, peaches and berries on {acres} hillside acres, picked ripe by hand.',
    'Three generations have tended these fruit trees; we also put up jams and pies from every harvest.',
  ],
  homestead: [
    'A diversified homestead on {acres} acres: a laying flock, a big garden, and a kitchen that never stops canning.',
    'We raise a little of everything and sell what our family does not eat, the way our grandparents did.',
  ],
};
const CLOSINGS = [
  'Come see us at the farm or find us at the {city} farmers market on Saturdays.',
  'Visitors are welcome by appointment; we love showing families where their food comes from.',
  'Message us with any question about how we grow and raise our food.',
  'We are proud to feed our neighbours in {city} and the surrounding counties.',
];
const STREETS = [
  'Old Richmond Rd',
  'Cane Creek Rd',
  'Old Mill Rd',
  'Ridge Pike',
  'Hickory Ln',
  'Sugar Tree Rd',
  'Scaffold Cane Rd',
  'Pleasant Run Rd',
  'Dry Fork Rd',
  'Church Hill Rd',
  'Big Hill Rd',
  'Poplar Grove Rd',
  'Turkey Creek Rd',
  'Salt Lick Rd',
  'Owsley Fork Rd',
  'Harmony Ln',
  'Stone Fence Rd',
  'Beech Grove Rd',
  'Shiloh Rd',
  'Backbone Rd',
];
const FARM_PICKUP = [
  'Farm stand at the end of our lane is open Friday and Saturday, 9am–5pm. Text us when you arrive.',
  'Pick up on the front porch cooler any day 8am–7pm; pay by card on pickup or cash box.',
  'Pickup at the red barn, Wednesdays 3–6pm and Saturdays 9am–noon.',
  'We meet customers at the Saturday farmers market downtown, or at the farm by appointment.',
  'Please schedule pickup a day ahead; the gate code is sent with your confirmation.',
];
const PRODUCT_PICKUP = [
  'Ready for pickup 24 hours after you reserve.',
  'Bring a cooler for frozen cuts.',
  'Kept in the farm stand cooler; ask at the house if it is empty.',
  'Also at our Saturday farmers market booth.',
  'Pickup Saturdays 9am–1pm at the farm.',
];
const PRODUCT_ORIGINS = [
  'Grown and packed at {farm} in {city}, {state}.',
  'From our farm near {city}.',
  'Made in small batches at {farm}.',
  '',
];

/** Certification types that fit each kind of farm; the first is the one it is most likely to hold. */
const KIND_CERTIFICATIONS: Record<FarmKind, CertificationType[]> = {
  market_garden: ['naturally_grown_certified', 'organic_certified', 'gap_certified', 'gmo_free'],
  dairy: ['raw_milk_permit', 'organic_certified', 'gmo_free'],
  livestock: ['usda_inspected_meat', 'state_inspected_meat', 'gmo_free'],
  poultry: ['egg_handler_license', 'usda_inspected_meat', 'naturally_grown_certified'],
  bakery: ['cottage_food_registered', 'gmo_free'],
  apiary: ['honey_producer_registered', 'naturally_grown_certified'],
  orchard: ['gap_certified', 'cottage_food_registered', 'naturally_grown_certified'],
  homestead: ['cottage_food_registered', 'egg_handler_license', 'naturally_grown_certified'],
};

export function issuingAuthority(type: CertificationType, state: StateCode): string {
  switch (type) {
    case 'usda_inspected_meat':
      return 'USDA Food Safety and Inspection Service';
    case 'organic_certified':
      return state === 'KY' ? 'Kentucky Department of Agriculture' : 'USDA National Organic Program';
    case 'naturally_grown_certified':
      return 'Certified Naturally Grown';
    case 'gap_certified':
      return 'USDA Agricultural Marketing Service';
    case 'gmo_free':
      return 'Non-GMO Project';
    default:
      return STATE_AGRICULTURE_AUTHORITY[state];
  }
}

/** A calendar date of the demo (UTC): certificate dates, which no clock of a place reads. */
const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
const roundPrice = (value: number) => Math.round(value * 4) / 4;

/** The demo producer's farm is fixed so the README, screenshots and tests can name it. */
export const DEMO_FARM_NAME = 'Big Hill Homestead';
const DEMO_FARM_PRODUCT_COUNT = 8;

/**
 * Builds every demo farm (profile, subscription, certifications, products) from the sites. Pure:
 * the same random seed and `now` always give the same catalogue.
 */
export function buildDemoFarms(sites: FarmSite[], random: Random, now: Date, demoProducerEmail: string): DemoFarm[] {
  const usedNames = new Set<string>();
  const statuses = verificationStatuses(sites.length, random);
  const farms = sites.map((site, index) => {
    const isDemoFarm = index === 0;
    const family = random.pick(FAMILY_NAMES);
    const farmName = isDemoFarm ? DEMO_FARM_NAME : uniqueFarmName(site.kind, family, random, usedNames);
    usedNames.add(farmName);
    const values = { city: site.city, state: site.state, acres: random.int(12, 240), hives: random.int(20, 120), farm: farmName };
    const description = [
      `${farmName} is run by the ${family} family outside ${site.city}, ${site.state}.`,
      fill(random.pick(KIND_STORIES[site.kind]), values),
      fill(random.pick(CLOSINGS), values),
    ].join(' ');
    const deliveryAvailable = random.chance(0.45);
    const status = isDemoFarm ? 'approved' : statuses[index];
    const farm: DemoFarm = {
      email: isDemoFarm ? demoProducerEmail : `${slugify(farmName)}@example.com`,
      farmName,
      description,
      address: `${random.int(120, 9800)} ${random.pick(STREETS)}`,
      city: site.city,
      state: site.state,
      zip: site.zip,
      phone: `(${random.pick(AREA_CODES[site.state])}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
      latitude: site.latitude,
      longitude: site.longitude,
      deliveryAvailable,
      deliveryRadius: deliveryAvailable ? random.pick([10, 15, 20, 25, 30, 40]) : null,
      pickupInstructions: random.pick(FARM_PICKUP),
      verificationStatus: status,
      verificationNotes:
        status === 'more_info'
          ? 'Please upload your current cottage food registration.'
          : status === 'rejected'
            ? 'The business license provided has expired.'
            : null,
      subscription: demoSubscription(isDemoFarm, random, now),
      kind: site.kind,
      certifications: buildCertifications(site, random, now),
      products: [],
      createdAt: plusDays(now, -random.int(40, 400)),
    };
    farm.products = buildProducts(farm, site, random, now, isDemoFarm ? DEMO_FARM_PRODUCT_COUNT : random.int(4, 7));
    return farm;
  });
  markExpiringCertifications(farms, random, now);
  // Kentucky has no state meat inspection programme (decision 511), so its farms hold no such
  // certificate; dropped after every draw so the rest of the catalogue stays as it was.
  for (const farm of farms) {
    if (farm.state === 'KY')
      farm.certifications = farm.certifications.filter((c) => c.certificationType !== 'state_inspected_meat');
  }
  return farms;
}

function uniqueFarmName(kind: FarmKind, family: string, random: Random, used: Set<string>): string {
  for (;;) {
    const name = randomFarmName(kind, family, random);
    if (!used.has(name)) return name;
  }
}

/** "Miller Family Dairy", "Cedar Creek Orchard": a family or a place, and a word for the kind of farm. */
export function randomFarmName(kind: FarmKind, family: string, random: Random): string {
  const prefix = random.chance(0.45) ? `${family} Family` : random.pick(PLACE_NAMES);
  return `${prefix} ${random.pick(NAME_SUFFIXES[kind])}`.replace('Family Family', 'Family');
}

/** Most producers are approved; a handful wait for review, need more information or were turned down. */
function verificationStatuses(count: number, random: Random): DemoFarm['verificationStatus'][] {
  const statuses: DemoFarm['verificationStatus'][] = Array(count).fill('approved');
  const others: DemoFarm['verificationStatus'][] = [
    'pending',
    'pending',
    'pending',
    'pending',
    'more_info',
    'more_info',
    'rejected',
  ];
  const slots = random.shuffle(Array.from({ length: count - 1 }, (_, i) => i + 1)).slice(0, others.length);
  slots.forEach((slot, i) => {
    statuses[slot] = others[i];
  });
  return statuses;
}

function demoSubscription(isDemoFarm: boolean, random: Random, now: Date): DemoFarm['subscription'] {
  // The demo producer starts like a new sign-up: a 30-day trial.
  if (isDemoFarm) return { status: 'trialing', trialEndsAt: plusDays(now, 30) };
  if (random.chance(0.25)) return { status: 'trialing', trialEndsAt: plusDays(now, random.int(3, 29)) };
  const planType = random.chance(0.35) ? 'annual' : 'monthly';
  const days = planType === 'annual' ? random.int(20, 360) : random.int(2, 30);
  return { status: 'active', planType, currentPeriodEnd: plusDays(now, days) };
}

function buildCertifications(site: FarmSite, random: Random, now: Date): DemoCertification[] {
  const types = KIND_CERTIFICATIONS[site.kind].slice(0, random.int(1, 3));
  return types.map((type) => {
    const issued = plusDays(now, -random.int(30, 600));
    const expiry = new Date(Math.max(issued.getTime() + 365 * DAY_MS, now.getTime() + random.int(45, 500) * DAY_MS));
    return {
      certificationType: type,
      certificationName: CERTIFICATION_LABELS[type],
      issuingAuthority: issuingAuthority(type, site.state),
      certificateNumber: `${site.state}-${type.slice(0, 3).toUpperCase()}-${issued.getUTCFullYear()}-${String(random.int(100, 9999)).padStart(4, '0')}`,
      issueDate: isoDate(issued),
      expiryDate: isoDate(expiry),
      status: random.chance(0.8) ? 'verified' : 'pending',
    };
  });
}

/** A few verified certifications run out within the next 30 days, and one has already expired. */
function markExpiringCertifications(farms: DemoFarm[], random: Random, now: Date): void {
  const verified = farms.slice(1).flatMap((farm) => farm.certifications.filter((c) => c.status === 'verified'));
  const chosen = random.shuffle(verified).slice(0, 5);
  chosen.forEach((certification, i) => {
    if (i === 0) {
      certification.status = 'expired';
      certification.expiryDate = isoDate(plusDays(now, -random.int(5, 60)));
    } else {
      certification.expiryDate = isoDate(plusDays(now, random.int(4, 27)));
    }
  });
}

function buildProducts(farm: DemoFarm, site: FarmSite, random: Random, now: Date, count: number): DemoProduct[] {
  return chooseProductTemplates(site, random, count).map(({ category, template }) =>
    buildProduct(farm, category, template, random, now),
  );
}

/** Distinct product templates a farm of this kind and state sells, at most MAX_ACTIVE_PRODUCTS. */
export function chooseProductTemplates(
  site: Pick<FarmSite, 'kind' | 'state'>,
  random: Random,
  count: number,
): { category: ProductCategory; template: ProductTemplate }[] {
  const chosen: { category: ProductCategory; template: ProductTemplate }[] = [];
  const take = (category: ProductCategory) => {
    const unused = PRODUCT_TEMPLATES[category].filter(
      (t) => !chosen.some((c) => c.template === t) && allowedInState(site.state, category, t),
    );
    if (unused.length) chosen.push({ category, template: random.pick(unused) });
  };
  // Regulated categories: herdshare only from Kentucky dairies, raw-milk pet food only from Tennessee ones.
  if (site.kind === 'dairy' && site.state === 'KY') take('herdshare');
  if (site.kind === 'dairy' && site.state === 'TN') take('pet_food');
  for (let attempts = 0; chosen.length < Math.min(count, MAX_ACTIVE_PRODUCTS) && attempts < 50; attempts++) {
    take(random.pick(FARM_KIND_CATEGORIES[site.kind]));
  }
  return chosen;
}

export function buildProduct(
  farm: Pick<DemoFarm, 'farmName' | 'city' | 'state'>,
  category: ProductCategory,
  template: ProductTemplate,
  random: Random,
  now: Date,
): DemoProduct {
  let availability: DemoProduct['availability'] = 'available';
  let seasonalStart: string | null = null;
  let seasonalEnd: string | null = null;
  const roll = random.next();
  if (template.season && roll < 0.55) {
    availability = 'seasonal';
    [seasonalStart, seasonalEnd] = seasonWindow(template.season, now);
  } else if (template.preOrder) {
    availability = roll < 0.8 ? 'pre_order' : 'available';
  } else if (roll < 0.1) {
    availability = 'sold_out';
  } else if (roll < 0.16) {
    availability = 'pre_order';
  }
  const tracked = template.countable && random.chance(0.75);
  const stockQuantity = availability === 'sold_out' ? (tracked ? 0 : null) : tracked ? random.int(3, 48) : null;
  const origin = fill(random.pick(PRODUCT_ORIGINS), { farm: farm.farmName, city: farm.city, state: farm.state });
  return {
    name: template.name,
    category,
    description: [template.description, origin].filter(Boolean).join(' '),
    priceCents: toCents(roundPrice(template.price[0] + random.next() * (template.price[1] - template.price[0]))),
    priceUnit: template.unit,
    availability,
    stockQuantity,
    seasonalStart,
    seasonalEnd,
    ingredients: template.ingredients ?? null,
    ...demoLabelFacts(template.unit, template.ingredients),
    allergens: template.allergens ?? [],
    sellerType: demoSellerType(farm.state, category, template),
    pickupInstructions: random.chance(0.35) ? random.pick(PRODUCT_PICKUP) : null,
    ...demoInspection(category, farm.farmName),
    ...(template.taxClass ? { taxClass: template.taxClass } : {}),
    createdAt: plusDays(now, -random.int(1, 120)),
  };
}

/**
 * Demo meat and poultry are USDA inspected (decision 511: Kentucky has no state inspection
 * programme, and the demo does not claim a state's poultry exemption), each farm's from one plant:
 * a fictional establishment number drawn from the farm's name, so the random catalogue is unchanged.
 */
export function demoInspection(
  category: ProductCategory,
  farmName: string,
): { inspection: Inspection | null; establishmentNumber: string | null } {
  if (!isInspectedCategory(category)) return { inspection: null, establishmentNumber: null };
  const number = 10_000 + ([...farmName].reduce((hash, ch) => (hash * 31 + ch.charCodeAt(0)) % 1_000_003, 7) % 90_000);
  return { inspection: 'usda', establishmentNumber: category === 'poultry' ? `P-${number}` : `EST. ${number}` };
}

/** The next window of the season's months: this year's, or next year's once this one is over. */
function seasonWindow([startMonth, endMonth]: [number, number], now: Date): [string, string] {
  const year = now.getUTCMonth() + 1 > endMonth ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  const start = new Date(Date.UTC(year, startMonth - 1, 1));
  const end = new Date(Date.UTC(year, endMonth, 0));
  return [isoDate(start), isoDate(end)];
}

export { slugify };
