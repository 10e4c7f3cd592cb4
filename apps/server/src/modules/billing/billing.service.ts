import type { PlanType } from '@farmstand/shared';
import { plusDays } from '@farmstand/shared/format/date-only';
import { toCents } from '@farmstand/shared/format/money';
import type { CreatePaymentIntentRequest, GrantSubscriptionRequest, TestCard } from '@farmstand/shared/schemas/billing';
import { insertAdminLog } from '../../lib/admin-log';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findSubscription, findUserType, insertPayment, type SubscriptionRecord, saveSubscription } from './billing.repository';
import { PaymentDeclinedError, type PaymentProvider } from './payment-provider';
import { effectiveSubscriptionStatus, trialToKeep } from './subscription-status';

/** Paid and not already on its way out: the only state in which a new plan makes no sense. */
function isRunningPaidPlan(row: SubscriptionRecord | undefined, now: Date): boolean {
  return effectiveSubscriptionStatus(row, now) === 'active' && !row?.cancelAtPeriodEnd;
}

export async function getSubscription(ctx: AppContext, userId: number) {
  return findSubscription(ctx.db, userId);
}

export async function createPaymentIntent(
  ctx: AppContext,
  provider: PaymentProvider,
  user: AuthUser,
  input: CreatePaymentIntentRequest,
) {
  const current = await findSubscription(ctx.db, user.id);
  if (isRunningPaidPlan(current, ctx.clock.now())) throw conflict('You already have an active subscription');
  if (input.priceId && input.priceId !== provider.priceIdFor(input.planType)) {
    throw badRequest('That price does not belong to the chosen plan', 'priceId');
  }
  const intent = await provider.createSetupIntent({
    userId: user.id,
    email: user.email,
    customerId: current?.providerCustomerId ?? null,
    planType: input.planType,
  });
  if (intent.customerId !== current?.providerCustomerId) {
    await saveSubscription(ctx.db, user.id, { providerCustomerId: intent.customerId });
  }
  return { client_secret: intent.clientSecret, setup_intent_id: intent.setupIntentId };
}

async function planPriceCents(ctx: AppContext, planType: PlanType): Promise<number> {
  const payment = await ctx.settings.get('payment');
  return toCents(planType === 'annual' ? payment.annual_price : payment.monthly_price);
}

/**
 * Validates the card through the provider, then activates the plan and records the first payment.
 * During the free trial the trial is kept (decision 531): nothing is charged now, the first period
 * ends with the trial and is charged then (the renewal sweep, or Stripe's trial_end).
 */
export async function confirmSubscription(
  ctx: AppContext,
  provider: PaymentProvider,
  user: AuthUser,
  input: { setupIntentId: string; card?: TestCard },
): Promise<SubscriptionRecord> {
  const current = await findSubscription(ctx.db, user.id);
  const now = ctx.clock.now();
  if (isRunningPaidPlan(current, now)) throw conflict('You already have an active subscription');
  const trialEnd = trialToKeep(current, now);
  let started: Awaited<ReturnType<PaymentProvider['startSubscription']>>;
  try {
    started = await provider.startSubscription({
      userId: user.id,
      setupIntentId: input.setupIntentId,
      customerId: current?.providerCustomerId ?? null,
      card: input.card,
      trialEnd,
      now,
    });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new AppError(402, error.message);
    throw error;
  }
  const amountCents = await planPriceCents(ctx, started.planType);
  return ctx.db.transaction(async (tx) => {
    const row = await saveSubscription(tx, user.id, {
      status: 'active',
      planType: started.planType,
      currentPeriodEnd: started.currentPeriodEnd,
      cancelAtPeriodEnd: false,
      providerCustomerId: started.customerId,
      providerSubscriptionId: started.subscriptionId,
      providerPriceId: started.priceId,
      grantedBy: null,
    });
    if (started.paymentRef !== null) {
      await insertPayment(tx, { userId: user.id, amountCents, planType: started.planType, providerRef: started.paymentRef });
    }
    return row;
  });
}

/**
 * Cancelling keeps access until the period ends (spec 01 §1). A complimentary grant without an end
 * has no period to run out, so it ends now (docs/decisions/082).
 */
export async function cancelSubscription(ctx: AppContext, provider: PaymentProvider, userId: number) {
  const current = await findSubscription(ctx.db, userId);
  const now = ctx.clock.now();
  if (effectiveSubscriptionStatus(current, now) !== 'active' || !current) {
    throw badRequest('Only an active subscription can be cancelled');
  }
  if (current.cancelAtPeriodEnd) throw badRequest('Your subscription is already set to cancel at the end of the period');
  if (provider.name === 'stripe' && current.providerSubscriptionId && current.grantedBy === null) {
    await provider.cancelAtPeriodEnd(current.providerSubscriptionId);
  }
  return saveSubscription(ctx.db, userId, {
    cancelAtPeriodEnd: true,
    currentPeriodEnd: current.currentPeriodEnd ?? now,
  });
}

export async function createPortalSession(ctx: AppContext, provider: PaymentProvider, userId: number): Promise<string> {
  const current = await findSubscription(ctx.db, userId);
  const returnUrl = `${ctx.config.publicUrl.replace(/\/$/, '')}/billing`;
  if (provider.name === 'test') return provider.createPortalSession('', returnUrl);
  if (!current?.providerCustomerId) throw badRequest('There is no billing account yet. Choose a plan first.');
  return provider.createPortalSession(current.providerCustomerId, returnUrl);
}

/** When the producer's access ends as things stand: a date, 'never', or null when there is none now. */
export function accessEndsAt(row: SubscriptionRecord | undefined, now: Date): Date | 'never' | null {
  const status = effectiveSubscriptionStatus(row, now);
  if (status === 'trialing') return row?.trialEndsAt ?? 'never';
  if (status === 'active') return row?.currentPeriodEnd ?? 'never';
  return null;
}

/**
 * Spec 02: an admin gives a producer a subscription for some days, or forever with 0 days. A grant
 * never ends access earlier than it would have ended: access runs until the later of now + days and
 * the current end (a trial's or a period's), so 7 days granted during a 30-day trial keep the 30
 * (decision 370).
 */
export async function grantSubscription(ctx: AppContext, adminId: number, input: GrantSubscriptionRequest) {
  const userType = await findUserType(ctx.db, input.userId);
  if (!userType) throw notFound('User not found');
  if (userType !== 'producer') throw badRequest('Only producer accounts have subscriptions', 'userId');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const currentEnd = accessEndsAt(await findSubscription(tx, input.userId), now);
    const granted = plusDays(now, input.days);
    let currentPeriodEnd: Date | null;
    if (input.days === 0 || currentEnd === 'never') currentPeriodEnd = null;
    else currentPeriodEnd = currentEnd && currentEnd > granted ? currentEnd : granted;
    const row = await saveSubscription(tx, input.userId, {
      status: 'active',
      planType: input.planType,
      currentPeriodEnd,
      cancelAtPeriodEnd: false,
      grantedBy: adminId,
    });
    await insertAdminLog(tx, {
      adminId,
      action: 'grant_subscription',
      targetType: 'user',
      targetId: String(input.userId),
      details: { days: input.days, planType: input.planType, currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null },
    });
    return row;
  });
}
