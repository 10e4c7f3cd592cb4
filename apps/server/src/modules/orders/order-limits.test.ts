import { ORDER_LIMITS } from '@farmstand/shared/schemas/orders';
import { PICKUP_LIMITS } from '@farmstand/shared/schemas/pickup';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, orders, pickupPoints } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/listing-factories';
import {
  advanceHours,
  eggs,
  marketPoint,
  move,
  orderPayload,
  placeOrder,
  SATURDAY_9AM,
  setUpMarket,
  useTestClock,
  WEDNESDAY_NOON,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let shopper: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  shopper = await buildUser(app);
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const waitFor = (condition: () => Promise<boolean>) =>
  vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: 10_000, interval: 100 });

const mailsTo = async (to: string) => app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const ordersOf = async (producerUserId: number) =>
  app.ctx.db.select().from(orders).where(eq(orders.producerUserId, producerUserId));

/** The next three Saturdays at the market of `setUpMarket` (its horizon is 21 days). */
const SATURDAYS = [SATURDAY_9AM, '2030-06-15T13:00:00.000Z', '2030-06-22T13:00:00.000Z'];

describe('open orders per shopper', () => {
  it('takes at most 3 open orders from one shopper at one farm, then refuses with 409 and why; others still order', async () => {
    const producer = await setUpMarket(app);
    const sunday = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: marketPoint({ name: 'Farm stand', kind: 'farm', schedule: [{ weekday: 0, start: '10:00', end: '12:00' }] }),
    });
    expect(sunday.statusCode).toBe(201);
    const egg = await eggs(app, producer, { stockQuantity: null });
    const line = [{ productId: egg, quantity: 1 }];
    const [flooder, neighbour] = [await buildUser(app), await buildUser(app)];
    const ids: number[] = [];
    for (const startsAt of SATURDAYS) {
      const res = await placeOrder(app, flooder, orderPayload(producer, line, { startsAt }));
      expect(res.statusCode).toBe(201);
      ids.push(res.json().order.id);
    }
    const sundayOrder = { pointId: sunday.json().point.id, startsAt: '2030-06-09T14:00:00.000Z' };
    const fourth = await placeOrder(app, flooder, orderPayload(producer, line, sundayOrder));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      `You already have 3 open orders with Farm ${producer.id}. Pick one up or cancel one before reserving again, or message the farm`,
    );
    expect(ORDER_LIMITS.openPerShopperPerFarm).toBe(3);
    expect((await placeOrder(app, neighbour, orderPayload(producer, line, sundayOrder))).statusCode).toBe(201);

    // A finished order frees its place: cancelled (or picked up, declined, expired) no longer counts.
    expect((await move(app, flooder, ids[0], 'cancelled')).statusCode).toBe(200);
    expect((await placeOrder(app, flooder, orderPayload(producer, line, sundayOrder))).statusCode).toBe(201);
    expect(await ordersOf(producer.id)).toHaveLength(5);
  });

  it('holds the limit for parallel requests of one shopper too', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: null });
    const flooder = await buildUser(app);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        placeOrder(app, flooder, orderPayload(producer, [{ productId: egg, quantity: 1 }], { startsAt: SATURDAYS[i % 3] })),
      ),
    );
    // One per window, three windows: three orders, whichever requests came first.
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const placed = results.filter((r) => r.statusCode === 201).map((r) => r.json().order.window.starts_at);
    expect(placed.sort()).toEqual(SATURDAYS);
  });

  it('lets one account take one place of a capped window, so the others stay for other shoppers', async () => {
    const producer = await setUpMarket(app, { cap_per_window: 4 });
    const egg = await eggs(app, producer, { stockQuantity: null });
    const line = [{ productId: egg, quantity: 1 }];
    const flooder = await buildUser(app);
    const tries = await Promise.all(Array.from({ length: 6 }, () => placeOrder(app, flooder, orderPayload(producer, line))));
    expect(tries.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = tries.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(5).fill(409));
    expect(refused[0].json().message).toBe(
      'You already have an order for this pickup time. Cancel it and reserve again with everything in one basket, or choose another time',
    );
    const pub = await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` });
    expect(pub.json().windows[0]).toMatchObject({ starts_at: SATURDAY_9AM, remaining: 3, full: false });
    for (let i = 0; i < 3; i++) {
      expect((await placeOrder(app, await buildUser(app), orderPayload(producer, line))).statusCode).toBe(201);
    }
  });
});

describe("a farm's order mails", () => {
  it('40 orders and their 40 cancellations reach the producer as 4 mails: the first of each period at once, the rest in one digest each', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: null });
    const many = await Promise.all(Array.from({ length: 40 }, () => buildUser(app)));
    const placed = await Promise.all(
      many.map((who) => placeOrder(app, who, orderPayload(producer, [{ productId: egg, quantity: 1 }]))),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const first = await mailsTo(producer.email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toMatch(/^New order #\d+ for /);

    // The sweep's digest collects the other 39, once per period however often the sweep runs.
    const { SCHEDULED_JOBS } = await import('../../jobs/sweep');
    const digest = SCHEDULED_JOBS['order-mail-digests'];
    const at = (minutes: number) => new Date(WEDNESDAY_NOON.getTime() + minutes * 60_000);
    // (Other tests' farms of this file get their digests too; only this farm's mailbox is counted.)
    await digest(app.ctx, at(16));
    await digest(app.ctx, at(17));
    const afterOrders = await mailsTo(producer.email);
    expect(afterOrders).toHaveLength(2);
    const digestMail = afterOrders.find((m) => m.id !== first[0].id);
    expect(digestMail?.subject).toBe('39 new orders on Farmstand');
    expect(digestMail?.body).toContain('New: Order #');

    advanceHours(20 / 60); // the next mail period
    const ids = placed.map((r) => r.json().order.id as number);
    const cancelled = await Promise.all(ids.map((id, i) => move(app, many[i], id, 'cancelled')));
    expect(cancelled.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    await waitFor(async () => (await mailsTo(producer.email)).length === 3);
    await digest(app.ctx, at(31));
    const all = await mailsTo(producer.email);
    expect(all).toHaveLength(4);
    expect(all.map((m) => m.subject)).toContain('39 cancellations on Farmstand');
    expect(await ordersOf(producer.id)).toHaveLength(40);
  });
});

describe('the pickup-place limit', () => {
  it('holds under parallel additions: of 16 at once exactly the limit succeed, the rest are told why', async () => {
    const producer = await buildProducer(app);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/pickup/mine/points',
          headers: bearer(producer),
          payload: marketPoint({ name: `Market ${i}` }),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(PICKUP_LIMITS.maxPoints);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(16 - PICKUP_LIMITS.maxPoints).fill(409));
    expect(refused[0].json().message).toMatch(/at most 10 pickup places/);
    const stored = await app.ctx.db
      .select()
      .from(pickupPoints)
      .where(and(eq(pickupPoints.producerUserId, producer.id), eq(pickupPoints.active, true)));
    expect(stored).toHaveLength(PICKUP_LIMITS.maxPoints);
  });
});

describe('order size', () => {
  it('refuses a basket whose total would overflow the money columns with 400 and a message, writing nothing', async () => {
    const producer = await setUpMarket(app);
    const tractor = await buildProduct(app, producer, { name: 'Hay Barn', priceCents: 10000000, stockQuantity: 1_000_000 });
    const res = await placeOrder(app, shopper, orderPayload(producer, [{ productId: tractor, quantity: 1000 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'An order can total at most $100,000.00; this one comes to $100,000,000.00. Lower the quantities, or message the producer about a larger purchase',
    );
    expect(await ordersOf(producer.id)).toEqual([]);
    expect(await mailsTo(producer.email)).toEqual([]);

    // At the bound it is placed.
    const one = await placeOrder(app, shopper, orderPayload(producer, [{ productId: tractor, quantity: 1 }]));
    expect(one.statusCode).toBe(201);
    expect(one.json().order.total).toBe(ORDER_LIMITS.maxTotal);
  });

  it('bounds the quantity of a line in the request itself', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: 1_000_000 });
    const res = await placeOrder(app, shopper, orderPayload(producer, [{ productId: egg, quantity: 1001 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Quantity must be at most 1000/);
    expect(await ordersOf(producer.id)).toEqual([]);
  });
});
