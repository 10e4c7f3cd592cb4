import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import type { AppContext } from '../../lib/context';

/** The public part of the admin settings (presenter: only these fields leave the server). */
export async function readSiteInfo(ctx: AppContext): Promise<SiteInfoResponse> {
  const { general, maintenance, features, security, payment } = await ctx.settings.all();
  return {
    site_name: general.site_name,
    site_description: general.site_description,
    contact_email: general.contact_email,
    support_phone: general.support_phone,
    maintenance: { enabled: maintenance.maintenance_mode, message: maintenance.maintenance_message },
    features: {
      enable_reviews: features.enable_reviews,
      enable_favorites: features.enable_favorites,
      enable_messaging: features.enable_messaging,
      enable_analytics: features.enable_analytics,
    },
    limits: {
      max_products_per_producer: features.max_products_per_producer,
      max_products_subscribed: features.max_products_subscribed,
      max_images_per_product: features.max_images_per_product,
      password_min_length: security.password_min_length,
    },
    plans: { monthly_price: payment.monthly_price, annual_price: payment.annual_price, trial_days: payment.trial_days },
  };
}
