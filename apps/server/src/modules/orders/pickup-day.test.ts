import type { PickupPointRequest } from '@farmstand/shared/schemas/pickup';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orders, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import {
  eggs,
  marketPoint,
  move,
  orderPayload,
  placeOrder,
  SATURDAY_9AM,
  setUpMarket,
  useTestClock,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The producer's pickup day in the place's own time zone (GET /api/orders/days) and closing it
 * (POST /api/orders/days/:date/close), under a clock the test sets.
 */
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

type Farm = TestProducer & { pointId: number };

/** A Central-time market in Nashville: Sundays 9–12 and Wednesdays 4–6 PM. */
async function nashvilleMarket(): Promise<Farm> {
  const producer = await buildProducer(app);
  const point: PickupPointRequest = marketPoint({
    name: 'Nashville Farmers Market',
    address: '900 Rosa L Parks Blvd',
    city: 'Nashville',
    state: 'TN',
    zip: '37208',
    time_zone: 'America/Chicago',
    schedule: [
      { weekday: 0, start: '09:00', end: '12:00' },
      { weekday: 3, start: '16:00', end: '18:00' },
    ],
  });
  const created = await app.inject({ method: 'POST', url: '/api/pickup/mine/points', headers: bearer(producer), payload: point });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().point.time_zone).toBe('America/Chicago');
  return { ...producer, pointId: created.json().point.id };
}

/** An order by a new shopper for `startsAt`, answered up to `until`. */
async function orderFor(farm: Farm, startsAt: string, until: 'requested' | 'accepted' | 'ready' = 'ready', productId?: number) {
  const shopper = await buildUser(app);
  const product = productId ?? (await eggs(app, farm));
  const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: product, quantity: 1 }], { startsAt }));
  expect(placed.statusCode, placed.body).toBe(201);
  const id: number = placed.json().order.id;
  if (until !== 'requested') expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
  if (until === 'ready') expect((await move(app, farm, id, 'ready')).statusCode).toBe(200);
  return { id, shopper, productId: product };
}

const dayView = async (user: TestUser, date?: string) =>
  app.inject({ method: 'GET', url: `/api/orders/days${date ? `?date=${date}` : ''}`, headers: bearer(user) });

const closeDay = (user: TestUser, date: string, noShowIds: number[] = []) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/days/${date}/close`,
    headers: bearer(user),
    payload: { no_show_ids: noShowIds },
  });

const statusOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0].status;
const stockOf = async (productId: number) =>
  (await app.ctx.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, productId)))[0].s;

describe('the day view in the place’s time zone', () => {
  it('at 8 PM Eastern still shows that day’s market, and next morning the next pickup day', async () => {
    const farm = await setUpMarket(app); // Lexington, Kentucky: Eastern
    const saturday = await orderFor(farm, SATURDAY_9AM);
    const nextSaturday = await orderFor(farm, '2030-06-15T13:00:00.000Z', 'accepted');

    useTestClock(app, new Date('2030-06-09T00:00:00Z')); // Saturday 8:00 PM EDT, already Sunday in UTC
    const evening = (await dayView(farm)).json();
    expect(evening).toMatchObject({ date: '2030-06-08', today: '2030-06-08', time_zone: 'America/New_York', next: '2030-06-15' });
    expect(evening.orders.map((o: { id: number }) => o.id)).toEqual([saturday.id]);
    expect(evening.orders[0].window).toMatchObject({ date: '2030-06-08', time_zone: 'America/New_York' });

    useTestClock(app, new Date('2030-06-09T11:00:00Z')); // Sunday 7:00 AM EDT
    const morning = (await dayView(farm)).json();
    expect(morning).toMatchObject({ date: '2030-06-15', today: '2030-06-09', previous: '2030-06-08', next: null });
    expect(morning.orders.map((o: { id: number }) => o.id)).toEqual([nextSaturday.id]);

    // A past day shows its order cards, still to be finished.
    const past = (await dayView(farm, '2030-06-08')).json();
    expect(past.orders).toHaveLength(1);
    expect(past.orders[0].allowed).toEqual(expect.arrayContaining(['picked_up', 'no_show']));
  });

  it('says which of the day’s orders a standing reservation placed, for the day sheet and pick list to mark', async () => {
    const farm = await setUpMarket(app);
    const product = await eggs(app, farm);
    const repeating = await orderFor(farm, SATURDAY_9AM, 'accepted', product);
    const once = await orderFor(farm, SATURDAY_9AM, 'accepted', product);
    const made = await app.inject({
      method: 'POST',
      url: '/api/standing',
      headers: bearer(repeating.shopper),
      payload: {
        ...orderPayload(farm, [{ productId: product, quantity: 1 }], { startsAt: SATURDAY_9AM }),
        everyWeeks: 1,
        fromOrderId: repeating.id,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const day = (await dayView(farm, '2030-06-08')).json();
    const standingOf = Object.fromEntries(
      day.orders.map((o: { id: number; standing_id: number | null }) => [o.id, o.standing_id]),
    );
    expect(standingOf).toEqual({ [repeating.id]: made.json().standing.id, [once.id]: null });
  });

  it('on the Sunday clocks spring forward: 8 PM Central is still Sunday, Monday morning opens on Wednesday', async () => {
    useTestClock(app, new Date('2030-03-06T18:00:00Z')); // Wednesday before, noon CST
    const farm = await nashvilleMarket();
    const sunday = await orderFor(farm, '2030-03-10T14:00:00.000Z'); // 9:00 AM CDT, hours after the change
    const wednesday = await orderFor(farm, '2030-03-13T21:00:00.000Z', 'accepted'); // 4:00 PM CDT
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, sunday.id)))[0].windowDate).toBe('2030-03-10');

    useTestClock(app, new Date('2030-03-11T01:00:00Z')); // Sunday 8:00 PM CDT
    expect((await dayView(farm)).json()).toMatchObject({
      date: '2030-03-10',
      today: '2030-03-10',
      time_zone: 'America/Chicago',
    });

    useTestClock(app, new Date('2030-03-11T12:00:00Z')); // Monday 7:00 AM CDT
    const morning = (await dayView(farm)).json();
    expect(morning).toMatchObject({ date: '2030-03-13', today: '2030-03-11', previous: '2030-03-10' });
    expect(morning.orders.map((o: { id: number }) => o.id)).toEqual([wednesday.id]);
  });

  it('on the Sunday clocks fall back: 8 PM Central is still Sunday, Monday morning opens on Wednesday', async () => {
    useTestClock(app, new Date('2030-10-30T17:00:00Z')); // Wednesday before, noon CDT
    const farm = await nashvilleMarket();
    const sunday = await orderFor(farm, '2030-11-03T15:00:00.000Z'); // 9:00 AM CST, hours after the change
    await orderFor(farm, '2030-11-06T22:00:00.000Z', 'accepted'); // 4:00 PM CST

    useTestClock(app, new Date('2030-11-04T02:00:00Z')); // Sunday 8:00 PM CST
    const evening = (await dayView(farm)).json();
    expect(evening).toMatchObject({ date: '2030-11-03', today: '2030-11-03' });
    expect(evening.orders.map((o: { id: number }) => o.id)).toEqual([sunday.id]);

    useTestClock(app, new Date('2030-11-04T13:00:00Z')); // Monday 7:00 AM CST
    expect((await dayView(farm)).json()).toMatchObject({ date: '2030-11-06', today: '2030-11-04', previous: '2030-11-03' });
  });

  it('opens on today without orders, and only for producers', async () => {
    useTestClock(app, new Date('2030-06-09T03:30:00Z')); // Saturday 10:30 PM CDT, Sunday in UTC
    const farm = await nashvilleMarket();
    expect((await dayView(farm)).json()).toMatchObject({ date: '2030-06-08', today: '2030-06-08', orders: [] });
    const shopper = await buildUser(app);
    expect((await dayView(shopper)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/orders/days' })).statusCode).toBe(401);
    const bad = await dayView(farm, '2030-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/calendar day/);
  });
});

describe('closing the day', () => {
  it('refuses a no-show before the window has started, for the day and for one order, writing nothing', async () => {
    const farm = await setUpMarket(app);
    const order = await orderFor(farm, SATURDAY_9AM);
    useTestClock(app, new Date('2030-06-08T12:30:00Z')); // Saturday 8:30 AM EDT: the market opens at 9
    const refused = await closeDay(farm, '2030-06-08', [order.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/can be marked a no-show once that time has come/);
    expect(refused.json().message).toMatch(/9:00 AM EDT/);
    expect(await statusOf(order.id)).toBe('ready');
    expect((await move(app, farm, order.id, 'no_show')).statusCode).toBe(409);
    // Handing over early is fine.
    expect((await closeDay(farm, '2030-06-08')).json()).toMatchObject({ picked_up: [order.id], no_show: [] });
  });

  it('refuses other people: another farm’s orders are not found, shoppers and admins may not close days', async () => {
    const farm = await setUpMarket(app);
    const order = await orderFor(farm, SATURDAY_9AM);
    const otherFarm = await setUpMarket(app);
    useTestClock(app, new Date('2030-06-08T17:00:00Z'));
    const stranger = await closeDay(otherFarm, '2030-06-08', [order.id]);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toMatch(new RegExp(`Order #${order.id} is not among your orders for Jun 8, 2030`));
    // Closing their own (empty) day never touches this farm's orders.
    expect((await closeDay(otherFarm, '2030-06-08')).json()).toMatchObject({ picked_up: [], no_show: [] });
    expect(await statusOf(order.id)).toBe('ready');
    expect((await closeDay(order.shopper, '2030-06-08')).statusCode).toBe(403);
    expect((await closeDay(await buildUser(app, { userType: 'admin' }), '2030-06-08')).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/orders/days/2030-06-08/close', payload: {} })).statusCode).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/orders/days/2030-06-08/close',
      headers: bearer(farm),
      payload: { no_show_ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('closes a mixed day at once: ready and accepted picked up, one no-show with its stock back, handled ones skipped', async () => {
    const farm = await setUpMarket(app);
    const product = await eggs(app, farm); // 12 in stock
    const ready = await orderFor(farm, SATURDAY_9AM, 'ready', product);
    const noShow = await orderFor(farm, SATURDAY_9AM, 'ready', product);
    const accepted = await orderFor(farm, SATURDAY_9AM, 'accepted', product);
    const done = await orderFor(farm, SATURDAY_9AM, 'ready', product);
    const request = await orderFor(farm, SATURDAY_9AM, 'requested', product);
    const otherDay = await orderFor(farm, '2030-06-15T13:00:00.000Z', 'ready', product);
    expect(await stockOf(product)).toBe(7);

    useTestClock(app, new Date('2030-06-08T17:00:00Z')); // Saturday 1:00 PM EDT, after the market
    expect((await move(app, farm, done.id, 'picked_up')).statusCode).toBe(200);
    const events: { orderId: number; status: string; customerId: number }[] = [];
    app.ctx.events.on('order.changed', (e) => {
      if (e.status === 'picked_up' || e.status === 'no_show') events.push(e);
    });

    const closed = await closeDay(farm, '2030-06-08', [noShow.id, done.id]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({
      message: 'Closed Jun 8, 2030: 2 orders picked up, 1 no-show',
      picked_up: [ready.id, accepted.id].sort((a, b) => a - b),
      no_show: [noShow.id],
      skipped: [done.id],
    });
    expect(await statusOf(ready.id)).toBe('picked_up');
    expect(await statusOf(accepted.id)).toBe('picked_up');
    expect(await statusOf(noShow.id)).toBe('no_show');
    expect(await statusOf(request.id)).toBe('expired'); // unanswered past 48 hours: never handed over
    expect(await statusOf(otherDay.id)).toBe('ready');
    expect(await stockOf(product)).toBe(8);

    const history = await app.ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, accepted.id))
      .orderBy(asc(orderEvents.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'accepted',
      toStatus: 'picked_up',
      actorRole: 'producer',
      actorId: farm.id,
    });
    expect(events.map((e) => [e.orderId, e.status]).sort()).toEqual(
      [
        [ready.id, 'picked_up'],
        [noShow.id, 'no_show'],
        [accepted.id, 'picked_up'],
      ].sort(),
    );
    // The shopper's lists follow: the order is past, no longer upcoming.
    const upcoming = await app.inject({ method: 'GET', url: '/api/orders/mine?scope=upcoming', headers: bearer(noShow.shopper) });
    expect(upcoming.json().orders).toEqual([]);

    const again = (await closeDay(farm, '2030-06-08')).json();
    expect(again).toMatchObject({ message: 'Nothing was left to close on Jun 8, 2030', picked_up: [], no_show: [] });
  });
});
