import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

/** Stripe when a secret key is configured, otherwise the offline test provider (docs/decisions/080). */
export function createPaymentProvider(config: Config): PaymentProvider {
  const { stripe } = config;
  if (stripe.secretKey) return new StripePaymentProvider({ ...stripe, secretKey: stripe.secretKey });
  return new TestPaymentProvider(config.jwtSecret, config.publicUrl);
}
