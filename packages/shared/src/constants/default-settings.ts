import type { Settings } from '../schemas/settings';

/**
 * The admin settings' defaults (spec 02 §9), apart from their zod schemas in schemas/settings.ts:
 * the web app's shell shows them before GET /api/site answers without loading zod.
 */
export const DEFAULT_SETTINGS: Settings = {
  general: {
    site_name: 'Farmstand',
    site_description: 'Local food, straight from Kentucky farms and kitchens.',
    contact_email: 'support@farmstand.local',
    support_phone: '',
    timezone: 'America/New_York',
    date_format: 'MM/DD/YYYY',
    currency: 'USD',
    language: 'en',
  },
  payment: {
    stripe_publishable_key: '',
    stripe_secret_key: '',
    stripe_webhook_secret: '',
    monthly_price: 10,
    annual_price: 100,
    trial_days: 30,
    payment_processing_fee: 2.9,
    platform_fee: 5,
  },
  email: {
    smtp_host: '',
    smtp_port: 587,
    smtp_username: '',
    smtp_password: '',
    from_email: '',
    from_name: 'Farmstand',
    enable_notifications: true,
    welcome_email: true,
    order_confirmations: true,
    password_reset: true,
  },
  security: {
    require_email_verification: true,
    password_min_length: 8,
    session_timeout: 7,
    max_login_attempts: 5,
    two_factor_auth: false,
    ip_whitelist: '',
    security_headers: true,
  },
  features: {
    enable_reviews: true,
    enable_favorites: true,
    enable_messaging: true,
    enable_location_search: true,
    enable_notifications: true,
    enable_analytics: true,
    max_products_per_producer: 10,
    max_products_subscribed: 100,
    max_images_per_product: 5,
    max_variants_per_product: 20,
    max_shares_per_shopper: 2,
  },
  maintenance: {
    maintenance_mode: false,
    maintenance_message: 'Farmstand is down for maintenance. Please try again soon.',
    backup_frequency: 'daily',
    log_retention_days: 30,
    cleanup_frequency: 'weekly',
  },
};
