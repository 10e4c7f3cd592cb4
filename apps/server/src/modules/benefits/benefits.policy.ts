import { isStateCode, PRODUCT_CATEGORIES, type ProductCategory, type StateCode } from '@farmstand/shared';
import type { AcceptedTenders, BenefitProduct } from '@farmstand/shared/benefits/eligibility';
import { type BenefitTable, type Incentive, incentiveIn } from '@farmstand/shared/benefits/programmes';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import { badRequest } from '../../lib/errors';
import type { BenefitsRow } from './benefits.repository';

/**
 * The yes-or-no rules of benefits at pickup (decision 516). What each benefit pays for is not here:
 * it is `packages/shared/src/benefits/eligibility.ts`, the one place for those rules.
 */

export type Take = PublicBenefits['takes'][number];

/** An incentive a pickup place offers: the one running in the place's state, and the participating market the place is of it. */
export type PlaceIncentive = { incentive: Incentive; market: string };

/**
 * What a farm takes on `day` (its local day; for an order, its pickup day): SNAP only once an admin
 * verified its FNS number; a coupon only while its authorisation runs (through `expires_on`) and
 * only in a state whose programme Farmstand knows; the incentive only where one of `offered` (for an
 * order, what its pickup place offers; for the farm, what each of its places offers, `incentiveAt`,
 * decision 540) matches a benefit the farm takes. Nothing else stands in for a place: the farm's own
 * market saved before decision 540 gives no match.
 */
export function takesOn(row: BenefitsRow | undefined, state: string, day: string, offered: readonly PlaceIncentive[]): Take[] {
  if (!row) return [];
  const takes: Take[] = [];
  if (row.snapStatus === 'verified' && row.fnsNumber) takes.push('snap');
  if (isStateCode(state)) {
    if (row.wicFmnpAccepted && row.wicFmnpExpiresOn !== null && row.wicFmnpExpiresOn >= day) takes.push('wic_fmnp');
    if (row.seniorFmnpAccepted && row.seniorFmnpExpiresOn !== null && row.seniorFmnpExpiresOn >= day) takes.push('senior_fmnp');
  }
  if (offered.some(({ incentive }) => incentive.matches.some((p) => takes.includes(p)))) takes.push('incentive');
  return takes;
}

/**
 * What a pickup place offers (decision 540), the one rule for the match, the farm's badge and
 * search: the incentive running in the place's state (the market is where the food is handed over,
 * whatever the farm's own state), when the place names one of that incentive's participating markets
 * now. Delivery days have no state and are never a market. Saving a place checks its market against
 * the same incentive (`pickup.service.ts`, `incentiveOfState` of the place's state).
 */
export function incentiveAt(
  table: BenefitTable,
  place: { state: string | null; incentiveMarket: string | null } | undefined,
): PlaceIncentive | null {
  if (!place?.state || !place.incentiveMarket) return null;
  const incentive = incentiveIn(table, place.state);
  const [market] = incentive ? participating(incentive, [place.incentiveMarket]) : [];
  return incentive && market ? { incentive, market } : null;
}

/**
 * Of the markets named, those that are the incentive's participating markets now, spelled as its
 * list spells them (a market the admin took off the list no longer gives the match); where the admin
 * lists none, every market named.
 */
export function participating(incentive: Incentive, markets: readonly (string | null)[]): string[] {
  const named = markets.filter((m): m is string => Boolean(m));
  if (incentive.markets.length === 0) return named;
  return named.flatMap((m) => incentive.markets.filter((listed) => listed.toLowerCase() === m.toLowerCase()).slice(0, 1));
}

/** The tenders a farm may record: the benefits it takes now, and cash, card, check, farm credit or other, always. */
export const acceptedTenders = (takes: Take[], state: string, table: BenefitTable): AcceptedTenders => ({
  state: state as StateCode,
  kinds: [...takes, 'cash', 'card', 'check', 'farm_credit', 'other'],
  table,
});

/**
 * A product as the rules read it; a removed product, or an unknown category, reads as "other"
 * (check). Its origin is the state the producer confirmed it was grown or raised in (none: the farm's).
 * A product whose tax class says it is not food is not food to SNAP or the coupons either.
 */
export function benefitProduct(
  found: { category: string; inspection: string | null; originState: string | null; taxClass?: string | null } | undefined,
): BenefitProduct {
  const category = (PRODUCT_CATEGORIES as readonly string[]).includes(found?.category ?? '')
    ? (found?.category as ProductCategory)
    : 'other';
  const origin = found?.originState && isStateCode(found.originState) ? found.originState : null;
  return {
    category,
    inspection: (found?.inspection ?? null) as BenefitProduct['inspection'],
    origin,
    ...(found?.taxClass === 'non_food' ? { notFood: true } : {}),
  };
}

/** A CSA share as the rules read it (decision 541): the food its box holds, each item as `benefitProduct` reads it. */
export const shareProduct = (contents: BenefitProduct[]): BenefitProduct => ({ category: 'other', contents });

/** A coupon the farm says it takes must have an authorisation still running. */
export function couponDateRefusal(
  field: 'wic_fmnp' | 'senior_fmnp',
  label: string,
  coupon: { accepted: boolean; expires_on: string | null },
  today: string,
) {
  if (coupon.accepted && coupon.expires_on !== null && coupon.expires_on < today)
    return badRequest(
      `Your ${label} authorisation ended on ${formatDateOnly(coupon.expires_on)}; give the date the new one ends`,
      `${field}.expires_on`,
    );
  return null;
}
