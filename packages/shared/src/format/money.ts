// Made once: building an Intl formatter costs far more than using one (lists format many prices).
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$4.50" or "$4.50 / dozen"; a null price reads "Price on request". */
export function formatPrice(price: number | string | null | undefined, unit?: string | null): string {
  if (price === null || price === undefined || price === '') return 'Price on request';
  const value = typeof price === 'string' ? Number(price) : price;
  const money = USD.format(value);
  return unit ? `${money} / ${unit}` : money;
}
