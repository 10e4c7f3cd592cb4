import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The admin's "Orders per week" (decision 552): every farm's orders by the week of their pickup,
 * valued as the farm's own figure is (decision 546): accepted orders at their totals, the weighed
 * amount once weighed. The clock starts Wednesday 5 June 2030 at noon, so orders placed today for
 * Saturday 8 June are in the week of 3 June.
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

const analytics = async (range = '30d') => {
  const answer = await app.inject({ method: 'GET', url: `/api/admin/analytics?timeRange=${range}`, headers: bearer(admin) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('the admin’s orders per week', () => {
  it('counts every farm’s orders in the week of their pickup, valued at the weighed total once weighed, whatever the period', async () => {
    const porkFarm = await setUpMarket(app, {}, { farmName: 'Pork Hollow' });
    const eggFarm = await setUpMarket(app, {}, { farmName: 'Egg Ridge' });
    const pork = await buildProduct(app, porkFarm, {
      name: 'Pork shoulder',
      category: 'meat',
      priceCents: 1000,
      priceUnit: null,
      weightUnit: 'lb',
      packMin: 3,
      packMax: 5,
      stockQuantity: 10,
    });
    const dozen = await eggs(app, eggFarm);
    const shopper = await buildUser(app);
    // Pork for Saturday 8 June, accepted and weighed at 4.6 lb: $46 (estimated at 4 lb × $10 = $40).
    const soon = await placeOrder(app, shopper, orderPayload(porkFarm, [{ productId: pork, quantity: 1 }]));
    expect(soon.statusCode, soon.body).toBe(201);
    const { order } = soon.json();
    expect((await move(app, porkFarm, order.id, 'accepted')).statusCode).toBe(200);
    const weighed = await app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/items/${order.items[0].id}/weights`,
      headers: bearer(porkFarm),
      payload: { weights: [4.6] },
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    // For Saturday 22 June: pork not yet accepted, and two dozen eggs accepted ($11).
    const later = { startsAt: '2030-06-22T13:00:00.000Z' };
    expect((await placeOrder(app, shopper, orderPayload(porkFarm, [{ productId: pork, quantity: 1 }], later))).statusCode).toBe(
      201,
    );
    const eggOrder = await placeOrder(app, shopper, orderPayload(eggFarm, [{ productId: dozen, quantity: 2 }], later));
    expect(eggOrder.statusCode, eggOrder.body).toBe(201);
    expect((await move(app, eggFarm, eggOrder.json().order.id, 'accepted')).statusCode).toBe(200);

    const weeks = [
      { week_start: '2030-06-03', orders: 1, reserved_value: 46 },
      { week_start: '2030-06-17', orders: 2, reserved_value: 11 },
    ];
    expect((await analytics('30d')).orders_per_week).toEqual(weeks);
    expect((await analytics('7d')).orders_per_week).toEqual(weeks);
    // The farm's own figure is the same rule on its orders only.
    const farm = await app.inject({ method: 'GET', url: '/api/orders/weekly', headers: bearer(eggFarm) });
    expect(farm.json().weeks).toEqual([{ week_start: '2030-06-17', orders: 1, reserved_value: 11 }]);
  });
});
