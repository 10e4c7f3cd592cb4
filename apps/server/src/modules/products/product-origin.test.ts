import { ORIGIN_STATE_MESSAGE } from '@farmstand/shared/schemas/products';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { marketPoint, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Where a product was grown or raised, as its producer confirms it (decision 516): WIC and Senior
 * FMNP coupons and Kentucky Double Dollars pay only for food grown in the state; SNAP pays for food
 * wherever it was grown. Empty means the farm's own state, as for every product listed before.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

type Method = 'GET' | 'POST' | 'PUT';
const send = (method: Method, url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

const produce = (overrides: object = {}) =>
  validProduct({
    name: 'Heirloom Tomatoes',
    category: 'produce',
    description: 'Picked the day before pickup.',
    price: 3.25,
    price_unit: 'lb',
    stock_quantity: 40,
    allergens: [],
    ...overrides,
  });

describe('where a product was grown or raised', () => {
  it('keeps WIC, Senior coupons and Double Dollars off an Indiana-grown product of a Kentucky farm, while SNAP still pays for it', async () => {
    const farm = await setUpMarket(app);
    const admin = await buildUser(app, { userType: 'admin' });
    const shopper = await buildUser(app);
    const saved = await send('PUT', '/api/benefits/mine', farm, {
      fns_number: '1234567',
      wic_fmnp: { accepted: true, expires_on: '2030-10-31' },
      senior_fmnp: { accepted: true, expires_on: '2030-10-31' },
      incentive_market: 'Lexington Farmers Market',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The match is given at the participating market the pickup place is (decision 540).
    const marked = await send(
      'PUT',
      `/api/pickup/mine/points/${farm.pointId}`,
      farm,
      marketPoint({ incentive_market: 'Lexington Farmers Market' }),
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const verified = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
    expect(verified.statusCode, verified.body).toBe(200);

    const ownGrown = await send('POST', '/api/products', farm, produce());
    expect(ownGrown.statusCode, ownGrown.body).toBe(201);
    const boughtIn = await send(
      'POST',
      '/api/products',
      farm,
      produce({ name: 'Indiana Sweet Corn', price: 4, price_unit: 'dozen', origin_state: 'IN' }),
    );
    expect(boughtIn.statusCode, boughtIn.body).toBe(201);
    expect(boughtIn.json().product.origin_state).toBe('IN');
    const tomato: number = ownGrown.json().product_id;
    const corn: number = boughtIn.json().product_id;

    const placed = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [
        { productId: tomato, quantity: 2 },
        { productId: corn, quantity: 1 },
      ]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: number = placed.json().order.id;
    expect((await move(app, farm, orderId, 'accepted')).statusCode).toBe(200);

    const plan = await send('GET', `/api/benefits/orders/${orderId}`, shopper);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().benefits).toMatchObject({
      // Tomatoes 2 × $3.25 + corn $4.00.
      total_cents: 1050,
      snap_cents: 1050,
      coupon_cents: { wic_fmnp: 650, senior_fmnp: 650 },
      // Double Dollars matches the Kentucky-grown tomatoes only.
      incentive_match_cents: 650,
      lines: [
        { product_id: tomato, snap: true, wic_fmnp: true, senior_fmnp: true },
        { product_id: corn, snap: true, wic_fmnp: false, senior_fmnp: false },
      ],
    });

    // Recording coupons for the corn is refused by the same rules.
    useTestClock(app, new Date('2030-06-08T14:00:00Z'));
    const tooMuchWic = await send('PUT', `/api/benefits/orders/${orderId}/tenders`, farm, { wic_fmnp: 1050 });
    expect(tooMuchWic.statusCode).toBe(400);
    expect(tooMuchWic.json().message).toBe('WIC FMNP coupons can pay at most $6.50 of this order: the items they cover');
  });

  it('refuses a state Farmstand does not know with a message, and reads an omitted origin as the farm’s own', async () => {
    const farm = await setUpMarket(app);
    const unknown = await send('POST', '/api/products', farm, produce({ origin_state: 'GA' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ORIGIN_STATE_MESSAGE);
    const notText = await send('POST', '/api/products', farm, produce({ origin_state: 7 }));
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toBe(ORIGIN_STATE_MESSAGE);

    const created = await send('POST', '/api/products', farm, produce());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().product.origin_state).toBeNull();
    const id: number = created.json().product_id;

    const elsewhere = await send('PUT', `/api/products/${id}`, farm, produce({ origin_state: 'OH' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await send('GET', `/api/products/${id}`, null)).json().product.origin_state).toBe('OH');
    expect((await send('GET', '/api/products/mine', farm)).json().products[0].origin_state).toBe('OH');

    // Back to "on our farm": the form sends null.
    const home = await send('PUT', `/api/products/${id}`, farm, produce({ origin_state: null }));
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().product.origin_state).toBeNull();
  });
});
