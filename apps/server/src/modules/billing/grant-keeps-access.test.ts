import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => app.closeAll());

const grant = (userId: number, days: number) =>
  app.inject({
    method: 'POST',
    url: '/api/stripe/admin/grant-subscription',
    headers: bearer(admin),
    payload: { userId, days, planType: 'monthly' },
  });
const daysLeft = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / DAY_MS);

async function producerOnTrial(daysOfTrial: number) {
  const producer = await buildUser(app, { userType: 'producer' });
  const trialEndsAt = new Date(Date.now() + daysOfTrial * DAY_MS);
  await app.ctx.db
    .insert(subscriptions)
    .values({ userId: producer.id, status: 'trialing', trialEndsAt })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { status: 'trialing', trialEndsAt } });
  return producer;
}

describe('granting a subscription never shortens access', () => {
  it('keeps the end of a longer trial', async () => {
    const producer = await producerOnTrial(30);
    const res = await grant(producer.id, 7);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'active', granted: true });
    expect(daysLeft(res.json().subscription.current_period_end)).toBe(30);
  });

  it('gives the granted days when they reach further than the trial', async () => {
    const producer = await producerOnTrial(3);
    expect(daysLeft((await grant(producer.id, 20)).json().subscription.current_period_end)).toBe(20);
  });

  it('counts from today once the trial has ended', async () => {
    const producer = await producerOnTrial(-5);
    expect(daysLeft((await grant(producer.id, 7)).json().subscription.current_period_end)).toBe(7);
  });

  it('keeps a grant without end', async () => {
    const producer = await producerOnTrial(3);
    await grant(producer.id, 0);
    expect((await grant(producer.id, 7)).json().subscription.current_period_end).toBeNull();
  });
});

describe("the admin's view of a producer's subscription", () => {
  it('shows the trial and when it ends, to admins only', async () => {
    const producer = await producerOnTrial(30);
    const url = `/api/stripe/admin/subscription/${producer.id}`;
    const res = await app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'trialing', trial_days_remaining: 30 });
    expect((await app.inject({ method: 'GET', url, headers: bearer(producer) })).statusCode).toBe(403);
    const [row] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, producer.id));
    expect(row.status).toBe('trialing');
  });
});
