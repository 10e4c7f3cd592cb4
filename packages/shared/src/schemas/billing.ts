import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './auth';
import { dbId } from './common';

export const PLAN_TYPES = ['monthly', 'annual'] as const;
export const PlanTypeSchema = z.enum(PLAN_TYPES, 'Plan type must be monthly or annual');

/** Which card payment provider the server talks to: the built-in offline test provider or Stripe. */
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Spec 01 §3 "Subscription status"; the two id fields carry the provider's name on the wire. */
export const SubscriptionStatusResponse = z.object({
  hasSubscription: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_days_remaining: z.number().int(),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  stripe_price_id: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  plan_type: PlanTypeSchema.nullable(),
  /** Set when an admin granted the subscription; a null period end then means it never ends. */
  granted: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe.js needs it to collect the card; null with the test provider. */
  publishable_key: z.string().nullable(),
  /**
   * A plan chosen during the free trial keeps the trial (decision 531): its first charge falls on
   * the trial's last moment, this date; null once it has been charged, or for any other plan.
   */
  first_charge_at: z.string().nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;

export const CreatePaymentIntentRequest = z.object({
  planType: PlanTypeSchema,
  priceId: z.string().max(200).optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequest>;

export const CreatePaymentIntentResponse = z.object({ client_secret: z.string(), setup_intent_id: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponse>;

/**
 * Card details for the built-in test provider only. They are handed to the provider to validate and
 * are never stored or logged; with Stripe the card goes from the browser to Stripe.js instead.
 */
export const TestCardSchema = z.object({
  number: z.string().trim().min(12, 'Card number is too short').max(23, 'Card number is too long'),
  exp_month: z.coerce.number().int().min(1, 'Expiry month must be 1 to 12').max(12, 'Expiry month must be 1 to 12'),
  exp_year: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  zip: z.string().regex(/^\d{5}$/, 'ZIP code must be 5 digits'),
});
export type TestCard = z.infer<typeof TestCardSchema>;

export const ConfirmSubscriptionRequest = z.object({
  setupIntentId: z.string().min(1, 'Setup intent is required').max(300),
  card: TestCardSchema.optional(),
});
export type ConfirmSubscriptionRequest = z.infer<typeof ConfirmSubscriptionRequest>;

export const BillingMessageResponse = z.object({ message: z.string() });

export const ConfirmSubscriptionResponse = z.object({
  message: z.string(),
  subscription: SubscriptionStatusResponse,
});

export const CancelSubscriptionResponse = ConfirmSubscriptionResponse;

export const PortalSessionResponse = z.object({ url: z.string() });

export const GrantSubscriptionRequest = z.object({
  userId: dbId('User id is required'),
  /** 0 means the grant never ends. */
  days: z.coerce.number().int().min(0, 'Days cannot be negative').max(3650, 'Days must be at most 3650').default(30),
  planType: PlanTypeSchema.default('monthly'),
});
export type GrantSubscriptionRequest = z.infer<typeof GrantSubscriptionRequest>;

export const BILLING_TEXTS = {
  loadFailed: 'Failed to load subscription status',
  cancelFailed: 'Failed to cancel subscription',
  portalFailed: 'Failed to open billing portal',
  genericError: 'An error occurred',
  createFailed: 'Failed to create subscription',
} as const;

/**
 * What a refused card means and what to do (decision 531), the same words from the test provider,
 * Stripe and the card form: never a bare "validation failed".
 */
export const CARD_TEXTS = {
  declined: 'Your card was declined. Try another card or contact your bank.',
  invalidNumber: 'That card number is not valid. Check the number, or try another card.',
  expired: 'This card has expired. Check the expiry date or use another card.',
  missing: 'Enter your card details to subscribe.',
  notChecked: 'We could not check your card, so nothing was charged. Please try again; if it happens again, try another card.',
} as const;
