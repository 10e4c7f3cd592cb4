import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, payments, subscriptions } from '../../db/schema';
import { ManualClock } from '../../jobs/clock';
import { runSubscriptions } from '../../jobs/subscriptions';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { subscriptionParams } from './stripe-provider';

/**
 * A plan chosen during the free trial keeps the trial (issue 44, decision 531): the card is checked
 * but not charged, the first period ends with the trial and is charged then; a cancellation before
 * then charges nothing.
 */

const WEBHOOK_SECRET = 'whsec_subscribe_in_trial';
const DAY_MS = 86_400_000;
const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  zip: '40502',
};

let app: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  app = await buildTestApp({ stripe: { webhookSecret: WEBHOOK_SECRET } });
  clock = new ManualClock(new Date());
  app.ctx.clock = clock;
});
afterAll(async () => app.closeAll());

const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  app.inject({ method, url: `/api/stripe${url}`, headers: user ? bearer(user) : {}, payload });

async function subscribe(user: TestUser, planType: 'monthly' | 'annual') {
  const intent = await call('POST', '/create-payment-intent', user, { planType });
  return call('POST', '/confirm-subscription', user, { setupIntentId: intent.json().setup_intent_id, card: GOOD_CARD });
}

const subscriptionOf = async (userId: number) =>
  (await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const paymentsOf = (userId: number) => app.ctx.db.select().from(payments).where(eq(payments.userId, userId));

describe('subscribing during the free trial', () => {
  it('charges nothing now, keeps every trial day and takes the first $10 when the trial ends, renewing a month after it', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const trialEnd = (await subscriptionOf(producer.id)).trialEndsAt as Date;
    expect(Math.round((trialEnd.getTime() - Date.now()) / DAY_MS)).toBe(30);

    const res = await subscribe(producer, 'monthly');
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      status: 'active',
      plan_type: 'monthly',
      current_period_end: trialEnd.toISOString(),
      trial_ends_at: trialEnd.toISOString(),
      first_charge_at: trialEnd.toISOString(),
    });
    expect(await paymentsOf(producer.id)).toEqual([]);

    // The day before the trial ends: still nothing charged.
    clock.set(new Date(trialEnd.getTime() - DAY_MS));
    await runSubscriptions(app.ctx, clock.now());
    expect(await paymentsOf(producer.id)).toEqual([]);

    // The trial's end: the first charge, and the next one a month after the trial's end, not after the day of subscribing.
    clock.set(new Date(trialEnd.getTime() + 60_000));
    await runSubscriptions(app.ctx, clock.now());
    expect((await paymentsOf(producer.id)).map((p) => p.amountCents)).toEqual([1000]);
    const after = await subscriptionOf(producer.id);
    const expected = new Date(trialEnd);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(after.currentPeriodEnd?.toISOString()).toBe(expected.toISOString());
    expect(after.status).toBe('active');
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, producer.email));
    expect(mails.map((m) => m.subject)).toContain('Your plan has started');
    clock.set(new Date());
  });

  it('cancelled before the trial ends, it ends with the trial and is never charged; a new plan then keeps the trial again', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const trialEnd = (await subscriptionOf(producer.id)).trialEndsAt as Date;
    await subscribe(producer, 'annual');
    const cancelled = await call('POST', '/cancel-subscription', producer);
    expect(cancelled.json().subscription).toMatchObject({
      cancel_at_period_end: true,
      current_period_end: trialEnd.toISOString(),
    });

    const again = await subscribe(producer, 'monthly');
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription).toMatchObject({ plan_type: 'monthly', first_charge_at: trialEnd.toISOString() });
    expect(await paymentsOf(producer.id)).toEqual([]);

    await call('POST', '/cancel-subscription', producer);
    clock.set(new Date(trialEnd.getTime() + 60_000));
    await runSubscriptions(app.ctx, clock.now());
    expect((await subscriptionOf(producer.id)).status).toBe('canceled');
    expect(await paymentsOf(producer.id)).toEqual([]);
    clock.set(new Date());
  });

  it('after the trial has ended, charges at once for a full period, with no first charge left to announce', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    await app.ctx.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(subscriptions.userId, producer.id));
    const res = await subscribe(producer, 'monthly');
    expect(res.json().subscription.first_charge_at).toBeNull();
    expect((await paymentsOf(producer.id)).map((p) => p.amountCents)).toEqual([1000]);
  });

  it('asks Stripe for trial_end at the trial’s end during the trial, and for none after it', () => {
    const trialEnd = new Date('2027-01-05T12:00:00.000Z');
    expect(subscriptionParams({ userId: 7, trialEnd }, 'cus_1', 'price_m', 'pm_1', 'monthly')).toMatchObject({
      customer: 'cus_1',
      items: [{ price: 'price_m' }],
      default_payment_method: 'pm_1',
      trial_end: Math.floor(trialEnd.getTime() / 1000),
    });
    expect(subscriptionParams({ userId: 7, trialEnd: null }, 'cus_1', 'price_m', 'pm_1', 'monthly')).not.toHaveProperty(
      'trial_end',
    );
  });

  it("records no payment for Stripe's $0 trial invoice, and keeps the first charge on the trial's end", async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const trialEnd = (await subscriptionOf(producer.id)).trialEndsAt as Date;
    await subscribe(producer, 'monthly');
    const customer = (await subscriptionOf(producer.id)).providerCustomerId as string;
    const stripe = new Stripe('sk_test_unused');
    const payload = JSON.stringify({
      id: 'evt_trial_invoice',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_trial_0',
          object: 'invoice',
          customer,
          amount_paid: 0,
          period_end: Math.floor(Date.now() / 1000),
          lines: { data: [{ period: { end: Math.floor(trialEnd.getTime() / 1000) } }] },
        },
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(producer.id)).toEqual([]);
    expect((await call('GET', '/subscription-status', producer)).json().first_charge_at).toBe(trialEnd.toISOString());
  });
});
