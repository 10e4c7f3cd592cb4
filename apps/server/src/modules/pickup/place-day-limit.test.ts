import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { eggs, marketPoint, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** A product's day limit can differ per pickup place (decision 543). */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

describe('a day limit per pickup place', () => {
  it('refuses more than the place’s day limit, counting that place’s orders, while another place keeps the product’s', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm, { stockQuantity: 100, dayLimit: 10 });
    const stand = await send('POST', '/api/pickup/mine/points', farm, {
      ...marketPoint({ name: 'Farm stand', kind: 'farm' }),
    });
    expect(stand.statusCode, stand.body).toBe(201);
    const standId = stand.json().point.id;

    const other = await setUpMarket(app);
    expect((await send('PUT', `/api/pickup/mine/products/${egg}/day-limits`, other, { limits: [] })).statusCode).toBe(404);
    const notMine = await send('PUT', `/api/pickup/mine/products/${egg}/day-limits`, farm, {
      limits: [{ point_id: other.pointId, day_limit: 2 }],
    });
    expect(notMine.statusCode).toBe(400);
    const saved = await send('PUT', `/api/pickup/mine/products/${egg}/day-limits`, farm, {
      limits: [{ point_id: farm.pointId, day_limit: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ day_limit: 10, limits: [{ point_id: farm.pointId, day_limit: 2 }] });

    const shopper = await buildUser(app);
    const tooMany = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 3 }]));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(
      /Only 2 more Farm Fresh Eggs can be reserved for Saturday, June 8 \(2 per pickup day\)/,
    );
    expect((await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 2 }]))).statusCode).toBe(201);
    // The market's two do not count against the stand, which keeps the product's 10 a day.
    const atStand = await placeOrder(
      app,
      await buildUser(app),
      orderPayload({ ...farm, pointId: standId }, [{ productId: egg, quantity: 10 }]),
    );
    expect(atStand.statusCode, atStand.body).toBe(201);

    const left = (await send('GET', `/api/pickup/producers/${farm.id}/products/${egg}/day-left`, null)).json();
    expect(left.places).toEqual(
      expect.arrayContaining([
        { point_id: farm.pointId, day_limit: 2, left: 2 },
        { point_id: standId, day_limit: 10, left: 10 },
      ]),
    );
  });
});
