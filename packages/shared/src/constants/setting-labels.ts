import { nameInWords } from '../schemas/validation-messages';

/**
 * How a setting is named to people, on the admin form and in the server's 400 answers alike, so
 * neither says 'Smtp port' where the form says 'SMTP port'.
 */
const LABELS: Record<string, string> = {
  stripe_publishable_key: 'Card provider public key',
  stripe_secret_key: 'Card provider secret key',
  stripe_webhook_secret: 'Webhook secret',
  monthly_price: 'Monthly price ($)',
  annual_price: 'Annual price ($)',
  payment_processing_fee: 'Payment processing fee (%)',
  platform_fee: 'Platform fee (%)',
  from_email: 'From email',
  session_timeout: 'Session timeout (days)',
  log_retention_days: 'Log retention (days)',
  two_factor_auth: 'Two-factor authentication',
  ip_whitelist: 'IP allow list',
  enable_location_search: 'Enable location search',
  max_products_subscribed: 'Max products per producer with a plan',
  max_shares_per_shopper: 'Max shares per shopper of one animal share',
};

/** The form's label: 'Monthly price ($)', or the field name in words ('Site name', 'SMTP port'). */
export function settingLabel(name: string): string {
  return LABELS[name] ?? nameInWords(name);
}

/** The label without its unit, for sentences: 'Monthly price must be at least 0.01'. */
export function settingName(name: string): string {
  return settingLabel(name).replace(/ \((\$|%)\)$/, '');
}
