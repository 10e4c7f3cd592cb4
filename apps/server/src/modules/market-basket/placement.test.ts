import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketOrders, orderItems, orders, products } from '../../db/schema';
import { bearer, buildUser } from '../../test/factories';
import {
  BASKET_CLOSES,
  type BasketFarm,
  basketPayload,
  buildBasketFarm,
  buildBasketMarket,
  placeBasket,
  stockOf,
} from '../../test/market-basket-helpers';
import { MARKET_SATURDAY, type TestMarket } from '../../test/market-office-helpers';
import { move, useTestClock, WEDNESDAY_NOON } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Placing a market basket (issue 49, decision 584): one order per farm linked as one market order,
 * all of them or none, stock taken at placement, the market's window and a farm's earlier cut-off to
 * the minute, a retried basket id placed once. Runs on both engines (vitest.config.ts#ENGINE_SENSITIVE).
 */
let app: TestApp;
let market: TestMarket;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  useTestClock(app, WEDNESDAY_NOON);
  market = await buildBasketMarket(app);
});

const partsOf = async (marketOrderId: number) =>
  app.ctx.db.select().from(orders).where(eq(orders.marketOrderId, marketOrderId)).orderBy(orders.producerUserId);

async function farms(n: number, stock = 12): Promise<BasketFarm[]> {
  const built: BasketFarm[] = [];
  for (let i = 0; i < n; i += 1) built.push(await buildBasketFarm(app, market.id, { stockQuantity: stock }));
  return built;
}

describe('placing a market basket', () => {
  it('places one order per farm, linked as one market order, with every line’s stock taken at placement', async () => {
    const [a, b, c] = await farms(3);
    const shopper = await buildUser(app);
    const res = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([
        { productId: a.productId, quantity: 2 },
        { productId: b.productId, quantity: 1 },
        { productId: c.productId, quantity: 3 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { marketOrder } = res.json();
    expect(marketOrder).toMatchObject({ marketId: market.id, date: MARKET_SATURDAY, status: 'open', totalCents: 6 * 550 });
    expect(marketOrder.pickupStart).toBe('2030-06-08T11:00:00.000Z');
    expect(marketOrder.parts.map((p: { producer: { user_id: number } }) => p.producer.user_id)).toEqual(
      [a.id, b.id, c.id].sort((x, y) => x - y),
    );
    const parts = await partsOf(marketOrder.id);
    expect(parts).toHaveLength(3);
    expect(parts.every((p) => p.status === 'requested' && p.pointId !== null)).toBe(true);
    expect([await stockOf(app, a.productId), await stockOf(app, b.productId), await stockOf(app, c.productId)]).toEqual([
      10, 11, 9,
    ]);
    const lines = await app.ctx.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          parts.map((p) => p.id),
        ),
      );
    expect(lines.every((line) => line.reservedQuantity === line.quantity)).toBe(true);
    // The shopper reads it back whole, and in their list.
    const mine = await app.inject({ method: 'GET', url: '/api/market-orders', headers: bearer(shopper) });
    expect(mine.json().marketOrders.map((o: { id: number }) => o.id)).toEqual([marketOrder.id]);
  });

  it('places a 10-farm basket all or nothing when parallel shoppers want the last units of two farms', async () => {
    const all = await farms(10);
    const [lastA, lastB] = [all[3], all[7]];
    await app.ctx.db
      .update(products)
      .set({ stockQuantity: 1 })
      .where(inArray(products.id, [lastA.productId, lastB.productId]));
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => buildUser(app)));
    const results = await Promise.all(
      shoppers.map((shopper) =>
        placeBasket(app, shopper, market.id, basketPayload(all.map((farm) => ({ productId: farm.productId, quantity: 1 })))),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toMatch(new RegExp(`Farm (${lastA.id}|${lastB.id}) has not enough Farm Fresh Eggs left`));
    // One market order of ten parts; the refused baskets left nothing behind, not even at the farms that had stock.
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(marketOrders).where(eq(marketOrders.marketId, market.id));
    expect(n).toBe(1);
    const winner = results.find((r) => r.statusCode === 201)?.json().marketOrder;
    expect(await partsOf(winner.id)).toHaveLength(10);
    const [{ placed }] = await app.ctx.db
      .select({ placed: count() })
      .from(orders)
      .where(
        inArray(
          orders.producerUserId,
          all.map((f) => f.id),
        ),
      );
    expect(placed).toBe(10);
    for (const farm of all) expect(await stockOf(app, farm.productId)).toBe(farm === lastA || farm === lastB ? 0 : 11);
  });

  it('answers a retried basket id with the same market order and never places a second', async () => {
    const [a, b] = await farms(2);
    const shopper = await buildUser(app);
    const payload = basketPayload([
      { productId: a.productId, quantity: 1 },
      { productId: b.productId, quantity: 1 },
    ]);
    const first = await placeBasket(app, shopper, market.id, payload);
    expect(first.statusCode, first.body).toBe(201);
    // The same basket sent twice more at once (a lost answer, a second tab).
    const again = await Promise.all([
      placeBasket(app, shopper, market.id, payload),
      placeBasket(app, shopper, market.id, payload),
    ]);
    for (const res of again) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().marketOrder.id).toBe(first.json().marketOrder.id);
    }
    expect(await partsOf(first.json().marketOrder.id)).toHaveLength(2);
    expect(await stockOf(app, a.productId)).toBe(11);
  });

  it('places the same new basket sent twice at once only once', async () => {
    const [a] = await farms(1);
    const shopper = await buildUser(app);
    const payload = basketPayload([{ productId: a.productId, quantity: 2 }]);
    const both = await Promise.all([
      placeBasket(app, shopper, market.id, payload),
      placeBasket(app, shopper, market.id, payload),
    ]);
    expect(both.map((r) => r.statusCode).sort(), both.map((r) => r.body).join('\n')).toEqual([200, 201]);
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(marketOrders).where(eq(marketOrders.customerId, shopper.id));
    expect(n).toBe(1);
    expect(await stockOf(app, a.productId)).toBe(10);
  });

  it('honours a farm’s earlier cut-off at its market place to the minute, and the market’s close', async () => {
    // The farm closes 48 hours before the 7:00 AM opening: Thursday 6 June, 7:00 AM EDT (11:00 UTC).
    const early = await buildBasketFarm(app, market.id, {}, { cutoff_hours: 48 });
    const [late] = await farms(1);
    const shopper = await buildUser(app);
    useTestClock(app, new Date('2030-06-06T10:59:00Z'));
    const inTime = await placeBasket(app, shopper, market.id, basketPayload([{ productId: early.productId, quantity: 1 }]));
    expect(inTime.statusCode, inTime.body).toBe(201);
    useTestClock(app, new Date('2030-06-06T11:00:00Z'));
    const tooLate = await placeBasket(
      app,
      await buildUser(app),
      market.id,
      basketPayload([
        { productId: late.productId, quantity: 1 },
        { productId: early.productId, quantity: 1 },
      ]),
    );
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe(`Farm ${early.id}: Ordering for Saturday, June 8 closed Thursday, June 6 at 7:00 AM`);
    // Nothing of the refused basket was placed, not even the other farm's part.
    expect(await stockOf(app, late.productId)).toBe(12);
    // The market's own close: Thursday 7:00 PM EDT, to the minute.
    useTestClock(app, new Date(BASKET_CLOSES.getTime() - 60_000));
    const lastMinute = await placeBasket(
      app,
      await buildUser(app),
      market.id,
      basketPayload([{ productId: late.productId, quantity: 1 }]),
    );
    expect(lastMinute.statusCode, lastMinute.body).toBe(201);
    useTestClock(app, BASKET_CLOSES);
    const closed = await placeBasket(
      app,
      await buildUser(app),
      market.id,
      basketPayload([{ productId: late.productId, quantity: 1 }]),
    );
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe('Ordering for Saturday, June 8 closed Thursday, June 6 at 7:00 PM');
    // Before the window opens (Sunday 2 June at 7:00 AM) it says when it will.
    useTestClock(app, new Date('2030-06-02T10:59:00Z'));
    const early2 = await placeBasket(
      app,
      await buildUser(app),
      market.id,
      basketPayload([{ productId: late.productId, quantity: 1 }]),
    );
    expect(early2.json().message).toBe('Ordering for Saturday, June 8 opens Sunday, June 2 at 7:00 AM');
  });

  it('refuses a closed market date, and a day the market is not open, with words', async () => {
    const closedMarket = await buildBasketMarket(app, { closedDates: [MARKET_SATURDAY] });
    const farm = await buildBasketFarm(app, closedMarket.id);
    const shopper = await buildUser(app);
    const res = await placeBasket(app, shopper, closedMarket.id, basketPayload([{ productId: farm.productId, quantity: 1 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Lexington Farmers Market is not open on Saturday, June 8; choose one of its market days');
    const offer = await app.inject({ method: 'GET', url: `/api/markets/${closedMarket.id}/offer?date=${MARKET_SATURDAY}` });
    expect(offer.statusCode).toBe(404);
    const friday = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([{ productId: farm.productId, quantity: 1 }], { date: '2030-06-07' }),
    );
    expect(friday.statusCode).toBe(400);
  });

  it('refuses a phone the market could not call, and places nothing', async () => {
    const farm = await buildBasketFarm(app, market.id);
    const shopper = await buildUser(app);
    const res = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([{ productId: farm.productId, quantity: 1 }], { shopperPhone: '12' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Phone must be a 10-digit US phone number');
    expect(
      (await app.inject({ method: 'GET', url: '/api/market-orders', headers: bearer(shopper) })).json().marketOrders,
    ).toEqual([]);
  });

  it('refuses a product of a farm that is not an approved vendor with a place at the market', async () => {
    const [vendor] = await farms(1);
    const outsider = await buildBasketFarm(app, (await buildBasketMarket(app)).id);
    const shopper = await buildUser(app);
    const res = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([
        { productId: vendor.productId, quantity: 1 },
        { productId: outsider.productId, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Farm ${outsider.id} does not sell at Lexington Farmers Market; remove its products from the market basket`,
    );
    expect(await stockOf(app, vendor.productId)).toBe(12);
  });

  it('refuses a market that takes no baskets with a 404 that says so', async () => {
    const off = await buildBasketMarket(app, { basketOn: false });
    const offer = await app.inject({ method: 'GET', url: `/api/markets/${off.id}/offer` });
    expect(offer.statusCode).toBe(404);
    expect(offer.json().message).toBe('Lexington Farmers Market takes no market basket orders');
  });
});

describe('the market’s offer', () => {
  it('lists the coming market day’s vendors with their products, each farm’s own close and the window', async () => {
    const [a] = await farms(1);
    const early = await buildBasketFarm(app, market.id, { name: 'Honey' }, { cutoff_hours: 48 });
    const offer = await app.inject({ method: 'GET', url: `/api/markets/${market.id}/offer` });
    expect(offer.statusCode, offer.body).toBe(200);
    const body = offer.json();
    expect(body).toMatchObject({
      date: MARKET_SATURDAY,
      open: true,
      notice: null,
      opensAt: '2030-06-02T11:00:00.000Z',
      closesAt: BASKET_CLOSES.toISOString(),
    });
    expect(body.days.slice(0, 2)).toEqual([MARKET_SATURDAY, '2030-06-15']);
    const byFarm = new Map(body.vendors.map((v: { producerUserId: number }) => [v.producerUserId, v]));
    expect(byFarm.get(a.id)).toMatchObject({ closesAt: BASKET_CLOSES.toISOString(), open: true, pointId: a.pointId });
    expect(byFarm.get(early.id)).toMatchObject({ closesAt: '2030-06-06T11:00:00.000Z', open: true });
    expect((byFarm.get(early.id) as { products: { name: string }[] }).products.map((p) => p.name)).toEqual(['Honey']);
    // After the market's close the coming day is next week's.
    useTestClock(app, BASKET_CLOSES);
    const later = (await app.inject({ method: 'GET', url: `/api/markets/${market.id}/offer` })).json();
    expect(later.date).toBe('2030-06-15');
  });
});

describe('a market part after placement', () => {
  it('gives its stock back when the farm never answers and it expires', async () => {
    const [a] = await farms(1);
    const shopper = await buildUser(app);
    const placed = await placeBasket(app, shopper, market.id, basketPayload([{ productId: a.productId, quantity: 5 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(app, a.productId)).toBe(7);
    useTestClock(app, new Date(WEDNESDAY_NOON.getTime() + 49 * 3_600_000));
    await app.inject({ method: 'GET', url: '/api/orders/mine', headers: bearer(shopper) });
    expect(await stockOf(app, a.productId)).toBe(12);
  });

  it('takes no stock twice when the farm accepts, and gives it back once when cancelled', async () => {
    const [a, b] = await farms(2);
    const shopper = await buildUser(app);
    const placed = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([
        { productId: a.productId, quantity: 4 },
        { productId: b.productId, quantity: 1 },
      ]),
    );
    const marketOrder = placed.json().marketOrder;
    expect(await stockOf(app, a.productId)).toBe(8);
    const partA = marketOrder.parts.find((p: { producer: { user_id: number } }) => p.producer.user_id === a.id);
    const accepted = await move(app, a, partA.id, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await stockOf(app, a.productId)).toBe(8);

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/market-orders/${marketOrder.id}/cancel`,
      headers: bearer(shopper),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().marketOrder.status).toBe('cancelled');
    expect([await stockOf(app, a.productId), await stockOf(app, b.productId)]).toEqual([12, 12]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/market-orders/${marketOrder.id}/cancel`,
      headers: bearer(shopper),
    });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(app, a.productId)).toBe(12);
  });

  it('refuses to cancel once an accepted part is past its cut-off, naming the farm, and cancels nothing', async () => {
    const [a, b] = await farms(2);
    const shopper = await buildUser(app);
    const placed = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([
        { productId: a.productId, quantity: 1 },
        { productId: b.productId, quantity: 1 },
      ]),
    );
    const marketOrder = placed.json().marketOrder;
    const partA = marketOrder.parts.find((p: { producer: { user_id: number } }) => p.producer.user_id === a.id);
    expect((await move(app, a, partA.id, 'accepted')).statusCode).toBe(200);
    useTestClock(app, BASKET_CLOSES);
    const late = await app.inject({
      method: 'POST',
      url: `/api/market-orders/${marketOrder.id}/cancel`,
      headers: bearer(shopper),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(new RegExp(`^Farm ${a.id}: The producer has already prepared for this pickup`));
    expect((await partsOf(marketOrder.id)).map((p) => p.status).sort()).toEqual(['accepted', 'requested']);
  });

  it('shows the farm only its own part, the market’s staff every part, anyone else nothing', async () => {
    const [a, b] = await farms(2);
    const shopper = await buildUser(app);
    const placed = await placeBasket(
      app,
      shopper,
      market.id,
      basketPayload([
        { productId: a.productId, quantity: 1 },
        { productId: b.productId, quantity: 2 },
      ]),
    );
    const id = placed.json().marketOrder.id;
    const read = (user: { token: string }) =>
      app.inject({ method: 'GET', url: `/api/market-orders/${id}`, headers: bearer(user) });
    const asFarm = (await read(a)).json();
    expect(asFarm.parts.map((p: { producer: { user_id: number } }) => p.producer.user_id)).toEqual([a.id]);
    expect(asFarm.totalCents).toBe(550);
    for (const staff of [market.manager, market.volunteer]) expect((await read(staff)).json().parts).toHaveLength(2);
    expect((await read(await buildUser(app))).statusCode).toBe(404);
    const otherFarm = await buildBasketFarm(app, market.id);
    expect((await read(otherFarm)).statusCode).toBe(404);
    // Only the shopper cancels it.
    const byFarm = await app.inject({ method: 'POST', url: `/api/market-orders/${id}/cancel`, headers: bearer(a) });
    expect(byFarm.statusCode).toBe(403);
  });
});
