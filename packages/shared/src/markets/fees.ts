import { basisPointsOfCentsHalfUp } from '../format/money';
import { MARKET_CURRENCIES, type MarketCurrency } from '../schemas/market-office';
import type { BasketFeeKind, MarketFeeKind } from '../schemas/markets';
import { type RedemptionLine, redeemedCents } from './reconcile';

/**
 * What a market charges its vendors and what it owes them (decision 583). Fees are charged on
 * attended market days only:
 * - per_day: `feeCents` for each attended market day;
 * - per_season: `feeCents` once, on the vendor's first attended market day of the season (year);
 * - percent: `feePercentBp` of the day's reported sales, rounded half up to the cent, then held
 *   within [`feeMinCents`, `feeMaxCents`] for that day.
 * The statement shows the reimbursement and the fee apart: a fee is never taken out of SNAP.
 */
export type FeeRules = {
  feeKind: MarketFeeKind;
  feeCents: number;
  feePercentBp: number;
  feeMinCents: number | null;
  feeMaxCents: number | null;
};

/**
 * The market basket's fee on one vendor's part (issue 49, decision 587), accrued when the part is
 * picked up and charged on the vendor's statement: flat per part (`per_order`), or `basketFeePercentBp`
 * of the part's goods (its subtotal, before any tax or delivery) rounded half up to the cent. It is
 * computed from the goods alone, never from or out of what SNAP paid: the farm keeps every tender.
 */
export type BasketFeeRules = { basketFeeKind: BasketFeeKind; basketFeeCents: number; basketFeePercentBp: number };

export function basketFee(rules: BasketFeeRules, goodsCents: number): number {
  if (goodsCents <= 0) return 0;
  if (rules.basketFeeKind === 'per_order') return rules.basketFeeCents;
  if (rules.basketFeeKind === 'percent') return basisPointsOfCentsHalfUp(goodsCents, rules.basketFeePercentBp);
  return 0;
}

export type VendorDayLine = { marketDate: string; attended: boolean; salesCents: number };

/** The fee of one attended day under per_day or percent (per_season is charged by `vendorFees`). */
export function dayFee(rules: FeeRules, salesCents: number): number {
  if (rules.feeKind === 'per_day') return rules.feeCents;
  if (rules.feeKind !== 'percent') return 0;
  let fee = basisPointsOfCentsHalfUp(salesCents, rules.feePercentBp);
  if (rules.feeMinCents !== null) fee = Math.max(fee, rules.feeMinCents);
  if (rules.feeMaxCents !== null) fee = Math.min(fee, rules.feeMaxCents);
  return fee;
}

/**
 * Each day's fee for one vendor, by market date. `days` holds the vendor's days of the season up to
 * the end of the period (earlier days decide which is the season's first attended day).
 */
export function vendorFees(rules: FeeRules, days: VendorDayLine[]): Map<string, number> {
  const fees = new Map<string, number>();
  const sorted = [...days].sort((a, b) => a.marketDate.localeCompare(b.marketDate));
  const charged = new Set<string>();
  for (const day of sorted) {
    if (!day.attended) {
      fees.set(day.marketDate, 0);
      continue;
    }
    if (rules.feeKind === 'per_season') {
      const season = day.marketDate.slice(0, 4);
      fees.set(day.marketDate, charged.has(season) ? 0 : rules.feeCents);
      charged.add(season);
    } else fees.set(day.marketDate, dayFee(rules, day.salesCents));
  }
  return fees;
}

/** One market-basket part of the vendor picked up on a market day: what the shopper paid the farm and the fee it accrued. */
export type BasketPartLine = { marketDate: string; salesCents: number; feeCents: number };

export type StatementDay = {
  marketDate: string;
  attended: boolean;
  salesCents: number;
  feeCents: number;
  reimbursed: Record<MarketCurrency, number>;
};

/**
 * A vendor's statement of [from, to]: a line per market day it reported or redeemed, its fee and
 * what the market reimburses per currency (the count when counted, else the report); net =
 * reimbursed − fee (below 0: the vendor owes the market).
 */
export function vendorStatement(input: {
  from: string;
  to: string;
  rules: FeeRules;
  /** The vendor's days of the season(s) up to `to`. */
  days: VendorDayLine[];
  /** The vendor's redemptions within [from, to]. */
  redemptions: Pick<RedemptionLine, 'marketDate' | 'currency' | 'reportedCents' | 'countedCents'>[];
  /** The vendor's market-basket parts picked up (issue 49): their goods and the basket fee each accrued. */
  basket?: readonly BasketPartLine[];
}): {
  days: StatementDay[];
  feeCents: number;
  basketFeeCents: number;
  basketSalesCents: number;
  reimbursedCents: number;
  netCents: number;
} {
  const { from, to } = input;
  const fees = vendorFees(input.rules, input.days);
  const byDate = new Map<string, StatementDay>();
  const dayOf = (marketDate: string) => {
    let day = byDate.get(marketDate);
    if (!day) {
      const reported = input.days.find((d) => d.marketDate === marketDate);
      day = {
        marketDate,
        attended: reported?.attended ?? false,
        salesCents: reported?.salesCents ?? 0,
        feeCents: fees.get(marketDate) ?? 0,
        reimbursed: Object.fromEntries(MARKET_CURRENCIES.map((c) => [c, 0])) as Record<MarketCurrency, number>,
      };
      byDate.set(marketDate, day);
    }
    return day;
  };
  for (const day of input.days) if (day.marketDate >= from && day.marketDate <= to) dayOf(day.marketDate);
  for (const line of input.redemptions) {
    if (line.marketDate < from || line.marketDate > to) continue;
    dayOf(line.marketDate).reimbursed[line.currency] += redeemedCents(line);
  }
  const days = [...byDate.values()].sort((a, b) => a.marketDate.localeCompare(b.marketDate));
  const feeCents = days.reduce((sum, d) => sum + d.feeCents, 0);
  const reimbursedCents = days.reduce((sum, d) => sum + MARKET_CURRENCIES.reduce((s, c) => s + d.reimbursed[c], 0), 0);
  const basket = (input.basket ?? []).filter((part) => part.marketDate >= from && part.marketDate <= to);
  const basketFeeCents = basket.reduce((sum, part) => sum + part.feeCents, 0);
  const basketSalesCents = basket.reduce((sum, part) => sum + part.salesCents, 0);
  return {
    days,
    feeCents,
    basketFeeCents,
    basketSalesCents,
    reimbursedCents,
    netCents: reimbursedCents - feeCents - basketFeeCents,
  };
}
