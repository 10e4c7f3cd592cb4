import { toCents, toDollars } from '@farmstand/shared/format/money';
import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';

/**
 * The plans' terms as the pricing and billing pages, the terms of service and the farm's dashboard
 * word them, from the admin's settings (GET /api/site).
 */

/** A year's saving over twelve monthly payments, never negative. */
export const annualSavings = (plans: SiteInfoResponse['plans']) =>
  Math.max(0, toDollars(toCents(plans.monthly_price) * 12 - toCents(plans.annual_price)));

/** "100 active products (10 during the free trial)": the plan's limit beside the trial's, wherever the limit is told. */
export function productLimitPhrase(limits: SiteInfoResponse['limits'], noun = 'active products'): string {
  if (limits.max_products_subscribed <= limits.max_products_per_producer) return `${limits.max_products_per_producer} ${noun}`;
  return `${limits.max_products_subscribed} ${noun} (${limits.max_products_per_producer} during the free trial)`;
}

/** "Up to 100 active product listings (10 during the free trial)". */
export function productLimitBullet(limits: SiteInfoResponse['limits']): string {
  return `Up to ${productLimitPhrase(limits, 'active product listings')}`;
}
