import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import type { TestProducer } from '../../test/listing-factories';
import {
  advanceHours,
  eggs,
  orderPayload,
  placeOrder,
  setUpMarket,
  useTestClock,
  WEDNESDAY_NOON,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { runStandingOrders } from '../standing/standing.sweep';

/**
 * The benefits a shopper tells the farm they plan to pay with, for one order (decision 516), on the
 * Saturday market of `setUpMarket` in Lexington, KY (pickup Saturday 8 June 2030; the clock starts
 * Wednesday 5 June at noon). Only the order's shopper, its farm and admins see them.
 */
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const get = (url: string, user: TestUser) => app.inject({ method: 'GET', url, headers: bearer(user) });
const put = (url: string, user: TestUser, payload: object) => app.inject({ method: 'PUT', url, headers: bearer(user), payload });

type Farm = TestProducer & { pointId: number };

/** A KY farm selling eggs, taking what `takes` says (SNAP verified by the admin when `snapVerified`). */
async function farmTaking(takes: { wicEndsOn?: string; snapVerified?: boolean } = {}) {
  const farm = await setUpMarket(app, {}, { farmName: 'Bluegrass Acres' });
  const egg = await eggs(app, farm, { stockQuantity: 20 });
  const saved = await put('/api/benefits/mine', farm, {
    fns_number: '1234567',
    wic_fmnp: { accepted: takes.wicEndsOn !== undefined, expires_on: takes.wicEndsOn ?? null },
    senior_fmnp: { accepted: false, expires_on: null },
    incentive_market: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (takes.snapVerified) {
    const verified = await app.inject({
      method: 'POST',
      url: `/api/admin/benefits/${farm.id}/review`,
      headers: bearer(admin),
      payload: { approve: true, note: null },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  return { farm, egg };
}

const place = (farm: Farm, shopper: TestUser, productId: number, extra: Record<string, unknown> = {}) =>
  placeOrder(app, shopper, orderPayload(farm, [{ productId, quantity: 1 }], extra));

const plannedIn = (orders: { id: number; planned_benefits: string[] }[], id: number) =>
  orders.find((o) => o.id === id)?.planned_benefits;

describe('benefits a shopper plans to pay an order with', () => {
  it('are stored on the order and shown to its farm, its shopper and admins, in the programmes’ order', async () => {
    const { farm, egg } = await farmTaking({ snapVerified: true, wicEndsOn: '2030-10-31' });
    const shopper = await buildUser(app);

    const placed = await place(farm, shopper, egg, { plannedBenefits: ['wic_fmnp', 'snap'] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.planned_benefits).toEqual(['snap', 'wic_fmnp']);

    // The farm: the order itself, its received list, and the pickup day (once accepted).
    expect((await get(`/api/orders/${order.id}`, farm)).json().order.planned_benefits).toEqual(['snap', 'wic_fmnp']);
    expect(plannedIn((await get('/api/orders/received', farm)).json().orders, order.id)).toEqual(['snap', 'wic_fmnp']);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/transitions`,
      headers: bearer(farm),
      payload: { to: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(plannedIn((await get('/api/orders/days?date=2030-06-08', farm)).json().orders, order.id)).toEqual([
      'snap',
      'wic_fmnp',
    ]);

    // The shopper, on the order and in their list; and an admin looking on.
    expect((await get(`/api/orders/${order.id}`, shopper)).json().order.planned_benefits).toEqual(['snap', 'wic_fmnp']);
    expect(plannedIn((await get('/api/orders/mine', shopper)).json().orders, order.id)).toEqual(['snap', 'wic_fmnp']);
    expect((await get(`/api/orders/${order.id}`, admin)).json().order.planned_benefits).toEqual(['snap', 'wic_fmnp']);

    // Another farm cannot see the order at all (the order's own rule).
    const { farm: otherFarm } = await farmTaking();
    expect((await get(`/api/orders/${order.id}`, otherFarm)).statusCode).toBe(404);
  });

  it('needs no saved benefits, and an order placed without any has none', async () => {
    const { farm, egg } = await farmTaking({ snapVerified: true });
    const shopper = await buildUser(app);
    expect((await get('/api/benefits/me', shopper)).json().uses).toEqual([]);

    const withSnap = await place(farm, shopper, egg, { plannedBenefits: ['snap'] });
    expect(withSnap.statusCode, withSnap.body).toBe(201);
    expect(withSnap.json().order.planned_benefits).toEqual(['snap']);
    // The choice was for that order only: nothing was saved for the shopper.
    expect((await get('/api/benefits/me', shopper)).json().uses).toEqual([]);

    const other = await buildUser(app);
    const without = await place(farm, other, egg);
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json().order.planned_benefits).toEqual([]);
    expect((await get(`/api/orders/${without.json().order.id}`, farm)).json().order.planned_benefits).toEqual([]);

    const emptyList = await place(farm, await buildUser(app), egg, { plannedBenefits: [] });
    expect(emptyList.statusCode, emptyList.body).toBe(201);
    expect(emptyList.json().order.planned_benefits).toEqual([]);
  });

  it('are refused, naming the benefit, when the farm does not take it on the pickup day', async () => {
    // SNAP waits for the admin (not verified); the WIC authorisation ends Thursday, before Saturday's pickup.
    const { farm, egg } = await farmTaking({ wicEndsOn: '2030-06-06' });
    const shopper = await buildUser(app);

    const snap = await place(farm, shopper, egg, { plannedBenefits: ['snap'] });
    expect(snap.statusCode, snap.body).toBe(400);
    expect(snap.json().message).toBe(
      `Bluegrass Acres does not take SNAP/EBT for a pickup on Saturday, June 8; untick it to place your reservation`,
    );

    // The farm takes WIC FMNP today (Wednesday), not on the pickup day.
    expect((await app.inject({ method: 'GET', url: `/api/benefits/producers/${farm.id}` })).json().takes).toEqual(['wic_fmnp']);
    const wic = await place(farm, shopper, egg, { plannedBenefits: ['wic_fmnp'] });
    expect(wic.statusCode, wic.body).toBe(400);
    expect(wic.json().message).toContain('does not take WIC FMNP coupons for a pickup on Saturday, June 8');

    // Nothing was placed.
    expect((await get('/api/orders/mine', shopper)).json().orders).toEqual([]);
  });

  it('are told to the farm in its new-order mail and in the digest of the orders after it', async () => {
    const { farm, egg } = await farmTaking({ snapVerified: true, wicEndsOn: '2030-10-31' });
    const first = await place(farm, await buildUser(app), egg, { plannedBenefits: ['snap', 'wic_fmnp'] });
    expect(first.statusCode, first.body).toBe(201);
    // The next orders of the mail period wait for the digest: one with a benefit, one without.
    const second = await place(farm, await buildUser(app), egg, { plannedBenefits: ['wic_fmnp'] });
    const third = await place(farm, await buildUser(app), egg);
    expect([second.statusCode, third.statusCode]).toEqual([201, 201]);

    // (The farm's other mail, "your SNAP retailer number is verified", is left out.)
    const mailsToFarm = async () =>
      (
        await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, farm.email)).orderBy(asc(emailOutbox.id))
      ).filter((mail) => / order/.test(mail.subject));
    const [newOrder] = await mailsToFarm();
    expect(newOrder.subject).toBe(`New order #${first.json().order.id} for Sat, Jun 8, 9:00 AM`);
    expect(newOrder.body).toContain('Plans to pay with SNAP/EBT and WIC FMNP coupons.');

    const { SCHEDULED_JOBS } = await import('../../jobs/sweep');
    await SCHEDULED_JOBS['order-mail-digests'](app.ctx, new Date(WEDNESDAY_NOON.getTime() + 16 * 60_000));
    const digest = (await mailsToFarm())[1];
    expect(digest.subject).toBe('2 new orders on Farmstand');
    const lines = digest.body.split('\n');
    const lineOf = (id: number) => lines.find((line) => line.includes(`Order #${id} `));
    expect(lineOf(second.json().order.id)).toMatch(/, \$[\d.]+\. Plans to pay with WIC FMNP coupons\.$/);
    expect(lineOf(third.json().order.id)).not.toContain('Plans to pay');
  });

  it('repeat with a standing reservation: each week’s order carries those the farm takes that day, and says which it left out', async () => {
    // WIC FMNP is authorised through Wednesday 12 June: the first Saturday (8 June) takes it, the second does not.
    const { farm, egg } = await farmTaking({ snapVerified: true, wicEndsOn: '2030-06-12' });
    const shopper = await buildUser(app);
    const first = await place(farm, shopper, egg, { plannedBenefits: ['snap', 'wic_fmnp'] });
    expect(first.statusCode, first.body).toBe(201);

    // Repeating the order without naming benefits keeps the order's own.
    const made = await app.inject({
      method: 'POST',
      url: '/api/standing',
      headers: bearer(shopper),
      payload: { ...orderPayload(farm, [{ productId: egg, quantity: 1 }]), everyWeeks: 1, fromOrderId: first.json().order.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const standing = made.json().standing;
    expect(standing.planned_benefits).toEqual(['snap', 'wic_fmnp']);
    expect((await get('/api/standing/received', farm)).json().standing[0].planned_benefits).toEqual(['snap', 'wic_fmnp']);

    advanceHours(8 * 24 - 3); // Thursday 13 June, 9:00 EDT: the 15 June order is placed
    await runStandingOrders(app.ctx, app.ctx.clock.now());
    const [week2] = (await app.ctx.db.select().from(orders).where(eq(orders.standingId, standing.id))).filter(
      (o) => o.windowDate === '2030-06-15',
    );
    expect(week2.plannedBenefits).toEqual(['snap']);
    expect(week2.note).toContain('Left out this week: WIC FMNP coupons (not taken for this pickup)');
    const told = (await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email))).find((m) =>
      m.subject.includes('a planned benefit left out'),
    );
    expect(told?.body).toContain('- WIC FMNP coupons (not taken for this pickup)');

    // The shopper can change them: a benefit the farm does not take is refused, none is fine.
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/standing/${standing.id}`, headers: bearer(shopper), payload });
    const senior = await patch({ plannedBenefits: ['senior_fmnp'] });
    expect(senior.statusCode, senior.body).toBe(400);
    expect(senior.json().message).toContain('does not take Senior FMNP coupons for a pickup on Saturday, June 15');
    // Judged for the next pickup (15 June), not today: WIC FMNP ended on 12 June.
    const wic = await patch({ plannedBenefits: ['snap', 'wic_fmnp'] });
    expect(wic.statusCode, wic.body).toBe(400);
    expect(wic.json().message).toContain('does not take WIC FMNP coupons for a pickup on Saturday, June 15');
    const none = await patch({ plannedBenefits: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().standing.planned_benefits).toEqual([]);
    // Another account cannot change them.
    const stranger = await app.inject({
      method: 'PATCH',
      url: `/api/standing/${standing.id}`,
      headers: bearer(await buildUser(app)),
      payload: { plannedBenefits: ['snap'] },
    });
    expect(stranger.statusCode).toBe(404);

    // Named outright, a benefit the farm does not take on the first pickup day is refused.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/standing',
      headers: bearer(await buildUser(app)),
      payload: {
        ...orderPayload(farm, [{ productId: egg, quantity: 1 }], { startsAt: '2030-06-22T13:00:00.000Z' }),
        everyWeeks: 1,
        plannedBenefits: ['senior_fmnp'],
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain('does not take Senior FMNP coupons for a pickup on Saturday, June 22');
  });

  it('refuse values that are not benefits with a 400 a person can act on, never a 500', async () => {
    const { farm, egg } = await farmTaking({ snapVerified: true });
    const shopper = await buildUser(app);
    const cases: [unknown, string][] = [
      [['ebt'], 'Each planned benefit must be one of: snap, wic_fmnp, senior_fmnp'],
      [['snap', 'snap'], 'Choose each planned benefit once'],
      ['snap', 'Planned benefits must be a list of benefits (snap, wic_fmnp, senior_fmnp)'],
      [null, 'Planned benefits must be a list of benefits (snap, wic_fmnp, senior_fmnp)'],
      [[1], 'Each planned benefit must be one of: snap, wic_fmnp, senior_fmnp'],
    ];
    for (const [value, message] of cases) {
      const answer = await place(farm, shopper, egg, { plannedBenefits: value });
      expect(answer.statusCode, `${JSON.stringify(value)}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toContain(message);
    }
  });
});
