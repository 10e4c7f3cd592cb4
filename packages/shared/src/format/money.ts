/**
 * Money's one home (decision 557). Amounts are integer cents (`Cents`) in the database and in every
 * rule; dollars exist only at the edges: the API's JSON and what a person types or reads. The one
 * rounding rule: dollars → cents to the nearest cent, halves up (`Math.round`). Nothing else in the
 * code multiplies or divides by 100; percentages use the helpers at the end of this file.
 */

/** An amount of money in whole cents (an integer). */
export type Cents = number;

/** Dollars (2 decimals at most) → cents, exactly: the one rounding rule. */
export const toCents = (dollars: number | string): Cents => Math.round(Number(dollars) * 100);
/** Cents → dollars, as the API writes amounts. */
export const toDollars = (cents: Cents): number => cents / 100;
/** `toCents` of an amount that may be absent (a price on request, a deposit not asked). */
export const toCentsOrNull = (dollars: number | null): Cents | null => (dollars === null ? null : toCents(dollars));
/** `toDollars` of an amount that may be absent. */
export const toDollarsOrNull = (cents: Cents | null): number | null => (cents === null ? null : toDollars(cents));
/** A line: `quantity` of a price in cents. */
export const centsOf = (priceCents: Cents, quantity: number): Cents => priceCents * quantity;

/** "1,234" and "05": the whole dollars (with thousands separators) and the cents of a positive amount. */
function parts(cents: Cents): { whole: string; rest: string } {
  const whole = String((cents - (cents % 100)) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { whole, rest: String(cents % 100).padStart(2, '0') };
}

/** "$1,234.56" from cents, without Intl (the web's first load imports this). */
export function formatCents(cents: Cents): string {
  const { whole, rest } = parts(Math.abs(Math.round(cents)));
  return `${cents < 0 ? '-' : ''}$${whole}.${rest}`;
}

/** "1234.56" from cents: two decimals, no symbol or separators (spreadsheets, form fields). */
export function centsText(cents: Cents): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${(abs - (abs % 100)) / 100}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "$1,234.50", "-$4.00": what `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * writes, built by hand: the first use of Intl in a page loads the browser's ICU data (decision 190),
 * and the storefront's first paint formats prices.
 */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
  const { whole, rest } = parts(toCents(Math.abs(amount)));
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${whole}.${rest}`;
}

/** A no-break space: the words of a unit ("lb hanging weight", "half dozen") stay on one line. */
export const NO_BREAK_SPACE = '\u00a0';

/**
 * The one way a price is written, on every card, page and mail (decision 530): "$4.25/lb",
 * "$6.00/dozen", "$4.75/lb hanging weight", and "from $8.49/lb" when variants differ (`from`).
 * The unit follows the amount after a slash with no spaces, and the unit's own words are joined by
 * no-break spaces, so "lb hanging weight" never wraps into "lb hanging" and "weight". Without a
 * unit it is the amount alone; a null price reads "Price on request".
 */
export function formatPrice(
  price: number | string | null | undefined,
  unit?: string | null,
  options: { from?: boolean } = {},
): string {
  if (price === null || price === undefined || price === '') return 'Price on request';
  const money = formatUsd(typeof price === 'string' ? Number(price) : price);
  const words = unit?.trim().split(/\s+/).join(NO_BREAK_SPACE);
  const text = words ? `${money}/${words}` : money;
  return options.from ? `from ${text}` : text;
}

/**
 * Whole cents: the one test of a dollar amount a person types ($4.255 cannot be charged and is never
 * rounded in silence). The tolerance absorbs binary floating point.
 */
export const isWholeCents = (dollars: number) => Math.abs(toCents(dollars) - dollars * 100) < 1e-6;

/** `percent` % of an amount in cents, rounded down to a whole cent (a match, a discount). */
export const percentOfCents = (cents: Cents, percent: number): Cents => Math.floor((cents * percent) / 100);
/**
 * `percent` % of an amount in cents, rounded half up to a whole cent: a sales tax (SSUTA §324: the
 * third decimal of a dollar rounds up when it is more than four). Exact, in integers, for a rate with
 * at most two decimals (5.75 %).
 */
export const percentOfCentsHalfUp = (cents: Cents, percent: number): Cents =>
  Math.floor((cents * Math.round(percent * 100) + 5000) / 10000);

/** `bp` basis points (500 = 5 %) of an amount in cents, rounded half up to a whole cent (a market's fee on sales). */
export const basisPointsOfCentsHalfUp = (cents: Cents, bp: number): Cents => Math.floor((cents * bp + 5000) / 10000);

/**
 * `total` cents shared over parts in proportion to `weights` (non-negative integers), in whole
 * cents that add up to `total` exactly: each part gets the floor of its exact share and the cents
 * left go one each to the largest remainders (ties: the earlier part). All weights 0: all to none.
 */
export function allocateCents(total: Cents, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, c) => a + c, 0);
  const byRemainder = weights.map((w, i) => ({ i, r: (total * w) % sum })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** `part` as a percentage of `whole` (0–100 for a share of a whole). */
export const percentOf = (part: number, whole: number): number => (part / whole) * 100;
/** A number rounded to hundredths, the way amounts are (miles, megabytes, chart ticks). */
export const roundHundredths = (n: number): number => toDollars(toCents(n));
