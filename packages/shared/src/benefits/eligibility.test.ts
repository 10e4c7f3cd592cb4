import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, type ProductCategory, STATES, type StateCode } from '../constants/catalog';
import { formatCents } from '../format/money';
import {
  type BasketLine,
  checkTender,
  couponEligible,
  type Eligibility,
  incentiveApplies,
  snapEligible,
  type TenderPlan,
  tenderPlan,
} from './eligibility';
import {
  BENEFIT_PROGRAMMES,
  BENEFIT_SOURCES,
  type BenefitProgramme,
  type BenefitTable,
  DEFAULT_BENEFIT_TABLE,
  type Incentive,
  incentiveIn,
  KENTUCKY_DOUBLE_DOLLARS as KDD,
  PROGRAMME_TABLE,
  type SourceKey,
  type TenderKind,
} from './programmes';

type Expected = [Eligibility['eligible'], SourceKey];
type Row = {
  state: StateCode;
  programme: BenefitProgramme;
  category: ProductCategory;
  eligible: Eligibility['eligible'];
  source: SourceKey;
};

/** SNAP is federal: the same answer in every state (7 U.S.C. 2012(k), 7 CFR 271.2, FNS "What Can SNAP Buy?"). */
const SNAP: Record<ProductCategory, Expected> = {
  eggs: [true, 'fns-snap-items'],
  bread: [true, 'fns-snap-items'],
  jellies: [true, 'fns-snap-items'],
  produce: [true, 'fns-snap-items'],
  honey: [true, 'fns-snap-items'],
  dairy: [true, 'fns-snap-items'],
  herdshare: [false, 'fns-snap-items'],
  pet_food: [false, 'fns-snap-items'],
  meat: [true, 'fns-snap-items'],
  poultry: [true, 'fns-snap-items'],
  baked_goods: [true, 'fns-snap-items'],
  preserved_foods: [true, 'fns-snap-items'],
  other: ['check', 'usc-2012k'],
};

/** WIC FMNP outside its state-dependent rows: fruits, vegetables and herbs only (7 CFR 248.8(a)). */
const WIC: Record<Exclude<ProductCategory, 'produce'>, Expected> = {
  eggs: [false, 'cfr-248.8'],
  bread: [false, 'cfr-248.8'],
  jellies: [false, 'cfr-248.8'],
  honey: [false, 'cfr-248.8'],
  dairy: [false, 'cfr-248.8'],
  herdshare: [false, 'cfr-248.8'],
  pet_food: [false, 'cfr-248.8'],
  meat: [false, 'cfr-248.8'],
  poultry: [false, 'cfr-248.8'],
  baked_goods: [false, 'cfr-248.8'],
  preserved_foods: [false, 'cfr-248.8'],
  other: ['check', 'cfr-248.8'],
};

/** Senior FMNP outside honey: fruits, vegetables and herbs (7 CFR 249). */
const SENIOR: Record<Exclude<ProductCategory, 'honey'>, Expected> = {
  eggs: [false, 'cfr-249'],
  bread: [false, 'cfr-249'],
  jellies: [false, 'cfr-249'],
  produce: [true, 'cfr-249'],
  dairy: [false, 'cfr-249'],
  herdshare: [false, 'cfr-249'],
  pet_food: [false, 'cfr-249'],
  meat: [false, 'cfr-249'],
  poultry: [false, 'cfr-249'],
  baked_goods: [false, 'cfr-249'],
  preserved_foods: [false, 'cfr-249'],
  other: ['check', 'cfr-249'],
};

/** The rows that depend on the state, listed one by one. */
const STATE_ROWS: Row[] = [
  // WIC FMNP produce: Indiana's programme is known only from a 2016 report, so "check".
  { state: 'KY', programme: 'wic_fmnp', category: 'produce', eligible: true, source: 'cfr-248.8' },
  { state: 'IN', programme: 'wic_fmnp', category: 'produce', eligible: 'check', source: 'in-wic-fmnp' },
  { state: 'OH', programme: 'wic_fmnp', category: 'produce', eligible: true, source: 'cfr-248.8' },
  { state: 'TN', programme: 'wic_fmnp', category: 'produce', eligible: true, source: 'cfr-248.8' },
  { state: 'WV', programme: 'wic_fmnp', category: 'produce', eligible: true, source: 'cfr-248.8' },
  // Senior FMNP honey: a state option (FNS final rule, 2009).
  { state: 'KY', programme: 'senior_fmnp', category: 'honey', eligible: true, source: 'ky-sfmnp-honey' },
  { state: 'IN', programme: 'senior_fmnp', category: 'honey', eligible: false, source: 'in-sfmnp' },
  { state: 'OH', programme: 'senior_fmnp', category: 'honey', eligible: true, source: 'oh-sfmnp' },
  { state: 'TN', programme: 'senior_fmnp', category: 'honey', eligible: false, source: 'tn-fmnp' },
  { state: 'WV', programme: 'senior_fmnp', category: 'honey', eligible: true, source: 'wv-sfmnp' },
];

const generated = (programme: BenefitProgramme, table: Partial<Record<ProductCategory, Expected>>): Row[] =>
  STATES.flatMap((state) =>
    Object.entries(table).map(([category, [eligible, source]]) => ({
      state,
      programme,
      category: category as ProductCategory,
      eligible,
      source,
    })),
  );

const ROWS: Row[] = [
  ...generated('snap', SNAP),
  ...generated('wic_fmnp', WIC),
  ...generated('senior_fmnp', SENIOR),
  ...STATE_ROWS,
];

describe('eligibility by state, programme and category', () => {
  it('covers every state, programme and category exactly once', () => {
    const keys = new Set(ROWS.map((r) => `${r.state}/${r.programme}/${r.category}`));
    expect(keys.size).toBe(ROWS.length);
    expect(ROWS.length).toBe(STATES.length * BENEFIT_PROGRAMMES.length * PRODUCT_CATEGORIES.length);
  });

  it.each(ROWS)('$state $programme $category → $eligible ($source)', ({ state, programme, category, eligible, source }) => {
    const answer = couponEligible(programme, state, { category }, DEFAULT_BENEFIT_TABLE);
    expect(answer).toMatchObject({ eligible, source });
    expect(BENEFIT_SOURCES[source].url).toBeTruthy();
    if (eligible === 'check') expect(answer.reason).toMatch(/^Check with the programme/);
    if (programme === 'snap') expect(snapEligible({ category })).toEqual(answer);
  });

  it('gives shoppers a sentence they can read', () => {
    expect(snapEligible({ category: 'produce' }).reason).toBe('SNAP covers food to prepare at home');
    expect(snapEligible({ category: 'pet_food' }).reason).toBe('Pet food is not covered by SNAP');
    expect(couponEligible('wic_fmnp', 'KY', { category: 'produce' }, DEFAULT_BENEFIT_TABLE).reason).toBe(
      'WIC FMNP coupons cover fresh, unprepared fruits, vegetables and herbs grown in Kentucky',
    );
    expect(couponEligible('wic_fmnp', 'OH', { category: 'honey' }, DEFAULT_BENEFIT_TABLE).reason).toBe(
      'WIC FMNP coupons do not cover honey',
    );
    expect(couponEligible('senior_fmnp', 'TN', { category: 'honey' }, DEFAULT_BENEFIT_TABLE).reason).toBe(
      'Senior FMNP coupons do not cover honey in Tennessee',
    );
    expect(couponEligible('senior_fmnp', 'KY', { category: 'eggs' }, DEFAULT_BENEFIT_TABLE).reason).toBe(
      'Senior FMNP coupons cover only fresh fruits, vegetables, herbs and honey',
    );
  });

  it('asks to check a share of a live animal, not meat slaughtered before pickup (snap-no-advance, fns-snap-items)', () => {
    expect(snapEligible({ category: 'meat', inspection: 'custom_exempt' })).toMatchObject({
      eligible: 'check',
      source: 'snap-no-advance',
    });
    expect(snapEligible({ category: 'meat', inspection: 'usda' }).eligible).toBe(true);
    expect(snapEligible({ category: 'poultry', inspection: 'poultry_exempt' }).eligible).toBe(true);
  });

  it('never lets SNAP or the coupons pay for a product the farm says is not food, whatever its category', () => {
    // Cut flowers listed under produce, a candle under "other": their tax class says not food.
    for (const category of ['produce', 'other'] as const) {
      expect(snapEligible({ category, notFood: true })).toMatchObject({ eligible: false, source: 'usc-2012k' });
      for (const programme of ['wic_fmnp', 'senior_fmnp'] as const)
        expect(couponEligible(programme, 'KY', { category, notFood: true }, DEFAULT_BENEFIT_TABLE).eligible).toBe(false);
    }
    expect(snapEligible({ category: 'produce' }).eligible).toBe(true);
  });

  it('seeds a table whose coupon rows need the state to authorise the farmer', () => {
    for (const state of STATES) {
      expect(PROGRAMME_TABLE.snap[state].stateAuthorisation).toBe(false);
      expect(PROGRAMME_TABLE.wic_fmnp[state].stateAuthorisation).toBe(true);
      expect(PROGRAMME_TABLE.senior_fmnp[state].grownInState).toBe(true);
      for (const programme of BENEFIT_PROGRAMMES)
        for (const key of PROGRAMME_TABLE[programme][state].sources) expect(DEFAULT_BENEFIT_TABLE.sources[key]).toBeDefined();
    }
    expect(PROGRAMME_TABLE.senior_fmnp.KY.seasonAmount).toEqual({ cents: 4800, asOf: '2022' });
  });
});

describe('Kentucky Double Dollars (kdd-using, kdd-who)', () => {
  const KDD_ROWS: [ProductCategory, Eligibility['eligible']][] = [
    ['produce', true],
    ['meat', 'check'],
    ['poultry', 'check'],
    ['eggs', 'check'],
    ['dairy', 'check'],
    ['other', 'check'],
    ['honey', false],
    ['bread', false],
    ['jellies', false],
    ['baked_goods', false],
    ['preserved_foods', false],
    ['herdshare', false],
    ['pet_food', false],
  ];
  it.each(KDD_ROWS)('matches Kentucky-grown %s → %s', (category, eligible) => {
    expect(incentiveApplies(KDD, { category }, 'KY').eligible).toBe(eligible);
  });
  it('matches nothing grown outside Kentucky', () => {
    expect(incentiveApplies(KDD, { category: 'produce' }, 'OH')).toMatchObject({
      eligible: false,
      reason: 'Kentucky Double Dollars matches only Kentucky-grown food',
    });
  });
  it('is a $1-for-$1 match with a $20 daily cap in cents', () => {
    expect([KDD.matchPercent, KDD.dailyCapCents, KDD.originState]).toEqual([100, 2000, 'KY']);
  });
});

const line = (category: ProductCategory, totalCents: number): BasketLine => ({ totalCents, product: { category } });
const ALL: TenderKind[] = ['snap', 'wic_fmnp', 'senior_fmnp', 'incentive', 'cash'];
/** Tomatoes $15, honey $8, eggs $6, pet food $7: $36 from a Kentucky farm. */
const BASKET = [line('produce', 1500), line('honey', 800), line('eggs', 600), line('pet_food', 700)];
const plan = (lines = BASKET, kinds = ALL, matchedToday = 0, state: StateCode = 'KY') =>
  tenderPlan(lines, { state, kinds, table: DEFAULT_BENEFIT_TABLE }, KDD, matchedToday);

describe('tenderPlan', () => {
  it('splits a Kentucky basket into SNAP, coupon, rest and the expected match', () => {
    expect(plan()).toMatchObject({
      totalCents: 3600,
      snapCents: 2900,
      couponCents: { wic_fmnp: 1500, senior_fmnp: 2300 },
      restCents: 700,
      checkCents: 0,
      // Produce $15 matched up to $12; eggs ($6) only where the market matches meat, eggs and dairy.
      incentiveMatchCents: 1200,
      incentiveCheckCents: 600,
      incentiveCapLeftCents: 2000,
    });
  });

  it('puts items a programme cannot settle in the rest, as "check"', () => {
    expect(plan([line('produce', 1000), line('other', 450)])).toMatchObject({ snapCents: 1000, restCents: 450, checkCents: 450 });
  });

  it('counts only the tenders the producer takes', () => {
    expect(plan(BASKET, ['senior_fmnp', 'cash'])).toMatchObject({
      snapCents: 0,
      couponCents: { wic_fmnp: 0, senior_fmnp: 2300 },
      restCents: 1300,
      incentiveMatchCents: 0,
    });
  });

  it('keeps the match under what is left of the daily cap', () => {
    expect(plan(BASKET, ALL, 1500)).toMatchObject({
      incentiveMatchCents: 500,
      incentiveCheckCents: 0,
      incentiveCapLeftCents: 500,
    });
    expect(plan(BASKET, ALL, 2500)).toMatchObject({ incentiveMatchCents: 0, incentiveCapLeftCents: 0 });
  });

  it('matches nothing from a farm outside Kentucky', () => {
    expect(plan(BASKET, ALL, 0, 'OH')).toMatchObject({ incentiveMatchCents: 0, incentiveCheckCents: 0, snapCents: 2900 });
  });

  it('rounds a percentage match down to the cent', () => {
    const half = { ...KDD, matchPercent: 50 };
    expect(
      tenderPlan([line('produce', 1999)], { state: 'KY', kinds: ALL, table: DEFAULT_BENEFIT_TABLE }, half).incentiveMatchCents,
    ).toBe(999);
  });

  it('refuses a line total that is not whole cents', () => {
    expect(() => plan([line('produce', 12.5)])).toThrow(RangeError);
  });
});

describe('checkTender', () => {
  const check = (tendered: Partial<Record<TenderKind, number>>, p: TenderPlan = plan()) => checkTender(p, tendered, KDD);

  it('accepts benefits within what they may pay, and the rest in cash', () => {
    expect(check({ snap: 2900, cash: 700 })).toBeNull();
    expect(check({ senior_fmnp: 2300, snap: 600, cash: 700 })).toBeNull();
    expect(check({ snap: 1700, incentive: 1200, cash: 700 })).toBeNull();
    expect(check({ cash: 3000 })).toBeNull();
  });

  it('refuses a benefit above its eligible items', () => {
    expect(check({ snap: 3000, cash: 600 })).toBe('SNAP can pay at most $29.00 of this order: the SNAP-eligible items');
    expect(check({ wic_fmnp: 1600 })).toBe('WIC FMNP coupons can pay at most $15.00 of this order: the items they cover');
  });

  it('pays each item once across benefits', () => {
    expect(check({ senior_fmnp: 2300, snap: 1000 })).toBe(
      'SNAP and Senior FMNP coupons together can pay at most $29.00 of this order: each item is paid once',
    );
    expect(check({ snap: 2900, incentive: 1200 })).toBe(
      'SNAP and Kentucky Double Dollars together can pay at most $29.00 of this order: each item is paid once',
    );
  });

  it('caps the incentive at its match, what benefits paid, and the daily cap', () => {
    expect(check({ snap: 1000, incentive: 1900 })).toBe(
      'Kentucky Double Dollars can match at most $18.00 of this order: the Kentucky-grown items it covers',
    );
    expect(check({ snap: 500, incentive: 600 })).toBe(
      'Kentucky Double Dollars matches what is paid with SNAP or coupons: at most $5.00 for the $5.00 paid with them here',
    );
    expect(check({ snap: 1000, incentive: 1100 }, plan(BASKET, ALL, 1000))).toBe(
      'Kentucky Double Dollars can add at most $10.00 more today for this shopper',
    );
    const big = plan([line('produce', 3000), line('meat', 2000)]);
    expect(check({ snap: 2900, incentive: 2100 }, big)).toBe(
      'Kentucky Double Dollars can add at most $20.00 a day for this shopper',
    );
  });

  it('refuses amounts that are not whole cents, 0 or more', () => {
    expect(check({ cash: -1 })).toBe('Cash must be a whole number of cents, 0 or more');
    expect(check({ snap: 12.5 })).toBe('SNAP/EBT must be a whole number of cents, 0 or more');
    expect(check({ bitcoin: 1 } as Partial<Record<TenderKind, number>>)).toBe('Unknown tender: bitcoin');
  });

  it('refuses a tender the producer does not take, unless it is 0', () => {
    expect(check({ card: 500 })).toBe('This producer does not take Card');
    expect(check({ card: 0, cash: 500 })).toBeNull();
  });

  it('refuses tenders above the order total: benefits give no change', () => {
    expect(check({ snap: 2900, cash: 800 })).toBe(
      "The tenders add up to $37.00, more than the order's $36.00: record only what was applied to the order (benefits give no change)",
    );
  });

  it('leaves an unknown market incentive unrestricted but within the total', () => {
    const other = tenderPlan(BASKET, { state: 'TN', kinds: ['snap', 'incentive', 'cash'], table: DEFAULT_BENEFIT_TABLE }, null);
    expect(checkTender(other, { snap: 2900, incentive: 700 }, null)).toBeNull();
    expect(checkTender(other, { snap: 2900, incentive: 800 }, null)).toMatch(/^The tenders add up to \$37\.00/);
  });

  it('formats integer cents', () => {
    expect([formatCents(5), formatCents(1200), formatCents(123456)]).toEqual(['$0.05', '$12.00', '$1,234.56']);
  });
});

describe('the table an admin maintains', () => {
  it('reads a programme row as the admin edited it', () => {
    const edited: BenefitTable = {
      ...DEFAULT_BENEFIT_TABLE,
      programmes: DEFAULT_BENEFIT_TABLE.programmes.map((row) =>
        row.programme === 'senior_fmnp' && row.state === 'TN' ? { ...row, covers: ['produce', 'honey'] } : row,
      ),
    };
    expect(couponEligible('senior_fmnp', 'TN', { category: 'honey' }, DEFAULT_BENEFIT_TABLE).eligible).toBe(false);
    expect(couponEligible('senior_fmnp', 'TN', { category: 'honey' }, edited).eligible).toBe(true);
  });

  it('matches with an incentive an admin added, and not with one switched off', () => {
    const ohio: Incentive = {
      ...KDD,
      id: 'produce_perks',
      name: 'Produce Perks',
      state: 'OH',
      originState: 'OH',
      groups: [{ categories: ['produce'], capCents: 2500, confirmed: true, label: 'Ohio-grown fruit and vegetables' }],
      dailyCapCents: 2500,
      confirmed: true,
    };
    const table: BenefitTable = { ...DEFAULT_BENEFIT_TABLE, incentives: [...DEFAULT_BENEFIT_TABLE.incentives, ohio] };
    expect(incentiveIn(table, 'OH')?.name).toBe('Produce Perks');
    const basket = [line('produce', 3000)];
    expect(tenderPlan(basket, { state: 'OH', kinds: ALL, table }, ohio).incentiveMatchCents).toBe(2500);
    expect(incentiveIn({ ...table, incentives: [{ ...ohio, active: false }] }, 'OH')).toBeNull();
  });

  it('covers with coupons and matches only food grown in the state, as the producer confirmed it', () => {
    const bought = { category: 'produce' as const, origin: 'IN' as const };
    expect(couponEligible('wic_fmnp', 'KY', bought, DEFAULT_BENEFIT_TABLE)).toMatchObject({
      eligible: false,
      reason: 'WIC FMNP coupons cover only food grown in Kentucky',
    });
    expect(snapEligible(bought).eligible).toBe(true);
    expect(incentiveApplies(KDD, bought, bought.origin).eligible).toBe(false);
    const planned = tenderPlan(
      [{ totalCents: 1000, product: bought }],
      { state: 'KY', kinds: ALL, table: DEFAULT_BENEFIT_TABLE },
      KDD,
    );
    expect(planned).toMatchObject({ snapCents: 1000, couponCents: { wic_fmnp: 0, senior_fmnp: 0 }, incentiveMatchCents: 0 });
  });
});
