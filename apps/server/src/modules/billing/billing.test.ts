import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs, payments, subscriptions } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp, testConfig } from '../../test/test-app';
import { createPaymentProvider } from './providers';
import { isExpired, passesLuhn, TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from './test-provider';

const WEBHOOK_SECRET = 'whsec_test_secret_for_billing_tests';
const DAY_MS = 86_400_000;
const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  zip: '40502',
};

let app: TestApp;
let admin: TestUser;
let consumer: TestUser;

beforeAll(async () => {
  app = await buildTestApp({ stripe: { webhookSecret: WEBHOOK_SECRET } });
  admin = await buildUser(app, { userType: 'admin' });
  consumer = await buildUser(app, { userType: 'consumer' });
});
afterAll(async () => app.closeAll());

const call = (method: 'GET' | 'POST', url: string, user?: { token: string }, payload?: object) =>
  app.inject({ method, url: `/api/stripe${url}`, headers: user ? bearer(user) : {}, payload });

const setSubscription = (userId: number, values: Partial<typeof subscriptions.$inferInsert>) =>
  app.ctx.db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));

/** Opens a setup intent and confirms it with a card (null: no card at all). */
async function subscribe(user: TestUser, planType: 'monthly' | 'annual', card: typeof GOOD_CARD | null = GOOD_CARD) {
  const intent = await call('POST', '/create-payment-intent', user, { planType });
  expect(intent.statusCode).toBe(200);
  return call('POST', '/confirm-subscription', user, { setupIntentId: intent.json().setup_intent_id, card: card ?? undefined });
}

describe('test provider card checks', () => {
  it('accepts Luhn-valid numbers only and expires cards after their month', () => {
    expect(passesLuhn(TEST_CARD_SUCCESS)).toBe(true);
    expect(passesLuhn(TEST_CARD_DECLINED)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    const june2030 = new Date(Date.UTC(2030, 5, 15));
    expect(isExpired({ exp_month: 6, exp_year: 30 }, june2030)).toBe(false);
    expect(isExpired({ exp_month: 5, exp_year: 2030 }, june2030)).toBe(true);
  });
});

describe('provider choice', () => {
  it('uses Stripe with its configured price ids when a secret key is set, else the test provider', () => {
    const stripe = createPaymentProvider(
      testConfig({
        stripe: { secretKey: 'sk_test_123', publishableKey: 'pk_test_123', priceMonthly: 'price_m', priceAnnual: 'price_a' },
      }),
    );
    expect([stripe.name, stripe.publishableKey, stripe.priceIdFor('monthly'), stripe.priceIdFor('annual')]).toEqual([
      'stripe',
      'pk_test_123',
      'price_m',
      'price_a',
    ]);
    expect(createPaymentProvider(testConfig()).name).toBe('test');
  });
});

describe('subscription status', () => {
  it('reports a running trial with the days left', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const res = await call('GET', '/subscription-status', producer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasSubscription: true,
      status: 'trialing',
      trial_days_remaining: 30,
      cancel_at_period_end: false,
      plan_type: null,
      stripe_customer_id: null,
      provider: 'test',
    });
  });

  it('counts a trial past its end as none', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    await setSubscription(producer.id, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    expect((await call('GET', '/subscription-status', producer)).json()).toMatchObject({
      hasSubscription: false,
      status: 'none',
      trial_days_remaining: 0,
    });
  });

  it('refuses guests (401) and non-producers (403)', async () => {
    expect((await call('GET', '/subscription-status')).statusCode).toBe(401);
    const res = await call('GET', '/subscription-status', consumer);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    expect((await call('GET', '/subscription-status', admin)).statusCode).toBe(403);
    for (const url of ['/create-payment-intent', '/confirm-subscription', '/cancel-subscription', '/create-portal-session']) {
      expect((await call('POST', url, undefined, {})).statusCode).toBe(401);
      expect((await call('POST', url, consumer, {})).statusCode).toBe(403);
    }
  });
});

describe('subscribing with the test provider', () => {
  it('activates the annual plan with the success card and records the payment', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    // After the trial a plan is charged at once (during it, see subscribe-in-trial.test.ts).
    await setSubscription(producer.id, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    const intent = await call('POST', '/create-payment-intent', producer, { planType: 'annual' });
    expect(intent.statusCode).toBe(200);
    const { client_secret, setup_intent_id } = intent.json();
    expect(setup_intent_id).toMatch(/^seti_test_/);
    expect(client_secret).toContain(`${setup_intent_id}_secret_`);

    const confirmed = await call('POST', '/confirm-subscription', producer, { setupIntentId: setup_intent_id, card: GOOD_CARD });
    expect(confirmed.statusCode).toBe(200);
    const sub = confirmed.json().subscription;
    expect(sub).toMatchObject({
      status: 'active',
      plan_type: 'annual',
      stripe_price_id: 'price_test_annual',
      cancel_at_period_end: false,
    });
    const periodDays = (Date.parse(sub.current_period_end) - Date.now()) / DAY_MS;
    expect(periodDays).toBeGreaterThan(364);
    expect(periodDays).toBeLessThan(367);

    const rows = await app.ctx.db.select().from(payments).where(eq(payments.userId, producer.id));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 10_000, planType: 'annual' })]);
    expect(JSON.stringify(rows)).not.toContain('4242');
    expect((await call('GET', '/subscription-status', producer)).json()).toMatchObject({
      status: 'active',
      hasSubscription: true,
    });

    // A running paid plan cannot be bought twice.
    expect((await call('POST', '/create-payment-intent', producer, { planType: 'monthly' })).statusCode).toBe(409);
  });

  it('bills a month for the monthly plan', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    await setSubscription(producer.id, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    const res = await subscribe(producer, 'monthly');
    expect(res.statusCode).toBe(200);
    const periodDays = (Date.parse(res.json().subscription.current_period_end) - Date.now()) / DAY_MS;
    expect(periodDays).toBeGreaterThan(27);
    expect(periodDays).toBeLessThan(32);
    const [row] = await app.ctx.db.select().from(payments).where(eq(payments.userId, producer.id));
    expect(row.amountCents).toBe(1_000);
  });

  it('declines the decline card, bad numbers, expired cards and missing cards with 402, saying what happened and what to do', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const cards = [
      [{ ...GOOD_CARD, number: '4000 0000 0000 0002' }, 'Your card was declined. Try another card or contact your bank.'],
      [{ ...GOOD_CARD, number: '4242 4242 4242 4241' }, 'That card number is not valid. Check the number, or try another card.'],
      [{ ...GOOD_CARD, exp_year: 2020 }, 'This card has expired. Check the expiry date or use another card.'],
      [null, 'Enter your card details to subscribe.'],
    ] as const;
    for (const [card, message] of cards) {
      const res = await subscribe(producer, 'annual', card);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message });
    }
    expect((await call('GET', '/subscription-status', producer)).json().status).toBe('trialing');
    expect(await app.ctx.db.select().from(payments).where(eq(payments.userId, producer.id))).toEqual([]);
  });

  it('refuses a setup intent issued to someone else, a forged one and a foreign price id', async () => {
    const owner = await buildUser(app, { userType: 'producer' });
    const thief = await buildUser(app, { userType: 'producer' });
    const intent = (await call('POST', '/create-payment-intent', owner, { planType: 'annual' })).json();
    const stolen = await call('POST', '/confirm-subscription', thief, { setupIntentId: intent.setup_intent_id, card: GOOD_CARD });
    expect(stolen.statusCode).toBe(402);
    const forged = intent.setup_intent_id.replace('_annual_', '_monthly_');
    expect((await call('POST', '/confirm-subscription', owner, { setupIntentId: forged, card: GOOD_CARD })).statusCode).toBe(402);
    const wrongPrice = await call('POST', '/create-payment-intent', owner, { planType: 'annual', priceId: 'price_test_monthly' });
    expect(wrongPrice.statusCode).toBe(400);
    const badPlan = await call('POST', '/create-payment-intent', owner, { planType: 'weekly' });
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.json().message).toMatch(/plan/i);
  });
});

describe('cancelling', () => {
  it('only cancels an active subscription, once, and keeps access until the period ends', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const trialCancel = await call('POST', '/cancel-subscription', producer);
    expect(trialCancel.statusCode).toBe(400);
    expect(trialCancel.json().message).toBeTruthy();

    await subscribe(producer, 'monthly');
    const cancelled = await call('POST', '/cancel-subscription', producer);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect((await call('GET', '/subscription-status', producer)).json()).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect((await call('POST', '/cancel-subscription', producer)).statusCode).toBe(400);

    await setSubscription(producer.id, { currentPeriodEnd: new Date(Date.now() - 1000) });
    expect((await call('GET', '/subscription-status', producer)).json()).toMatchObject({
      status: 'canceled',
      hasSubscription: true,
    });
    expect((await call('POST', '/cancel-subscription', producer)).statusCode).toBe(400);
    // After the period a new plan can be bought again.
    expect((await subscribe(producer, 'annual')).statusCode).toBe(200);
  });
});

describe('billing portal', () => {
  it('sends test-provider users to our own billing page', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const res = await call('POST', '/create-portal-session', producer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:3000/billing' });
  });
});

describe('admin grant', () => {
  it('is for admins only and refuses non-producers and unknown users', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const body = { userId: producer.id, days: 10, planType: 'monthly' };
    expect((await call('POST', '/admin/grant-subscription', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/admin/grant-subscription', producer, body)).statusCode).toBe(403);
    expect((await call('POST', '/admin/grant-subscription', consumer, body)).statusCode).toBe(403);
    expect((await call('POST', '/admin/grant-subscription', admin, { ...body, userId: consumer.id })).statusCode).toBe(400);
    expect((await call('POST', '/admin/grant-subscription', admin, { ...body, userId: 999_999 })).statusCode).toBe(404);
    expect((await call('POST', '/admin/grant-subscription', admin, { ...body, days: -1 })).statusCode).toBe(400);
  });

  it('grants for a number of days (30 by default), or forever with 0, and logs it', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    const byDefault = await call('POST', '/admin/grant-subscription', admin, { userId: producer.id });
    expect(byDefault.statusCode).toBe(200);
    const sub = byDefault.json().subscription;
    expect(sub).toMatchObject({ status: 'active', plan_type: 'monthly', granted: true });
    expect(Math.round((Date.parse(sub.current_period_end) - Date.now()) / DAY_MS)).toBe(30);

    const forever = await call('POST', '/admin/grant-subscription', admin, { userId: producer.id, days: 0, planType: 'annual' });
    expect(forever.json().subscription).toMatchObject({ status: 'active', plan_type: 'annual', current_period_end: null });
    const [row] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, producer.id));
    expect(row.grantedBy).toBe(admin.id);

    const logs = await app.ctx.db
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.action, 'grant_subscription'), eq(adminLogs.targetId, String(producer.id))));
    expect(logs).toHaveLength(2);
    expect(logs.map((log) => log.adminId)).toEqual([admin.id, admin.id]);

    // A grant without end has no period to run out: cancelling ends it now.
    expect((await call('POST', '/cancel-subscription', producer)).statusCode).toBe(200);
    expect((await call('GET', '/subscription-status', producer)).json().status).toBe('canceled');
  });
});

describe('stripe webhook', () => {
  const stripe = new Stripe('sk_test_unused');
  const send = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const event = (type: string, object: object) => JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });

  it('rejects a missing or bad signature with 400', async () => {
    const payload = event('invoice.paid', { customer: 'cus_x' });
    expect((await send(payload)).statusCode).toBe(400);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const res = await send(payload, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
  });

  it('extends the period on invoice.paid, marks past_due on a failed payment and cancels on deletion', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    await subscribe(producer, 'monthly');
    const [row] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, producer.id));
    const customer = row.providerCustomerId as string;
    const periodEnd = Math.floor(Date.now() / 1000) + (60 * DAY_MS) / 1000;

    const paid = event('invoice.paid', {
      id: 'in_renewal_1',
      object: 'invoice',
      customer,
      amount_paid: 1000,
      period_end: Math.floor(Date.now() / 1000),
      lines: { data: [{ period: { end: periodEnd } }] },
    });
    expect((await send(paid, signed(paid))).statusCode).toBe(200);
    expect((await send(paid, signed(paid))).statusCode).toBe(200);
    const status = (await call('GET', '/subscription-status', producer)).json();
    expect(Date.parse(status.current_period_end)).toBe(periodEnd * 1000);
    const rows = await app.ctx.db.select().from(payments).where(eq(payments.userId, producer.id));
    expect(rows.filter((p) => p.providerRef === 'in_renewal_1')).toHaveLength(1);

    const failed = event('invoice.payment_failed', { id: 'in_2', object: 'invoice', customer });
    expect((await send(failed, signed(failed))).statusCode).toBe(200);
    expect((await call('GET', '/subscription-status', producer)).json().status).toBe('past_due');

    const deleted = event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription', customer });
    expect((await send(deleted, signed(deleted))).statusCode).toBe(200);
    expect((await call('GET', '/subscription-status', producer)).json().status).toBe('canceled');
  });

  it('is not there when no webhook secret is configured', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.closeAll();
    }
  });
});
