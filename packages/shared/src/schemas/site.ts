import { z } from 'zod';

/**
 * GET /api/site: the admin settings every visitor's screens depend on:
 * the site's name and contact details, maintenance mode with its message, which features are on
 * and the limits the producer screens quote. Never a secret.
 */
export const SiteInfoResponse = z.object({
  site_name: z.string(),
  site_description: z.string(),
  contact_email: z.string(),
  support_phone: z.string(),
  maintenance: z.object({ enabled: z.boolean(), message: z.string() }),
  features: z.object({
    enable_reviews: z.boolean(),
    enable_favorites: z.boolean(),
    enable_messaging: z.boolean(),
    enable_analytics: z.boolean(),
  }),
  limits: z.object({
    max_products_per_producer: z.number().int(),
    /** A farm with a plan (decision 551); max_products_per_producer is the trial's. */
    max_products_subscribed: z.number().int(),
    max_images_per_product: z.number().int(),
    password_min_length: z.number().int(),
  }),
  /** The admin's prices and trial length: what the billing page, pricing and terms quote is what is charged. */
  plans: z.object({
    monthly_price: z.number(),
    annual_price: z.number(),
    trial_days: z.number().int(),
  }),
});
export type SiteInfoResponse = z.infer<typeof SiteInfoResponse>;
