import { formatCents } from '../format/money';
import { MARKET_CURRENCIES, MARKET_CURRENCY_LABELS, type MarketCurrency } from '../schemas/market-office';

/**
 * The market's books (decision 582): per currency, what the booth issued, what shoppers returned,
 * what vendors redeemed and what shoppers still hold, and every discrepancy by vendor and day.
 * Pure: the server reads the rows, this adds them up.
 */

/** One booth entry as the books read it. An issue of SNAP, WIC or Senior with a match also issues the incentive. */
export type BoothLine = {
  marketDate: string;
  kind: 'issue' | 'return';
  currency: MarketCurrency;
  amountCents: number;
  matchCents: number;
  overCapCents: number;
  shopperKey: string | null;
};

/** What a vendor redeemed of one currency on a market day: reported, and counted by the market (null: not yet). */
export type RedemptionLine = {
  marketDate: string;
  producerId: number;
  farmName: string;
  currency: MarketCurrency;
  reportedCents: number;
  countedCents: number | null;
};

/** What the vendor's own register recorded that day at its place at the market (only vendors who used it). */
export type RegisterDay = {
  marketDate: string;
  producerId: number;
  farmName: string;
  redemptions: Record<MarketCurrency, number>;
};

export type Discrepancy = {
  marketDate: string;
  producerId: number | null;
  farmName: string | null;
  currency: MarketCurrency;
  kind: 'count_differs' | 'not_counted' | 'over_cap' | 'register_differs' | 'redeemed_exceeds_issued';
  expectedCents: number;
  actualCents: number;
  message: string;
};

export type CurrencyBooks = {
  currency: MarketCurrency;
  openingCents: number;
  issuedCents: number;
  returnedCents: number;
  redeemedCents: number;
  outstandingCents: number;
  balanceCents: number;
};

/** What the market reimburses for a redemption: the count when there is one, else the vendor's report. */
export const redeemedCents = (line: Pick<RedemptionLine, 'reportedCents' | 'countedCents'>): number =>
  line.countedCents ?? line.reportedCents;

/** What an entry moves in each currency: +issued, −returned (the incentive's match counts as issued incentive). */
export function entryMoves(line: BoothLine): { currency: MarketCurrency; issued: number; returned: number }[] {
  if (line.kind === 'return') return [{ currency: line.currency, issued: 0, returned: line.amountCents }];
  const moves = [{ currency: line.currency, issued: line.amountCents, returned: 0 }];
  if (line.matchCents > 0) moves.push({ currency: 'incentive', issued: line.matchCents, returned: 0 });
  return moves;
}

const zeroes = (): Record<MarketCurrency, number> => ({ snap: 0, credit: 0, incentive: 0, wic_fmnp: 0, senior_fmnp: 0 });

/**
 * The books of [from, to]: `booth` and `redemptions` hold every row up to `to` (earlier rows make the
 * opening amounts), `registers` the vendors' own register days within the range.
 */
export function reconcile(input: {
  from: string;
  to: string;
  booth: BoothLine[];
  redemptions: RedemptionLine[];
  registers: RegisterDay[];
}): { currencies: CurrencyBooks[]; discrepancies: Discrepancy[] } {
  const { from, to } = input;
  const opening = zeroes();
  const issued = zeroes();
  const returned = zeroes();
  const redeemed = zeroes();
  const discrepancies: Discrepancy[] = [];
  for (const line of input.booth) {
    if (line.marketDate > to) continue;
    for (const move of entryMoves(line)) {
      if (line.marketDate < from) opening[move.currency] += move.issued - move.returned;
      else {
        issued[move.currency] += move.issued;
        returned[move.currency] += move.returned;
      }
    }
    if (line.marketDate >= from && line.overCapCents > 0)
      discrepancies.push({
        marketDate: line.marketDate,
        producerId: null,
        farmName: null,
        currency: 'incentive',
        kind: 'over_cap',
        expectedCents: line.matchCents - line.overCapCents,
        actualCents: line.matchCents,
        message: `A match of ${formatCents(line.matchCents)} recorded offline for the shopper ending ${line.shopperKey ?? '????'} went ${formatCents(line.overCapCents)} past the cap`,
      });
  }
  for (const line of input.redemptions) {
    if (line.marketDate > to) continue;
    const cents = redeemedCents(line);
    if (line.marketDate < from) {
      opening[line.currency] -= cents;
      continue;
    }
    redeemed[line.currency] += cents;
    const label = MARKET_CURRENCY_LABELS[line.currency];
    const who = { marketDate: line.marketDate, producerId: line.producerId, farmName: line.farmName, currency: line.currency };
    if (line.countedCents !== null && line.countedCents !== line.reportedCents)
      discrepancies.push({
        ...who,
        kind: 'count_differs',
        expectedCents: line.reportedCents,
        actualCents: line.countedCents,
        message: `${line.farmName} reported ${formatCents(line.reportedCents)} of ${label}; the market counted ${formatCents(line.countedCents)}`,
      });
    else if (line.countedCents === null && line.reportedCents > 0)
      discrepancies.push({
        ...who,
        kind: 'not_counted',
        expectedCents: line.reportedCents,
        actualCents: 0,
        message: `${line.farmName} reported ${formatCents(line.reportedCents)} of ${label}, not counted yet`,
      });
  }
  for (const day of input.registers) {
    if (day.marketDate < from || day.marketDate > to) continue;
    for (const currency of MARKET_CURRENCIES) {
      const line = input.redemptions.find(
        (r) => r.marketDate === day.marketDate && r.producerId === day.producerId && r.currency === currency,
      );
      const reported = line?.reportedCents ?? 0;
      const recorded = day.redemptions[currency];
      if (reported === recorded) continue;
      discrepancies.push({
        marketDate: day.marketDate,
        producerId: day.producerId,
        farmName: day.farmName,
        currency,
        kind: 'register_differs',
        expectedCents: recorded,
        actualCents: reported,
        message: `${day.farmName}'s register recorded ${formatCents(recorded)} of ${MARKET_CURRENCY_LABELS[currency]}; its report says ${formatCents(reported)}`,
      });
    }
  }
  const currencies = MARKET_CURRENCIES.map((currency) => {
    const closing = opening[currency] + issued[currency] - returned[currency] - redeemed[currency];
    const outstanding = Math.max(0, closing);
    if (closing < 0)
      discrepancies.push({
        marketDate: to,
        producerId: null,
        farmName: null,
        currency,
        kind: 'redeemed_exceeds_issued',
        expectedCents: opening[currency] + issued[currency] - returned[currency],
        actualCents: redeemed[currency],
        message: `Vendors redeemed ${formatCents(-closing)} more ${MARKET_CURRENCY_LABELS[currency]} than the booth issued by ${to}`,
      });
    return {
      currency,
      openingCents: opening[currency],
      issuedCents: issued[currency],
      returnedCents: returned[currency],
      redeemedCents: redeemed[currency],
      outstandingCents: outstanding,
      balanceCents: closing - outstanding,
    };
  });
  discrepancies.sort(
    (a, b) =>
      a.marketDate.localeCompare(b.marketDate) ||
      (a.farmName ?? '').localeCompare(b.farmName ?? '') ||
      MARKET_CURRENCIES.indexOf(a.currency) - MARKET_CURRENCIES.indexOf(b.currency) ||
      a.kind.localeCompare(b.kind),
  );
  return { currencies, discrepancies };
}
