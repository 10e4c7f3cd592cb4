import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { eggs, marketPoint, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
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

/** Saturday 8 June 2030, 09:00 CDT (UTC−5). */
const SATURDAY_9AM_CENTRAL = '2030-06-08T14:00:00.000Z';

async function addPoint(producer: { id: number } & Parameters<typeof bearer>[0], payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/pickup/mine/points', headers: bearer(producer), payload });
}

describe('a pickup place keeps its own time zone', () => {
  it('defaults to the zone of its address: Bowling Green, KY is Central, Lexington is Eastern, Knoxville, TN is Eastern', async () => {
    const producer = await setUpMarket(app);
    const bowlingGreen = await addPoint(
      producer,
      marketPoint({ name: 'Bowling Green market', city: 'Bowling Green', zip: '42101' }),
    );
    expect(bowlingGreen.statusCode).toBe(201);
    expect(bowlingGreen.json().point.time_zone).toBe('America/Chicago');
    const knoxville = await addPoint(
      producer,
      marketPoint({ name: 'Knoxville market', city: 'Knoxville', state: 'TN', zip: '37902' }),
    );
    expect(knoxville.json().point.time_zone).toBe('America/New_York');
    const setup = await app.inject({ method: 'GET', url: '/api/pickup/mine', headers: bearer(producer) });
    const lexington = setup.json().points.find((p: { name: string }) => p.name === 'Lexington Farmers Market');
    expect(lexington.time_zone).toBe('America/New_York');
  });

  it('lists a Central-time market’s Saturday 9:00 as 14:00 UTC in summer, dated by its own day, with its booth', async () => {
    const producer = await setUpMarket(app);
    const central = await addPoint(
      producer,
      marketPoint({ name: 'Nashville market', city: 'Nashville', state: 'TN', zip: '37203', booth: 'Stall 14, north row' }),
    );
    expect(central.json().point).toMatchObject({ time_zone: 'America/Chicago', booth: 'Stall 14, north row' });
    const pickup = await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` });
    const windows = pickup.json().windows.filter((w: { point_id: number }) => w.point_id === central.json().point.id);
    expect(windows[0]).toMatchObject({
      starts_at: SATURDAY_9AM_CENTRAL,
      date: '2030-06-08',
      time_zone: 'America/Chicago',
      booth: 'Stall 14, north row',
    });
  });

  it('an order at a Central-time market keeps the zone and booth, and its thread names the Central time', async () => {
    const producer = await setUpMarket(app);
    const central = await addPoint(
      producer,
      marketPoint({ name: 'Paducah market', city: 'Paducah', zip: '42001', booth: 'Booth 3' }),
    );
    const egg = await eggs(app, producer);
    const placed = await placeOrder(
      app,
      shopper,
      orderPayload({ ...producer, pointId: central.json().point.id }, [{ productId: egg, quantity: 1 }], {
        startsAt: SATURDAY_9AM_CENTRAL,
      }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    expect(order.window).toMatchObject({ date: '2030-06-08', time_zone: 'America/Chicago' });
    expect(order.booth).toBe('Booth 3');
    const thread = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/messages`, headers: bearer(shopper) });
    expect(thread.json().messages[0].content).toContain('Sat, Jun 8, 9:00 AM');
  });

  it('refuses a time zone outside the region with a message', async () => {
    const producer = await setUpMarket(app);
    const response = await addPoint(producer, marketPoint({ name: 'Elsewhere', time_zone: 'Europe/Paris' as never }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Time zone must be Eastern or Central/);
  });
});

describe('limits farmers think in', () => {
  it('a place’s minimum order refuses a smaller basket and says by how much', async () => {
    const producer = await setUpMarket(app);
    const point = await addPoint(producer, marketPoint({ name: 'Big market', min_order: 15 }));
    expect(point.json().point.min_order).toBe(15);
    const egg = await eggs(app, producer); // $5.50 a dozen
    const payload = (quantity: number) =>
      orderPayload({ ...producer, pointId: point.json().point.id }, [{ productId: egg, quantity }]);
    const small = await placeOrder(app, shopper, payload(2));
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe(
      'Big market takes orders of at least $15.00; this basket comes to $11.00. Add to it or choose another pickup place',
    );
    expect((await placeOrder(app, shopper, payload(3))).statusCode).toBe(201);
  });

  it('a limit per pickup day counts every window of that day, and the next day starts again', async () => {
    const producer = await setUpMarket(app);
    // A second window on Saturday afternoon at the farm stand.
    const stand = await addPoint(
      producer,
      marketPoint({ kind: 'farm', name: 'Farm stand', schedule: [{ weekday: 6, start: '14:00', end: '16:00' }] }),
    );
    const pie = await buildProduct(app, producer, { name: 'Apple pie', priceCents: 1800, priceUnit: 'pie', stockQuantity: null });
    const set = await app.inject({
      method: 'PUT',
      url: `/api/products/${pie}`,
      headers: bearer(producer),
      payload: {
        name: 'Apple pie',
        category: 'baked_goods',
        price: 18,
        price_unit: 'pie',
        availability: 'available',
        day_limit: 5,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().product.day_limit).toBe(5);
    const second = await buildUser(app);
    const third = await buildUser(app);
    expect((await placeOrder(app, shopper, orderPayload(producer, [{ productId: pie, quantity: 3 }]))).statusCode).toBe(201);
    const afternoon = orderPayload({ ...producer, pointId: stand.json().point.id }, [{ productId: pie, quantity: 3 }], {
      startsAt: '2030-06-08T18:00:00.000Z',
    });
    const over = await placeOrder(app, second, afternoon);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Only 2 more Apple pie can be reserved for Saturday, June 8 (5 per pickup day); lower the quantity or choose another day',
    );
    expect((await placeOrder(app, second, { ...afternoon, items: [{ productId: pie, quantity: 2 }] })).statusCode).toBe(201);
    const nextSaturday = orderPayload(producer, [{ productId: pie, quantity: 5 }], { startsAt: '2030-06-15T13:00:00.000Z' });
    expect((await placeOrder(app, third, nextSaturday)).statusCode).toBe(201);
  });
});

describe('pickup settings for closing the day', () => {
  it('stores when and how unhandled orders close, and the morning summary, and refuses out-of-range hours', async () => {
    const producer = await setUpMarket(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/pickup/mine/settings',
      headers: bearer(producer),
      payload: { cutoff_hours: 24, cap_per_window: null, close_after_hours: 6, close_as: 'no_show', morning_summary: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ close_after_hours: 6, close_as: 'no_show', morning_summary: true });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/pickup/mine/settings',
      headers: bearer(producer),
      payload: { cutoff_hours: 24, cap_per_window: null, close_after_hours: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at least 1 hour after the pickup time ends/);
  });
});
