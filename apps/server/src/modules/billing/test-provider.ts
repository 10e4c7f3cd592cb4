import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlanType } from '@farmstand/shared';
import { isCardExpired } from '@farmstand/shared/format/card-expiry';
import { CARD_TEXTS, PLAN_TYPES, type TestCard } from '@farmstand/shared/schemas/billing';
import { PaymentDeclinedError, type PaymentProvider, periodEndFrom } from './payment-provider';

/** Test cards (docs/decisions/081): this one always succeeds… */
export const TEST_CARD_SUCCESS = '4242424242424242';
/** …and this one is always declined, like Stripe's generic decline test card. */
export const TEST_CARD_DECLINED = '4000000000000002';

const PRICE_IDS: Record<PlanType, string> = { monthly: 'price_test_monthly', annual: 'price_test_annual' };

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card expires at the end of its expiry month: the same rule as the card form's check. */
export function isExpired(card: Pick<TestCard, 'exp_month' | 'exp_year'>, now: Date): boolean {
  return isCardExpired(card, now);
}

/** Throws PaymentDeclinedError, saying what is wrong with the card, unless it would be accepted. */
export function validateTestCard(card: TestCard | undefined, now: Date): void {
  if (!card) throw new PaymentDeclinedError(CARD_TEXTS.missing);
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) throw new PaymentDeclinedError(CARD_TEXTS.invalidNumber);
  if (isExpired(card, now)) throw new PaymentDeclinedError(CARD_TEXTS.expired);
  if (digits === TEST_CARD_DECLINED) throw new PaymentDeclinedError(CARD_TEXTS.declined);
}

/**
 * The built-in provider: no network, no real money. A setup intent is a signed, self-describing id
 * (user, plan, nonce), so confirming needs no server-side state and cannot be replayed by another user.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(
    private readonly signingSecret: string,
    private readonly publicUrl: string,
  ) {}

  priceIdFor(planType: PlanType): string {
    return PRICE_IDS[planType];
  }

  async createSetupIntent(input: { userId: number; customerId: string | null; planType: PlanType }) {
    const payload = `${input.userId}_${input.planType}_${randomBytes(8).toString('hex')}`;
    const setupIntentId = `seti_test_${payload}_${this.sign(payload)}`;
    return {
      setupIntentId,
      clientSecret: `${setupIntentId}_secret_${randomBytes(12).toString('hex')}`,
      customerId: input.customerId ?? `cus_test_${input.userId}`,
    };
  }

  async startSubscription(input: {
    userId: number;
    setupIntentId: string;
    customerId: string | null;
    card?: TestCard;
    trialEnd: Date | null;
    now: Date;
  }) {
    const planType = this.readSetupIntent(input.setupIntentId, input.userId);
    validateTestCard(input.card, input.now);
    const reference = randomBytes(8).toString('hex');
    // During the trial the card is checked but not charged: the renewal sweep charges at the trial's end.
    return {
      planType,
      priceId: PRICE_IDS[planType],
      customerId: input.customerId ?? `cus_test_${input.userId}`,
      subscriptionId: `sub_test_${reference}`,
      currentPeriodEnd: input.trialEnd ?? periodEndFrom(input.now, planType),
      paymentRef: input.trialEnd ? null : `in_test_${reference}`,
    };
  }

  async cancelAtPeriodEnd(): Promise<void> {
    // Nothing to tell: the period end stored in our database is the only record.
  }

  /** There is no hosted portal offline; our own billing page plays its part (docs/decisions/081). */
  async createPortalSession(): Promise<string> {
    return `${this.publicUrl.replace(/\/$/, '')}/billing`;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.signingSecret).update(`setup-intent:${payload}`).digest('hex').slice(0, 32);
  }

  /** The plan of a setup intent this provider issued to this user; anything else is a declined setup. */
  private readSetupIntent(setupIntentId: string, userId: number): PlanType {
    const match = /^seti_test_(\d+)_(monthly|annual)_([0-9a-f]{16})_([0-9a-f]{32})$/.exec(setupIntentId);
    if (!match) throw new PaymentDeclinedError();
    const [, owner, plan, nonce, signature] = match;
    const expected = Buffer.from(this.sign(`${owner}_${plan}_${nonce}`));
    if (!timingSafeEqual(expected, Buffer.from(signature)) || Number(owner) !== userId) throw new PaymentDeclinedError();
    return PLAN_TYPES.find((p) => p === plan) as PlanType;
  }
}
