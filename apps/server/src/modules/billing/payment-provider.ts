import type { PlanType } from '@farmstand/shared';
import { CARD_TEXTS, type PaymentProviderName, type TestCard } from '@farmstand/shared/schemas/billing';

/**
 * A card the provider refused, or whose details could not be checked: the message says which, and
 * what to do (CARD_TEXTS); the user can try another card.
 */
export class PaymentDeclinedError extends Error {
  constructor(message: string = CARD_TEXTS.notChecked) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export type SetupIntentResult = { clientSecret: string; setupIntentId: string; customerId: string };

export type StartedSubscription = {
  planType: PlanType;
  priceId: string;
  customerId: string;
  subscriptionId: string;
  currentPeriodEnd: Date;
  /**
   * The provider's reference for the first charge (an invoice id with Stripe), or null when nothing
   * was charged now: a plan started during the trial is first charged when the trial ends.
   */
  paymentRef: string | null;
};

/**
 * What billing needs from a card payment provider. The server picks one implementation at start:
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the offline test provider. Card details never
 * leave this abstraction and are never stored.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly publishableKey: string | null;
  /** The price id a plan is billed with; a client-sent priceId must equal it. */
  priceIdFor(planType: PlanType): string;
  createSetupIntent(input: {
    userId: number;
    email: string;
    customerId: string | null;
    planType: PlanType;
  }): Promise<SetupIntentResult>;
  /**
   * Checks the saved card and starts the subscription; throws PaymentDeclinedError on a refused card.
   * With `trialEnd` nothing is charged now: the first period ends, and is charged, at that moment.
   */
  startSubscription(input: {
    userId: number;
    setupIntentId: string;
    customerId: string | null;
    card?: TestCard;
    trialEnd: Date | null;
    /** The instant the plan starts (`ctx.clock.now()`): cards and periods are judged from it. */
    now: Date;
  }): Promise<StartedSubscription>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
}

/** The end of a billing period that starts now. */
export function periodEndFrom(start: Date, planType: PlanType): Date {
  const end = new Date(start);
  if (planType === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
