/**
 * "$1,234.50", "-$4.00": what `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * writes, built by hand: the first use of Intl in a page loads the browser's ICU data (decision 190),
 * and the storefront's first paint formats prices.
 */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
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
export const isWholeCents = (dollars: number) => Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;
