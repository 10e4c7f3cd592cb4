// Made once: building an Intl formatter costs far more than using one (lists format many prices).
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$4.50" or "$4.50 / dozen"; a null price reads "Price on request". */
export function formatPrice(price: number | string | null | undefined, unit?: string | null): string {
  if (price === null || price === undefined || price === '') return 'Price on request';
  const value = typeof price === 'string' ? Number(price) : price;
  const money = USD.format(value);
  return unit ? `${money} / ${unit}` : money;
}

/**
 * Whole cents: the one test of a dollar amount a person types ($4.255 cannot be charged and is never
 * rounded in silence). The tolerance absorbs binary floating point.
 */
export const isWholeCents = (dollars: number) => Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;
