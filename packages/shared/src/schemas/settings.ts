import { z } from 'zod';
import { isWholeCents } from '../format/money';

/**
 * A price in dollars that is a whole number of cents: $10.005 cannot be charged and would show as
 * such on /pricing, /billing and /terms (decision 370). The tolerance absorbs binary floating point.
 */
const dollars = (label: string, max: number) =>
  z
    .number()
    .min(0.01, `${label} must be at least 0.01`)
    .max(max, `${label} must be at most ${max}`)
    .refine(isWholeCents, `${label} must have at most two decimals (whole cents)`);

/** Admin settings sections with the defaults of spec 02 §9 and the bounds of spec 02 §5. */
/** The most active products any farm can list (decision 551): the farm page answers with all of them. */
export const MAX_PRODUCTS_PER_FARM = 250;

export const SettingsSchemas = {
  general: z.object({
    site_name: z.string().trim().min(1, 'Site name is required').max(100),
    site_description: z.string().max(500),
    contact_email: z.email('Contact email must be a valid email address'),
    support_phone: z.string().max(30),
    timezone: z.enum(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']),
    date_format: z.enum(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD']),
    currency: z.enum(['USD', 'CAD', 'EUR']),
    language: z.enum(['en', 'es']),
  }),
  payment: z
    .object({
      stripe_publishable_key: z.string().max(200),
      stripe_secret_key: z.string().max(200),
      stripe_webhook_secret: z.string().max(200),
      monthly_price: dollars('Monthly price', 10_000),
      annual_price: dollars('Annual price', 100_000),
      trial_days: z.number().int().min(0).max(365),
      payment_processing_fee: z.number().min(0).max(100),
      platform_fee: z.number().min(0).max(100),
    })
    // An annual plan dearer than twelve months would be a plan nobody should pick.
    .refine((payment) => payment.annual_price <= payment.monthly_price * 12 + 1e-6, {
      path: ['annual_price'],
      message: 'Annual price must be at most 12 times the monthly price',
    })
    // …and one cheaper than a single month would undercut the monthly plan (issue 44, decision 531).
    .refine((payment) => payment.annual_price >= payment.monthly_price - 1e-6, {
      path: ['annual_price'],
      message: 'Annual price must be at least the monthly price: a year cannot cost less than one month',
    }),
  email: z.object({
    smtp_host: z.string().max(200),
    smtp_port: z.number().int().min(1).max(65535),
    smtp_username: z.string().max(200),
    smtp_password: z.string().max(200),
    from_email: z.union([z.email('From email must be a valid email address'), z.literal('')]),
    from_name: z.string().max(100),
    enable_notifications: z.boolean(),
    welcome_email: z.boolean(),
    order_confirmations: z.boolean(),
    password_reset: z.boolean(),
  }),
  security: z.object({
    require_email_verification: z.boolean(),
    password_min_length: z.number().int().min(6).max(32),
    session_timeout: z.number().int().min(1).max(30),
    max_login_attempts: z.number().int().min(3).max(10),
    two_factor_auth: z.boolean(),
    ip_whitelist: z.string().max(2000),
    security_headers: z.boolean(),
  }),
  features: z
    .object({
      enable_reviews: z.boolean(),
      enable_favorites: z.boolean(),
      enable_messaging: z.boolean(),
      enable_location_search: z.boolean(),
      enable_notifications: z.boolean(),
      enable_analytics: z.boolean(),
      /** Active products during the free trial (spec: "up to 10 products during the trial"). */
      max_products_per_producer: z.number().int().min(1).max(100),
      /** Active products of a farm with a plan (decision 551): a vegetable farm's whole catalogue. */
      max_products_subscribed: z.number().int().min(1).max(MAX_PRODUCTS_PER_FARM),
      max_images_per_product: z.number().int().min(1).max(20),
      max_variants_per_product: z.number().int().min(1).max(100),
      /** Shares of one share product a shopper may hold open (reserved, processed, ready): decision 520. */
      max_shares_per_shopper: z.number().int().min(1).max(16),
    })
    // A plan never lists fewer products than the trial (decision 551).
    .refine((features) => features.max_products_subscribed >= features.max_products_per_producer, {
      path: ['max_products_subscribed'],
      message: 'Max products per producer with a plan must be at least the max products per producer (the free trial’s limit)',
    }),
  maintenance: z.object({
    maintenance_mode: z.boolean(),
    maintenance_message: z.string().max(500),
    backup_frequency: z.enum(['daily', 'weekly', 'monthly']),
    log_retention_days: z.number().int().min(7).max(365),
    cleanup_frequency: z.enum(['daily', 'weekly', 'monthly']),
  }),
} as const;

export type SettingsKey = keyof typeof SettingsSchemas;
export const SETTINGS_KEYS = Object.keys(SettingsSchemas) as SettingsKey[];
export type Settings = { [K in SettingsKey]: z.infer<(typeof SettingsSchemas)[K]> };
