import type { SettingsKey } from './settings';

/**
 * Every admin setting either changes something or is not offered in the admin panel. Where each
 * one acts is listed here so a new setting cannot be added without saying; the test in settings-audit.test.ts keeps the two lists and the schema in step.
 * Hidden settings stay in the API (stored values and older clients keep working) but the panel no
 * longer shows a switch that does nothing.
 */
export const SETTINGS_THAT_ACT: Record<SettingsKey, Record<string, string>> = {
  general: {
    site_name: 'footer, contact page, maintenance screen, e-mails, page head tags',
    site_description: 'footer tagline',
    contact_email: 'footer, terms, privacy, contact page, dashboard support card',
    support_phone: 'footer, terms, privacy, contact page, dashboard support card',
    timezone: 'pickup windows and orders',
    currency: 'structured data of product pages',
  },
  payment: {
    monthly_price: 'subscription checkout and renewals',
    annual_price: 'subscription checkout and renewals',
    trial_days: 'trial length of new producers',
  },
  email: { enable_notifications: 'e-mail digests of unread messages' },
  security: {
    require_email_verification: 'sign-in',
    password_min_length: 'registration and password reset',
    session_timeout: 'sign-in token lifetime',
    max_login_attempts: 'sign-in lockout',
  },
  features: {
    enable_reviews: 'reviews API',
    enable_favorites: 'favourites API',
    enable_messaging: 'messages API',
    enable_analytics: 'usage event recording',
    max_products_per_producer: 'product creation limit during the trial, products tab count, dashboard texts',
    max_products_subscribed: 'product creation limit with a plan, products tab count, pricing and billing texts',
    max_images_per_product: 'image upload limit, products tab',
    max_variants_per_product: 'variants per product (product create and edit), product form',
    max_shares_per_shopper: 'open shares one shopper may hold of one share product (reserving a share), reserve card',
  },
  maintenance: {
    maintenance_mode: 'every API call and screen for non-admins',
    maintenance_message: 'maintenance screen and 503 answers',
    backup_frequency: 'backup job',
    log_retention_days: 'retention job',
    cleanup_frequency: 'cleanup job',
  },
};

/** Not shown in the admin panel, with why. */
export const SETTINGS_HIDDEN_FROM_PANEL: Record<SettingsKey, Record<string, string>> = {
  general: {
    date_format: 'dates are always written out ("Jul 1, 2027"), which no reader can misread',
    language: 'the product is in English only',
  },
  payment: {
    stripe_publishable_key: 'set by STRIPE_PUBLISHABLE_KEY in the environment',
    stripe_secret_key: 'set by STRIPE_SECRET_KEY in the environment; secrets do not live in the database',
    stripe_webhook_secret: 'set by STRIPE_WEBHOOK_SECRET in the environment',
    payment_processing_fee: 'charged by the card provider, not by us',
    platform_fee: 'Farmstand takes no commission (spec 01 §1)',
  },
  email: {
    smtp_host: 'set by SMTP_URL in the environment',
    smtp_port: 'set by SMTP_URL in the environment',
    smtp_username: 'set by SMTP_URL in the environment',
    smtp_password: 'set by SMTP_URL in the environment',
    from_email: 'set by MAIL_FROM in the environment',
    from_name: 'set by MAIL_FROM in the environment',
    welcome_email: 'there is no welcome e-mail; the verification e-mail greets new users',
    order_confirmations: 'there are no order e-mails to switch: sales are agreed directly (spec 01 §1)',
    password_reset: 'turning off password reset would lock people out; it stays on',
  },
  security: {
    two_factor_auth: 'not offered',
    ip_whitelist: 'belongs in the reverse proxy or firewall, not the app',
    security_headers: 'always sent; turning them off is never right',
  },
  features: {
    enable_location_search: 'location is how the product works (map, radius search)',
    enable_notifications: 'live notifications always run; e-mail notifications are the Email section switch',
  },
  maintenance: {},
};

export function isSettingShownInPanel(key: SettingsKey, name: string): boolean {
  return !(name in SETTINGS_HIDDEN_FROM_PANEL[key]);
}
