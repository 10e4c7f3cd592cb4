import type { ProductCategory, StateCode } from '../constants/catalog';

/**
 * Nutrition benefits a producer may take at pickup (decision 516): SNAP/EBT, WIC and Senior
 * Farmers' Market Nutrition Program coupons, and state incentives that match them. Farmstand never
 * takes, holds or processes a benefit: each producer is the retailer, authorised by USDA (SNAP) or
 * the state agency (coupons), and is paid in person at pickup. This file is the researched default
 * table; an admin edits rows and adds incentives (stored in `benefit_programmes`, laid over these
 * defaults by the server, served at `GET /api/benefits/programmes`). The rules that read a table are
 * in `./eligibility`.
 *
 * `confirmed: false` marks what the sources did not settle: the product shows "check with the
 * programme" there instead of a yes or no.
 */

export const BENEFIT_PROGRAMMES = ['snap', 'wic_fmnp', 'senior_fmnp'] as const;
export type BenefitProgramme = (typeof BENEFIT_PROGRAMMES)[number];

/** The coupon programmes: fresh produce bought from a farmer the state agency authorised. */
export const COUPON_PROGRAMMES = ['wic_fmnp', 'senior_fmnp'] as const;
export type CouponProgramme = (typeof COUPON_PROGRAMMES)[number];

/**
 * Every tender a farm records (decision 516; `check` and `farm_credit` from the stand, decision 576):
 * the benefits, then what pays for anything. Farmstand processes none of them.
 */
export const TENDER_KINDS = [
  'snap',
  'wic_fmnp',
  'senior_fmnp',
  'incentive',
  'cash',
  'card',
  'check',
  'farm_credit',
  'other',
] as const;
export type TenderKind = (typeof TENDER_KINDS)[number];

export const TENDER_LABELS: Record<TenderKind, string> = {
  snap: 'SNAP/EBT',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
  incentive: 'Incentive match',
  cash: 'Cash',
  card: 'Card',
  check: 'Check',
  farm_credit: 'Farm credit',
  other: 'Other',
};

/**
 * "Plans to pay with SNAP/EBT and WIC FMNP coupons" (decision 516): what a shopper ticked at checkout, as
 * the farm reads it on the order card, the day sheet and the new-order mail; "You plan …" for the
 * shopper. Null when the shopper named none.
 */
export function plannedBenefitsText(planned: readonly BenefitProgramme[], side: 'shopper' | 'producer' | 'admin'): string | null {
  const names = planned.map((p) => TENDER_LABELS[p]);
  if (names.length === 0) return null;
  const list = names.length < 2 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${side === 'shopper' ? 'You plan' : 'Plans'} to pay with ${list}`;
}

export type Source = { title: string; url: string };

/**
 * Every source a rule cites, by a short key (the tests and the decision record use the keys).
 * Federal rules first, then each state's agency, then the Kentucky Double Dollars pages.
 */
export const BENEFIT_SOURCES = {
  'usc-2012k': {
    title: 'Food and Nutrition Act of 2008, 7 U.S.C. 2012(k): "food" (home consumption; seeds and plants; no hot foods)',
    url: 'https://www.law.cornell.edu/uscode/text/7/2012',
  },
  'cfr-271.2': {
    title: '7 CFR 271.2, Definitions: "Eligible foods" (SNAP)',
    url: 'https://www.ecfr.gov/current/title-7/section-271.2',
  },
  'fns-snap-items': {
    title: 'USDA FNS, "What Can SNAP Buy?" (no hot foods, pet foods, live animals except those slaughtered before pickup)',
    url: 'https://www.fns.usda.gov/snap/eligible-food-items',
  },
  'snap-no-advance': {
    title:
      'Missouri SNAP manual 1100.005.05, "Using SNAP Benefits" (restates the federal rule: no payment in advance, no change)',
    url: 'https://dssmanuals.mo.gov/food-stamps/1100-000-00/1100-005-00/1100-005-05/',
  },
  'cfr-248.8': {
    title: '7 CFR 248.8, WIC FMNP level of benefits and eligible foods (honey, eggs, cheese, meat not eligible; $10–$30 a year)',
    url: 'https://www.ecfr.gov/current/title-7/section-248.8',
  },
  'cfr-249': {
    title: "7 CFR part 249, Senior Farmers' Market Nutrition Program (249.1: fruits, vegetables, honey and herbs)",
    url: 'https://www.ecfr.gov/current/title-7/part-249',
  },
  'fns-sfmnp-honey': {
    title: 'USDA FNS, SFMNP Nondiscretionary Provisions final rule (honey added as a state option, 2009)',
    url: 'https://www.fns.usda.gov/wic/sfmnp-nondiscretionary-provisions-final-rule',
  },
  'ky-wic-fmnp': {
    title: 'Kentucky Cabinet for Health and Family Services, WIC Farmers Market Nutrition Program',
    url: 'http://chfs.ky.gov/dph/mch/ns/FMNP.htm',
  },
  'ky-sfmnp': {
    title: 'Kentucky Department of Agriculture release as printed by the Northern Kentucky Tribune: SFMNP $48 a season, 2022',
    url: 'https://www.nkytribune.com/2022/06/kentucky-department-of-agriculture-senior-nutrition-program-gets-funding-boost-more-flexibility/',
  },
  'ky-sfmnp-honey': {
    title: 'Kentucky Department of Agriculture release, 2021: SFMNP buys fruits, vegetables, cut cooking herbs and honey',
    url: 'https://www.nolangroupmedia.com/jackson_county_sun/senior-farmers-market-program-gets-a-boost-in-funding/article_6bb3e22a-da98-11eb-b99d-0b62ebb907fc.html',
  },
  'oh-wic-fmnp': {
    title: "Ohio Department of Health, WIC Farmers' Market Nutrition Program (authorized foods; no honey)",
    url: 'https://odh.ohio.gov/wps/portal/gov/odh/know-our-programs/wic-farmers-market-nutrition-program/resources/wic-farmers-market-nutrition-program/',
  },
  'oh-sfmnp': {
    title: "Ohio Department of Aging, Senior Farmers' Market Nutrition Program (Ohio-grown produce, herbs and honey)",
    url: 'https://aging.ohio.gov/care-and-living/health-and-safety/health-and-safety-resources/senior-farmer-market',
  },
  'in-wic-fmnp': {
    title: 'WFYI (Indiana WIC director), "Farmers Market Nutrition Program Grows With WIC", 2016',
    url: 'https://www.wfyi.org/news/articles/farmers-market-nutrition-program-grows-with-wic',
  },
  'in-sfmnp': {
    title: 'Lincoln Hills Development Corp. (Indiana SFMNP distributor): honey, meat, eggs not eligible, 2023',
    url: 'https://www.lhdc.org/senior-farmers-market-nutrition-program.html',
  },
  'tn-fmnp': {
    title: 'Tennessee Department of Health, Farmers Market Nutrition Program: for farmers (WIC FMNP and SFMNP)',
    url: 'https://www.tn.gov/health/health-program-areas/fhw/farmers-market-nutrition-program/fmnp-for-farmers.html',
  },
  'wv-wic-fmnp': {
    title: 'West Virginia Department of Health, WIC benefits at farmers markets (FMNP up to $30), 2024',
    url: 'https://dhhr.wv.gov/News/Pages/West-Virginia-WIC-Cash-Value-Benefit-for-Fresh-Produce-Can-Now-Be-Used-at-Farmers-Markets.aspx',
  },
  'wv-sfmnp': {
    title: 'West Virginia Department of Agriculture release, Senior Farmers Market Nutrition vouchers ($50, honey), 2023',
    url: 'https://www.register-herald.com/news/life/nutrition-vouchers-available-for-seniors/article_cbc6761c-0185-11ee-b5aa-23b8800153d9.html',
  },
  'kdd-using': {
    title: 'Kentucky Double Dollars, "Using KDD" ($12 SNAP match on produce, $8 on meat, eggs and dairy, $2 tokens)',
    url: 'https://kentuckydoubledollars.org/using-kdd/',
  },
  'kdd-match': {
    title: 'Kentucky Double Dollars, statement on 2023 funding ($1-for-$1 match of SNAP, WIC FMNP and SFMNP)',
    url: 'https://kentuckydoubledollars.org/2022/12/12/statement-on-kentucky-double-dollars-2023-funding/',
  },
  'kdd-who': {
    title: 'Community Farm Alliance, Kentucky Double Dollars (Kentucky-grown produce and Kentucky-raised meat, eggs, dairy)',
    url: 'https://cfaky.org/programs/healthy-communities-initiative/kentucky-double-dollars/',
  },
  'farmstand-171': {
    title: 'Farmstand decision 171: a herdshare is a boarding fee, not a purchase (inquiry only)',
    url: 'docs/decisions/171-what-can-be-reserved.md',
  },
} as const satisfies Record<string, Source>;
export type SourceKey = keyof typeof BENEFIT_SOURCES;

/** One programme as it runs in one state. */
export type StateProgramme = {
  programme: BenefitProgramme;
  state: StateCode;
  /** The name shown to shoppers and producers. */
  name: string;
  /** Who authorises the producer: SNAP is a USDA FNS retailer authorisation, coupons the state agency's. */
  authorisedBy: string;
  /** True when the state agency must authorise the farmer (and often the market) before coupons are taken. */
  stateAuthorisation: boolean;
  /** Categories the programme pays for: every food category for SNAP, fresh produce for coupons. */
  covers: ProductCategory[];
  /** What the state adds to the federal minimum (Senior FMNP honey is a state option). */
  stateAdditions: ProductCategory[];
  /** Coupons buy only food grown in the state (7 CFR 248.8(a); each state's farmer rules). */
  grownInState: boolean;
  /** What a shopper receives a season, where a source gave it; amounts change every year. */
  seasonAmount: { cents: number; asOf: string } | null;
  /** Keys into the table's `sources`. */
  sources: string[];
  confirmed: boolean;
  note?: string;
};

/** SNAP pays for any food for home preparation; not pet food, and not a herd share's boarding fee. */
export const SNAP_FOOD_CATEGORIES: ProductCategory[] = [
  'eggs',
  'bread',
  'jellies',
  'produce',
  'honey',
  'dairy',
  'meat',
  'poultry',
  'baked_goods',
  'preserved_foods',
];

const snap = (state: StateCode): StateProgramme => ({
  programme: 'snap',
  state,
  name: 'SNAP/EBT',
  authorisedBy: 'USDA Food and Nutrition Service (SNAP retailer authorisation)',
  stateAuthorisation: false,
  covers: SNAP_FOOD_CATEGORIES,
  stateAdditions: [],
  grownInState: false,
  // Monthly, by household size and income: not a season amount.
  seasonAmount: null,
  sources: ['usc-2012k', 'cfr-271.2', 'fns-snap-items'],
  confirmed: true,
});

/** What differs between the states' rows of a coupon programme. */
type StateRow = Pick<StateProgramme, 'state' | 'name' | 'authorisedBy' | 'seasonAmount' | 'confirmed'> & {
  source: SourceKey[];
  note?: string;
};

/** WIC FMNP: fresh, unprepared, locally grown fruits, vegetables and herbs only; honey is named as ineligible. */
const wic = ({ source, note, ...row }: StateRow): StateProgramme => ({
  ...row,
  programme: 'wic_fmnp',
  stateAuthorisation: true,
  covers: ['produce'],
  stateAdditions: [],
  grownInState: true,
  sources: ['cfr-248.8', ...source],
  ...(note ? { note } : {}),
});

/** Senior FMNP: fruits, vegetables and herbs, plus honey where the state agency allows it. */
const senior = ({ source, note, honey, ...row }: StateRow & { honey: boolean }): StateProgramme => ({
  ...row,
  programme: 'senior_fmnp',
  stateAuthorisation: true,
  covers: honey ? ['produce', 'honey'] : ['produce'],
  stateAdditions: honey ? ['honey'] : [],
  grownInState: true,
  sources: ['cfr-249', 'fns-sfmnp-honey', ...source],
  ...(note ? { note } : {}),
});

/**
 * The default table, per programme and state. The coverage rules are federal and confirmed; the
 * state rows differ in honey (Senior FMNP), who authorises the farmer, and the season amount,
 * which is what a state or its distributor last published (not checked for the coming season).
 */
export const PROGRAMME_TABLE: Record<BenefitProgramme, Record<StateCode, StateProgramme>> = {
  snap: { KY: snap('KY'), IN: snap('IN'), OH: snap('OH'), TN: snap('TN'), WV: snap('WV') },
  wic_fmnp: {
    KY: wic({
      state: 'KY',
      name: 'Kentucky WIC Farmers Market Nutrition Program',
      authorisedBy: 'Kentucky Cabinet for Health and Family Services (state-approved farmers markets)',
      seasonAmount: { cents: 2000, asOf: '2016' },
      source: ['ky-wic-fmnp'],
      confirmed: true,
    }),
    IN: wic({
      state: 'IN',
      name: 'Indiana WIC Farmers Market Nutrition Program',
      authorisedBy: 'Indiana Department of Health',
      seasonAmount: { cents: 2400, asOf: '2016' },
      source: ['in-wic-fmnp'],
      // Only a 2016 news report of the state WIC director: the programme's current counties and
      // farmer rules were not read from the state itself.
      confirmed: false,
      note: 'Runs in some counties only.',
    }),
    OH: wic({
      state: 'OH',
      name: "Ohio WIC Farmers' Market Nutrition Program",
      authorisedBy: 'Ohio Department of Health (authorized farmers)',
      seasonAmount: { cents: 2000, asOf: '2018' },
      source: ['oh-wic-fmnp'],
      confirmed: true,
      note: 'Ohio does not allow citrus, tropical fruit or pumpkins with these coupons.',
    }),
    TN: wic({
      state: 'TN',
      name: "Tennessee WIC Farmers' Market Nutrition Program",
      authorisedBy: 'Tennessee Department of Health (authorized farmers, who grew over half of what they sell)',
      seasonAmount: null,
      source: ['tn-fmnp'],
      confirmed: true,
      note: 'Runs in selected counties, July and August.',
    }),
    WV: wic({
      state: 'WV',
      name: "West Virginia WIC Farmers' Market Nutrition Program",
      authorisedBy: 'West Virginia Department of Health (authorized farmers)',
      seasonAmount: { cents: 3000, asOf: '2024' },
      source: ['wv-wic-fmnp'],
      confirmed: true,
    }),
  },
  senior_fmnp: {
    KY: senior({
      state: 'KY',
      name: "Kentucky Senior Farmers' Market Nutrition Program",
      authorisedBy: 'Kentucky Department of Agriculture (state-approved farmers markets)',
      honey: true,
      seasonAmount: { cents: 4800, asOf: '2022' },
      source: ['ky-sfmnp', 'ky-sfmnp-honey'],
      confirmed: true,
    }),
    IN: senior({
      state: 'IN',
      name: "Indiana Senior Farmers' Market Nutrition Program",
      authorisedBy: 'Indiana Department of Health, through the area agencies on aging',
      honey: false,
      seasonAmount: { cents: 2000, asOf: '2023' },
      source: ['in-sfmnp'],
      confirmed: true,
      note: 'Runs in some counties only; the amount differs by area agency.',
    }),
    OH: senior({
      state: 'OH',
      name: "Ohio Senior Farmers' Market Nutrition Program",
      authorisedBy: 'Ohio Department of Aging, through the area agencies on aging',
      honey: true,
      seasonAmount: { cents: 5000, asOf: '2025' },
      source: ['oh-sfmnp'],
      confirmed: true,
    }),
    TN: senior({
      state: 'TN',
      name: "Tennessee Senior Farmers' Market Nutrition Program",
      authorisedBy: 'Tennessee Department of Health (authorized farmers)',
      // The state's pages name fruits, vegetables and herbs only.
      honey: false,
      seasonAmount: null,
      source: ['tn-fmnp'],
      confirmed: true,
      note: 'Runs in a few counties only.',
    }),
    WV: senior({
      state: 'WV',
      name: 'West Virginia Senior Farmers Market Nutrition Program',
      authorisedBy: 'West Virginia Department of Agriculture',
      honey: true,
      seasonAmount: { cents: 5000, asOf: '2023' },
      source: ['wv-sfmnp'],
      confirmed: true,
    }),
  },
};

/** The federal bounds on a coupon programme's yearly benefit per person. */
export const FEDERAL_BENEFIT_RANGE: Record<CouponProgramme, { minCents: number; maxCents: number; confirmed: boolean }> = {
  // 7 CFR 248.8(b), read in the regulation's text.
  wic_fmnp: { minCents: 1000, maxCents: 3000, confirmed: true },
  // 7 CFR 249.8: $20–$50 as commonly quoted, not read in the regulation's own text; state amounts
  // seen ($20–$50) fall inside it.
  senior_fmnp: { minCents: 2000, maxCents: 5000, confirmed: false },
};

/** A group of categories an incentive matches, with its own cap per shopper a day. */
export type IncentiveGroup = {
  categories: ProductCategory[];
  capCents: number;
  /** False where the match depends on the market (the shopper should check with the programme). */
  confirmed: boolean;
  label: string;
};

export type Incentive = {
  id: string;
  name: string;
  state: StateCode;
  /** Benefits the incentive matches; a purchase paid otherwise earns no match. */
  matches: BenefitProgramme[];
  /** A whole percent (100 matches $1 for $1), so the match is integer maths. */
  matchPercent: number;
  /** The most one shopper can receive in a day at one market, all groups together. */
  dailyCapCents: number;
  groups: IncentiveGroup[];
  /** Only food grown or raised in this state is matched. */
  originState: StateCode;
  /** Markets hand the match out as tokens of this value; the expected match is not rounded to it. */
  tokenCents: number;
  /** Keys into the table's `sources`. */
  sources: string[];
  confirmed: boolean;
  note: string;
  /** The markets (or farms) taking part; empty: any market the farm names in the incentive's state. */
  markets: string[];
  /** An admin turns an incentive off (a season's funding ended) without losing its rules. */
  active: boolean;
};

/**
 * Kentucky Double Dollars (Community Farm Alliance with Bluegrass Farm to Table): a $1-for-$1
 * match of SNAP, WIC FMNP and Senior FMNP spent on Kentucky-grown food. At farmers markets, SNAP
 * shoppers get up to $12 a day for fruit, vegetables and edible plant starts, and at markets in
 * its meat, eggs and dairy pilot up to $8 more for those. WIC and Senior FMNP matches "vary from
 * market to market", so the whole incentive is marked unconfirmed: the shopper checks with the
 * market.
 */
export const KENTUCKY_DOUBLE_DOLLARS: Incentive = {
  id: 'ky_double_dollars',
  name: 'Kentucky Double Dollars',
  state: 'KY',
  matches: ['snap', 'wic_fmnp', 'senior_fmnp'],
  matchPercent: 100,
  dailyCapCents: 2000,
  groups: [
    { categories: ['produce'], capCents: 1200, confirmed: true, label: 'Kentucky-grown fruit and vegetables' },
    {
      categories: ['meat', 'poultry', 'eggs', 'dairy'],
      capCents: 800,
      confirmed: false,
      label: 'Kentucky-raised meat, eggs and dairy (participating markets)',
    },
  ],
  originState: 'KY',
  tokenCents: 200,
  sources: ['kdd-match', 'kdd-using', 'kdd-who'],
  confirmed: false,
  note: 'Amounts and the markets taking part change each season; matches for WIC and Senior FMNP vary by market.',
  markets: [],
  active: true,
};

/**
 * Everything the benefit rules read: the sources cited, each programme's row per state and the
 * incentives. The server serves the admin-maintained table; tests and the rules' defaults use this.
 */
export type BenefitTable = { sources: Record<string, Source>; programmes: StateProgramme[]; incentives: Incentive[] };

export const DEFAULT_BENEFIT_TABLE: BenefitTable = {
  sources: BENEFIT_SOURCES,
  programmes: BENEFIT_PROGRAMMES.flatMap((programme) => Object.values(PROGRAMME_TABLE[programme])),
  incentives: [KENTUCKY_DOUBLE_DOLLARS],
};

/** A programme's row in a state (every known state has one). */
export function programmeIn(table: BenefitTable, programme: BenefitProgramme, state: StateCode): StateProgramme {
  return table.programmes.find((row) => row.programme === programme && row.state === state) ?? PROGRAMME_TABLE[programme][state];
}

/** The incentive running in a state, if any (at most one is active per state). */
export function incentiveIn(table: BenefitTable, state: string): Incentive | null {
  return table.incentives.find((incentive) => incentive.active && incentive.state === state) ?? null;
}
