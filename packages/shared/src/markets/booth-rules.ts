import { daysBetweenDates } from '../format/date-only';
import { formatCents, percentOfCents } from '../format/money';
import { type BoothEntry, MARKET_CURRENCY_LABELS, type MarketCurrency } from '../schemas/market-office';

/**
 * The info booth's rules (decision 582) that need no database: which currencies the booth hands
 * out, in which tokens, what a match may be, and how far back an entry may be dated. The server
 * applies them to each entry of a sync; the phone uses them to refuse early and estimate offline.
 */

/** WIC and Senior FMNP coupons come in whole dollars (their face values differ by state and year). */
export const COUPON_TOKEN_CENTS = 100;
/** An entry dated more than this many days before today is refused (a phone with a wrong clock). */
export const BOOTH_DAYS_BACK = 60;

export type BoothMarket = {
  boothSnap: boolean;
  boothCredit: boolean;
  boothWic: boolean;
  boothSenior: boolean;
  snapTokenCents: number;
  creditTokenCents: number;
};

/** The market's incentive as the booth uses it: the cap per shopper per market day and its tokens. */
export type BoothIncentive = {
  name: string;
  capCents: number;
  matchPercent: number;
  tokenCents: number;
  matches: MarketCurrency[];
};

/** The value of one token (or coupon) of a currency at this market; null: the booth does not handle it. */
export function tokenCentsOf(currency: MarketCurrency, market: BoothMarket, incentive: BoothIncentive | null): number | null {
  switch (currency) {
    case 'snap':
      return market.boothSnap ? market.snapTokenCents : null;
    case 'credit':
      return market.boothCredit ? market.creditTokenCents : null;
    case 'wic_fmnp':
      return market.boothWic ? COUPON_TOKEN_CENTS : null;
    case 'senior_fmnp':
      return market.boothSenior ? COUPON_TOKEN_CENTS : null;
    case 'incentive':
      return incentive ? incentive.tokenCents : null;
  }
}

/** The currencies this booth handles, with their tokens (the catalog the phone keeps). */
export function boothCurrencies(market: BoothMarket, incentive: BoothIncentive | null) {
  return (['snap', 'credit', 'incentive', 'wic_fmnp', 'senior_fmnp'] as const).flatMap((currency) => {
    const tokenCents = tokenCentsOf(currency, market, incentive);
    return tokenCents === null ? [] : [{ currency, label: MARKET_CURRENCY_LABELS[currency], tokenCents }];
  });
}

/** An amount rounded down to whole tokens. */
export const wholeTokensDown = (cents: number, tokenCents: number): number => cents - (cents % tokenCents);

/** The match 'auto' hands out: matchPercent of the amount, at most what is left of the cap, rounded down to whole tokens. */
export function autoMatchCents(amountCents: number, incentive: BoothIncentive, capLeftCents: number): number {
  const wanted = Math.min(percentOfCents(amountCents, incentive.matchPercent), Math.max(0, capLeftCents));
  return wholeTokensDown(wanted, incentive.tokenCents);
}

/**
 * Why an entry is refused before anything is read (nothing is written), or null. `marketDate` is
 * the market day of its `at` in the market's zone; `today` is the market's today.
 */
export function boothEntryProblem(
  entry: BoothEntry,
  at: { marketDate: string; today: string; isMarketDay: boolean },
  market: BoothMarket,
  incentive: BoothIncentive | null,
): string | null {
  if (at.marketDate > at.today) return `This entry is dated ${at.marketDate}, after today (${at.today}): check the phone's clock`;
  if (daysBetweenDates(at.marketDate, at.today) > BOOTH_DAYS_BACK)
    return `This entry is dated ${at.marketDate}, more than ${BOOTH_DAYS_BACK} days ago: check the phone's clock`;
  if (!at.isMarketDay) return `${at.marketDate} is not a market day here: the booth records entries on market days only`;
  const label = MARKET_CURRENCY_LABELS[entry.currency];
  const token = tokenCentsOf(entry.currency, market, incentive);
  if (token === null)
    return entry.currency === 'incentive'
      ? 'This market matches no incentive'
      : `This market's booth does not hand out ${label}: a manager can switch it on in the market's settings`;
  if (entry.kind === 'issue' && entry.currency === 'incentive')
    return `${label} are handed out as the match of a swipe or a coupon handout, not on their own`;
  if (entry.amountCents <= 0) return 'Enter an amount above $0.00';
  if (entry.amountCents % token !== 0)
    return `${label} come in ${formatCents(token)} pieces: ${formatCents(entry.amountCents)} is not a whole number of them`;
  const match = entry.match;
  if (match === 'auto' || match > 0) {
    if (entry.kind === 'return') return 'A return carries no match';
    if (!incentive) return 'This market matches no incentive';
    if (!incentive.matches.includes(entry.currency)) return `${incentive.name} does not match ${label}`;
    if (entry.shopperKey === null)
      return `A match needs the last four digits of the shopper's card: ${incentive.name} is capped per shopper per market day`;
    if (match !== 'auto' && match % incentive.tokenCents !== 0)
      return `${incentive.name} come in ${formatCents(incentive.tokenCents)} tokens: a match of ${formatCents(match)} is not a whole number of them`;
  }
  return null;
}
