import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The farm's "Orders per week" (decision 546) on the Saturday market of `setUpMarket`; the clock
 * starts Wednesday 5 June 2030 at noon, so orders placed today are all in the week of 3 June.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

describe('orders per week', () => {
  it('counts orders in the week of their pickup, and their value at the weighed total once weighed', async () => {
    const farm = await setUpMarket(app);
    const pork = await buildProduct(app, farm, {
      name: 'Pork shoulder',
      category: 'meat',
      priceCents: 1000,
      priceUnit: null,
      weightUnit: 'lb',
      packMin: 3,
      packMax: 5,
      stockQuantity: 10,
    });
    const shopper = await buildUser(app);
    // Placed today for Saturday 8 June and for Saturday 22 June.
    const soon = await placeOrder(app, shopper, orderPayload(farm, [{ productId: pork, quantity: 1 }]));
    expect(soon.statusCode, soon.body).toBe(201);
    const later = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [{ productId: pork, quantity: 1 }], { startsAt: '2030-06-22T13:00:00.000Z' }),
    );
    expect(later.statusCode, later.body).toBe(201);
    const { order } = soon.json();
    expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
    // Estimated at 4 lb × $10 = $40; weighed at 4.6 lb: $46.
    const weighed = await app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/items/${order.items[0].id}/weights`,
      headers: bearer(farm),
      payload: { weights: [4.6] },
    });
    expect(weighed.statusCode, weighed.body).toBe(200);

    const weekly = await app.inject({ method: 'GET', url: '/api/orders/weekly', headers: bearer(farm) });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().weeks).toEqual([
      { week_start: '2030-06-03', orders: 1, reserved_value: 46 },
      { week_start: '2030-06-17', orders: 1, reserved_value: 0 },
    ]);
  });
});
