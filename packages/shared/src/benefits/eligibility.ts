import { CATEGORY_LABELS, type ProductCategory, STATE_NAMES, type StateCode } from '../constants/catalog';
import { formatCents, percentOfCents } from '../format/money';
import type { Inspection } from '../schemas/products';
import {
  BENEFIT_PROGRAMMES,
  type BenefitProgramme,
  type BenefitTable,
  type CouponProgramme,
  type Incentive,
  programmeIn,
  SNAP_FOOD_CATEGORIES,
  TENDER_KINDS,
  TENDER_LABELS,
  type TenderKind,
} from './programmes';

/**
 * What each benefit can pay for, and the server's refusal rule for what a producer records as
 * tendered at pickup (decision 516). Pure functions: no I/O, money in integer cents only, and one
 * rounding rule, the floor of a cent (an incentive's percentage match is rounded down).
 */

/**
 * The product attributes the rules read: the category, how meat was inspected (a live-animal
 * share), and where it was grown or raised as the producer confirmed it (absent: on the farm, in
 * the farm's state).
 */
export type BenefitProduct = {
  category: ProductCategory;
  inspection?: Inspection | null;
  origin?: StateCode | null;
  /**
   * The farm said it is not food (its sales-tax class `non_food`: soap, candles, crafts, cut
   * flowers): SNAP and the coupons buy only food, whatever its category.
   */
  notFood?: boolean;
  /**
   * A CSA share paid at each pickup (decision 541): the products its box holds. Each programme
   * answers for the share what it answers for all of them alike, else "check".
   */
  contents?: BenefitProduct[];
};

/**
 * A share as each programme reads it: what every item of its box answers, when they all answer
 * alike; else "check" (the box holds food one programme covers and food it does not). An empty box
 * (none posted yet) is "other": check.
 */
function ofShare(contents: BenefitProduct[], answer: (item: BenefitProduct) => Eligibility, name: string): Eligibility {
  if (contents.length === 0) return answer({ category: 'other' });
  const answers = contents.map(answer);
  const first = answers[0];
  if (answers.every((a) => a.eligible === first.eligible)) return first;
  return {
    eligible: 'check',
    reason: `${CHECK}: this share holds food ${name} covers and food it does not`,
    source: first.source,
  };
}

/** The categories a product (or each item of a share's box) is in. */
export const categoriesOf = (product: BenefitProduct): ProductCategory[] =>
  product.contents && product.contents.length > 0 ? product.contents.map((c) => c.category) : [product.category];

/** `'check'`: the sources do not settle it, so the shopper is told to check with the programme. `source` is a key of the table's sources. */
export type Eligibility = { eligible: boolean | 'check'; reason: string; source: string };

const CHECK = 'Check with the programme';

/** Short names for sentences ("SNAP can pay…"); the tender labels name the coupons already. */
const SHORT: Record<BenefitProgramme, string> = {
  snap: 'SNAP',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
};

/**
 * SNAP buys food for home preparation (7 U.S.C. 2012(k), 7 CFR 271.2): not pet food, not hot food,
 * not live animals (except those slaughtered before pickup). No product attribute marks food as
 * hot; Farmstand's products are reserved ahead and picked up, not served hot.
 */
export function snapEligible(product: BenefitProduct): Eligibility {
  if (product.contents) return ofShare(product.contents, snapEligible, 'SNAP');
  if (product.notFood) return { eligible: false, reason: 'SNAP covers only food', source: 'usc-2012k' };
  const { category } = product;
  if (category === 'pet_food') return { eligible: false, reason: 'Pet food is not covered by SNAP', source: 'fns-snap-items' };
  if (category === 'herdshare')
    // The owner pays a boarding fee for an animal they own (decision 171), not for food, and SNAP
    // never buys a live animal.
    return {
      eligible: false,
      reason: 'A herd share pays for the care of an animal you own, not for food, so SNAP does not cover it',
      source: 'fns-snap-items',
    };
  if (category === 'other')
    return {
      eligible: 'check',
      reason: `${CHECK}: we cannot tell whether this is food to prepare at home`,
      source: 'usc-2012k',
    };
  if (product.inspection === 'custom_exempt')
    // A custom-exempt share is a live animal bought before slaughter (decision 511): SNAP pays for
    // food when it is received, never ahead, and not for processing fees.
    return {
      eligible: 'check',
      reason: `${CHECK}: this is a share of a live animal, and SNAP pays only for food when you receive it`,
      source: 'snap-no-advance',
    };
  if (SNAP_FOOD_CATEGORIES.includes(category))
    return { eligible: true, reason: 'SNAP covers food to prepare at home', source: 'fns-snap-items' };
  return { eligible: false, reason: 'SNAP covers only food', source: 'usc-2012k' };
}

/** "fresh fruits, vegetables and herbs" or "…, herbs and honey": what a coupon row covers. */
function couponFoods(covers: ProductCategory[]): string {
  return covers.includes('honey') ? 'fresh fruits, vegetables, herbs and honey' : 'fresh fruits, vegetables and herbs';
}

/**
 * WIC FMNP (7 CFR 248.8(a)) and Senior FMNP (7 CFR 249) coupons buy fresh, unprepared fruits,
 * vegetables and herbs grown in the state, from a farmer the state agency authorised; Senior FMNP
 * adds honey where the state allows it. `state` is the producer's state (where the food is grown).
 */
export function couponEligible(
  programme: BenefitProgramme,
  state: StateCode,
  product: BenefitProduct,
  table: BenefitTable,
): Eligibility {
  if (programme === 'snap') return snapEligible(product);
  if (product.contents)
    return ofShare(product.contents, (item) => couponEligible(programme, state, item, table), SHORT[programme]);
  const row = programmeIn(table, programme, state);
  const label = SHORT[programme];
  const federal = programme === 'wic_fmnp' ? 'cfr-248.8' : 'cfr-249';
  const stateSource = row.sources[row.sources.length - 1] ?? federal;
  if (product.notFood) return { eligible: false, reason: `${label} cover only ${couponFoods(row.covers)}`, source: federal };
  const { category } = product;
  if (row.grownInState && product.origin && product.origin !== state)
    return { eligible: false, reason: `${label} cover only food grown in ${STATE_NAMES[state]}`, source: federal };
  if (category === 'other')
    return { eligible: 'check', reason: `${CHECK}: ${label} cover only ${couponFoods(row.covers)}`, source: federal };
  if (row.covers.includes(category)) {
    const what = category === 'honey' ? 'honey' : `fresh, unprepared fruits, vegetables and herbs grown in ${STATE_NAMES[state]}`;
    if (!row.confirmed) return { eligible: 'check', reason: `${CHECK}: ${row.name} may cover ${what}`, source: stateSource };
    return {
      eligible: true,
      reason: `${label} cover ${what}`,
      source: category === 'honey' ? stateSource : federal,
    };
  }
  if (category === 'honey')
    return {
      eligible: false,
      reason: programme === 'wic_fmnp' ? `${label} do not cover honey` : `${label} do not cover honey in ${STATE_NAMES[state]}`,
      source: programme === 'wic_fmnp' ? federal : stateSource,
    };
  return { eligible: false, reason: `${label} cover only ${couponFoods(row.covers)}`, source: federal };
}

/** Whether an incentive matches this product when it was grown or raised in `origin`. */
export function incentiveApplies(incentive: Incentive, product: BenefitProduct, origin: StateCode): Eligibility {
  if (product.contents)
    return ofShare(product.contents, (item) => incentiveApplies(incentive, item, item.origin ?? origin), incentive.name);
  const source = incentive.sources[0] ?? '';
  if (origin !== incentive.originState)
    return { eligible: false, reason: `${incentive.name} matches only ${STATE_NAMES[incentive.originState]}-grown food`, source };
  const group = incentive.groups.find((g) => g.categories.includes(product.category));
  if (group?.confirmed) return { eligible: true, reason: `${incentive.name} matches ${group.label}`, source };
  if (group) return { eligible: 'check', reason: `${CHECK}: ${incentive.name} matches ${group.label}`, source };
  if (product.category === 'other')
    return {
      eligible: 'check',
      reason: `${CHECK}: ${incentive.name} matches only some ${STATE_NAMES[incentive.originState]}-grown food`,
      source,
    };
  return {
    eligible: false,
    reason: `${incentive.name} does not match ${CATEGORY_LABELS[product.category].toLowerCase()}`,
    source,
  };
}

/** The tenders that pay only for some items; cash, card, check, farm credit and other pay for anything. */
type Restricted = BenefitProgramme | 'incentive';
const RESTRICTED: Restricted[] = [...BENEFIT_PROGRAMMES, 'incentive'];

export type BasketLine = { totalCents: number; product: BenefitProduct };

/**
 * What a producer takes, their state (where their food is grown unless a product says otherwise:
 * the coupons' and incentive's origin) and the benefit table in force.
 */
export type AcceptedTenders = { state: StateCode; kinds: TenderKind[]; table: BenefitTable };

export type TenderPlan = {
  totalCents: number;
  /** What SNAP can surely pay: the SNAP-eligible items (0 when the producer does not take SNAP). */
  snapCents: number;
  couponCents: Record<CouponProgramme, number>;
  /** What no benefit the producer takes is sure to cover: paid in cash, by card or otherwise. */
  restCents: number;
  /** The part of the rest where a programme said "check with the programme". */
  checkCents: number;
  /** The match the shopper can expect if they pay the eligible items with matched benefits. */
  incentiveMatchCents: number;
  /** A further match where the incentive depends on the market ("check with the programme"). */
  incentiveCheckCents: number;
  /** The incentive's daily cap less what the shopper was matched earlier that day. */
  incentiveCapLeftCents: number;
  /** For each combination of restricted tenders, the most they may pay together (each item is paid once). */
  limits: { kinds: Restricted[]; cents: number }[];
  accepted: TenderKind[];
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Per line: the restricted tenders that surely can pay it, and those that may (eligible or "check"). */
function lineTenders(line: BasketLine, accepted: AcceptedTenders, incentive: Incentive | null) {
  const sure = new Set<Restricted>();
  const maybe = new Set<Restricted>();
  for (const programme of BENEFIT_PROGRAMMES) {
    if (!accepted.kinds.includes(programme)) continue;
    const { eligible } = couponEligible(programme, accepted.state, line.product, accepted.table);
    if (eligible === true) sure.add(programme);
    if (eligible !== false) maybe.add(programme);
  }
  let applies: Eligibility['eligible'] = false;
  if (incentive && accepted.kinds.includes('incentive')) {
    applies = incentiveApplies(incentive, line.product, line.product.origin ?? accepted.state).eligible;
    // A match needs a matched benefit to pay for the item first.
    const matchedSure = incentive.matches.some((p) => sure.has(p));
    const matchedMaybe = incentive.matches.some((p) => maybe.has(p));
    if (applies === true && matchedSure) sure.add('incentive');
    if (applies !== false && matchedMaybe) maybe.add('incentive');
  }
  return { sure, maybe, applies };
}

/**
 * Whether SNAP may pay for a line at this farm: the farm takes SNAP and the product is not surely
 * ineligible ("check with the programme" counts). The phone and the server both spread a sale's
 * SNAP over such lines (`tax/compute.ts#snapParts`).
 */
export const snapMayPay = (accepted: AcceptedTenders, product: BenefitProduct): boolean =>
  accepted.kinds.includes('snap') && couponEligible('snap', accepted.state, product, accepted.table).eligible !== false;

/**
 * The plan for one producer's basket: what SNAP and the coupons can pay, the rest, and the
 * incentive's expected match. The match is the floor of (eligible items × percent) per group, each
 * group under its cap, all under the daily cap less `matchedTodayCents`.
 */
export function tenderPlan(
  lines: BasketLine[],
  accepted: AcceptedTenders,
  incentive: Incentive | null,
  matchedTodayCents = 0,
): TenderPlan {
  for (const line of lines)
    if (!Number.isInteger(line.totalCents) || line.totalCents < 0)
      throw new RangeError('Line totals must be whole cents, 0 or more');
  const rows = lines.map((line) => ({ line, ...lineTenders(line, accepted, incentive) }));
  const total = sum(lines.map((l) => l.totalCents));
  const surely = (kind: Restricted) => sum(rows.filter((r) => r.sure.has(kind)).map((r) => r.line.totalCents));
  const benefitSure = rows.filter((r) => BENEFIT_PROGRAMMES.some((p) => r.sure.has(p)));
  const rest = total - sum(benefitSure.map((r) => r.line.totalCents));
  const checkCents = sum(
    rows
      .filter((r) => !BENEFIT_PROGRAMMES.some((p) => r.sure.has(p)) && BENEFIT_PROGRAMMES.some((p) => r.maybe.has(p)))
      .map((r) => r.line.totalCents),
  );

  let expected = 0;
  let possible = 0;
  const capLeft = incentive ? Math.max(0, incentive.dailyCapCents - matchedTodayCents) : 0;
  if (incentive && accepted.kinds.includes('incentive')) {
    for (const group of incentive.groups) {
      // A share counts in a group when everything in its box does (else its match is for the market to say).
      const inGroup = rows.filter((r) => categoriesOf(r.line.product).every((c) => group.categories.includes(c)));
      const sureBase = sum(inGroup.filter((r) => r.sure.has('incentive')).map((r) => r.line.totalCents));
      const maybeBase = sum(inGroup.filter((r) => r.maybe.has('incentive')).map((r) => r.line.totalCents));
      expected += Math.min(percentOfCents(sureBase, incentive.matchPercent), group.capCents);
      possible += Math.min(percentOfCents(maybeBase, incentive.matchPercent), group.capCents);
    }
    expected = Math.min(expected, capLeft);
    possible = Math.min(possible, capLeft);
  }

  // Hall's condition: tenders restricted to sets of items can be spread over the items, each paid
  // once, exactly when every combination pays at most the items any of them may pay.
  // Without a known incentive, an incentive tender (another market's match) is not restricted.
  const usable = RESTRICTED.filter((kind) => accepted.kinds.includes(kind) && (kind !== 'incentive' || incentive));
  const limits: TenderPlan['limits'] = [];
  for (let mask = 1; mask < 1 << usable.length; mask++) {
    const kinds = usable.filter((_, i) => mask & (1 << i));
    const cents = sum(rows.filter((r) => kinds.some((k) => r.maybe.has(k))).map((r) => r.line.totalCents));
    limits.push({ kinds, cents });
  }

  return {
    totalCents: total,
    snapCents: surely('snap'),
    couponCents: { wic_fmnp: surely('wic_fmnp'), senior_fmnp: surely('senior_fmnp') },
    restCents: rest,
    checkCents,
    incentiveMatchCents: expected,
    incentiveCheckCents: possible - expected,
    incentiveCapLeftCents: capLeft,
    limits,
    accepted: [...accepted.kinds],
  };
}

/** "SNAP, WIC FMNP coupons and Kentucky Double Dollars". */
function names(kinds: Restricted[], incentive: Incentive | null): string {
  const each = kinds.map((k) => (k === 'incentive' ? (incentive?.name ?? TENDER_LABELS.incentive) : SHORT[k]));
  return each.length < 2 ? each.join('') : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
}

/**
 * The server's refusal rule for what a producer records as tendered for an order: null when it
 * holds, else a message naming the rule. Amounts are whole cents, 0 or more; only tenders the
 * producer takes; each benefit at most what it may pay, each item paid once; the incentive at most
 * its match of the benefits recorded and its daily cap; and all together at most the order's total,
 * since benefits give no change (the record is what was applied to the order).
 */
export function checkTender(
  plan: TenderPlan,
  tendered: Partial<Record<TenderKind, number>>,
  incentive: Incentive | null,
): string | null {
  for (const [kind, cents] of Object.entries(tendered)) {
    if (!(TENDER_KINDS as readonly string[]).includes(kind)) return `Unknown tender: ${kind}`;
    const label = TENDER_LABELS[kind as TenderKind];
    if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0)
      return `${label} must be a whole number of cents, 0 or more`;
    if (cents > 0 && !plan.accepted.includes(kind as TenderKind)) return `This producer does not take ${label}`;
  }
  const paid = (kind: TenderKind) => tendered[kind] ?? 0;

  for (const programme of BENEFIT_PROGRAMMES) {
    const limit = plan.limits.find((l) => l.kinds.length === 1 && l.kinds[0] === programme)?.cents ?? 0;
    if (paid(programme) > limit) {
      const items = programme === 'snap' ? 'the SNAP-eligible items' : 'the items they cover';
      return `${SHORT[programme]} can pay at most ${formatCents(limit)} of this order: ${items}`;
    }
  }

  const matchedPaid = incentive ? sum(incentive.matches.map(paid)) : 0;
  if (incentive && paid('incentive') > 0) {
    const most = plan.incentiveMatchCents + plan.incentiveCheckCents;
    if (paid('incentive') > most) {
      if (most === plan.incentiveCapLeftCents) {
        const when = plan.incentiveCapLeftCents < incentive.dailyCapCents ? 'more today' : 'a day';
        return `${incentive.name} can add at most ${formatCents(most)} ${when} for this shopper`;
      }
      return `${incentive.name} can match at most ${formatCents(most)} of this order: the ${STATE_NAMES[incentive.originState]}-grown items it covers`;
    }
    const earned = percentOfCents(matchedPaid, incentive.matchPercent);
    if (paid('incentive') > earned)
      return `${incentive.name} matches what is paid with SNAP or coupons: at most ${formatCents(earned)} for the ${formatCents(matchedPaid)} paid with them here`;
  }

  for (const limit of plan.limits) {
    if (limit.kinds.length < 2) continue;
    const together = sum(limit.kinds.map(paid));
    if (together > limit.cents)
      return `${names(limit.kinds, incentive)} together can pay at most ${formatCents(limit.cents)} of this order: each item is paid once`;
  }

  const all = sum(TENDER_KINDS.map(paid));
  if (all > plan.totalCents)
    return `The tenders add up to ${formatCents(all)}, more than the order's ${formatCents(plan.totalCents)}: record only what was applied to the order (benefits give no change)`;
  return null;
}
