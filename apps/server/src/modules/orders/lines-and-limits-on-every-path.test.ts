import { ORDER_LIMITS } from '@farmstand/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, products, standingOrders } from '../../db/schema';
import { addSummerShare } from '../../test/csa-helpers';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { advanceHours, eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The rules placing an order keeps hold on every path a line or an amount enters by: the basket, a
 * standing reservation, a CSA box, weighing, a short harvest, a place's minimum, the pickup day.
 * The clock starts Wednesday 5 June 2030 at noon (EDT); the market is Saturday 8 June, 9:00.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

/** A product sold by variant (stock not tracked), with a day limit shared by its variants. */
async function piesByVariant(farm: Awaited<ReturnType<typeof setUpMarket>>, dayLimit: number | null) {
  const created = await send('POST', '/api/products', farm, {
    name: 'Fruit pie',
    category: 'baked_goods',
    availability: 'available',
    variants: [
      { name: 'Apple', price: 18 },
      { name: 'Cherry', price: 20 },
      { name: 'Peach', price: 19 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const { product } = created.json();
  if (dayLimit !== null) await app.ctx.db.update(products).set({ dayLimit }).where(eq(products.id, product.id));
  const ids = product.variants.map((v: { id: number }) => v.id) as number[];
  return { productId: product.id as number, variants: ids };
}

describe('one line check wherever lines enter', () => {
  it("refuses a standing reservation with another farm's product, a hidden product or another product's variant, naming the line and never its name", async () => {
    const farm = await setUpMarket(app);
    const other = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const secret = await buildProduct(app, other, { name: 'Secret Reserve Ham', priceCents: 9900, stockQuantity: 5 });
    const hidden = await buildProduct(app, farm, { name: 'Hidden Honey', priceCents: 900, active: false });
    const pies = await piesByVariant(other, null);
    const ownPies = await piesByVariant(farm, null);
    const shopper = await buildUser(app);
    const base = { ...orderPayload(farm, [{ productId: egg, quantity: 1 }]), everyWeeks: 1 };

    const cases: [object[], string][] = [
      [
        [
          { productId: egg, quantity: 1 },
          { productId: secret, quantity: 1 },
        ],
        `Line 2 (product ${secret}) is no longer listed`,
      ],
      [
        [
          { productId: hidden, quantity: 1 },
          { productId: egg, quantity: 1 },
        ],
        `Line 1 (product ${hidden}) is no longer listed`,
      ],
      [
        [{ productId: ownPies.productId, variantId: pies.variants[0], quantity: 1 }],
        `Line 1: variant ${pies.variants[0]} is not one of Fruit pie's`,
      ],
      [[{ productId: egg, variantId: pies.variants[0], quantity: 1 }], 'Farm Fresh Eggs has no variants'],
    ];
    for (const [items, text] of cases) {
      const made = await send('POST', '/api/standing', shopper, { ...base, items });
      expect(made.statusCode, made.body).toBe(400);
      expect(made.json().message).toContain(text);
      expect(made.body).not.toContain('Secret Reserve Ham');
    }
    const made = await send('POST', '/api/standing', shopper, base);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().standing.id;
    for (const [items, text] of cases) {
      const changed = await send('PATCH', `/api/standing/${id}`, shopper, { items, endDate: null });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json().message).toContain(text);
    }
    const stored = await app.ctx.db.select().from(standingOrders).where(eq(standingOrders.id, id));
    expect(stored[0].items).toEqual([{ productId: egg, variantId: null, quantity: 1 }]);
  });

  it("shows a stored line of another farm's product as removed, on the reservation and the farm's demand, never with its name or price", async () => {
    const farm = await setUpMarket(app);
    const other = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const secret = await buildProduct(app, other, { name: 'Secret Reserve Ham', priceCents: 7777, stockQuantity: 5 });
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }]),
      everyWeeks: 1,
    });
    const id = made.json().standing.id;
    // As if written before the line check: the names are read among the farm's own products only.
    await app.ctx.db
      .update(standingOrders)
      .set({
        items: [
          { productId: egg, variantId: null, quantity: 1 },
          { productId: secret, variantId: null, quantity: 2 },
        ],
      })
      .where(eq(standingOrders.id, id));
    const seen = await send('GET', `/api/standing/${id}`, shopper);
    expect(seen.statusCode).toBe(200);
    const demand = await send('GET', '/api/standing/demand', farm);
    expect(demand.statusCode).toBe(200);
    for (const answer of [seen.body, demand.body]) {
      expect(answer).not.toContain('Secret Reserve Ham');
      expect(answer).not.toContain('77.77');
    }
    expect(demand.body).toContain('Removed product');
  });

  it("refuses a CSA box with another product's variant or a hidden product of the farm", async () => {
    const farm = await setUpMarket(app);
    const other = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const hidden = await buildProduct(app, farm, { name: 'Hidden Honey', priceCents: 900, active: false });
    const foreignPies = await piesByVariant(other, null);
    const ownPies = await piesByVariant(farm, null);
    const plan = await addSummerShare(app, farm);
    const box = (items: object[]) => send('PUT', `/api/csa/${plan.id}/boxes`, farm, { week_of: '2030-06-08', items });
    const foreignVariant = await box([{ productId: ownPies.productId, variantId: foreignPies.variants[1], quantities: [1] }]);
    expect(foreignVariant.statusCode).toBe(400);
    expect(foreignVariant.json().message).toBe(
      `Line 1: variant ${foreignPies.variants[1]} is not one of Fruit pie's; choose one of its own`,
    );
    const hiddenLine = await box([{ productId: hidden, variantId: null, quantities: [1] }]);
    expect(hiddenLine.statusCode).toBe(400);
    expect(hiddenLine.json().message).toContain(`Line 1 (product ${hidden}) is no longer listed`);
    expect((await box([{ productId: egg, variantId: null, quantities: [1] }])).statusCode).toBe(200);
  });
});

describe("a product's limits judge its lines together", () => {
  it('counts every variant of a product against its day limit (3 + 3 + 3 is not 3)', async () => {
    const farm = await setUpMarket(app);
    const pies = await piesByVariant(farm, 3);
    const shopper = await buildUser(app);
    const split = await placeOrder(
      app,
      shopper,
      orderPayload(farm, pies.variants.map((variantId) => ({ productId: pies.productId, variantId, quantity: 3 })) as never),
    );
    expect(split.statusCode, split.body).toBe(409);
    expect(split.json().message).toBe(
      'Only 3 more Fruit pie can be reserved for Saturday, June 8 (3 per pickup day); lower the quantity or choose another day',
    );
    const within = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [
        { productId: pies.productId, variantId: pies.variants[0], quantity: 2 },
        { productId: pies.productId, variantId: pies.variants[1], quantity: 1 },
      ] as never),
    );
    expect(within.statusCode, within.body).toBe(201);
  });

  it('counts every variant of an untracked product against the quantity cap', async () => {
    const farm = await setUpMarket(app);
    const pies = await piesByVariant(farm, null);
    const each = Math.ceil((ORDER_LIMITS.maxUntrackedQuantity + 1) / 2);
    const split = await placeOrder(
      app,
      await buildUser(app),
      orderPayload(farm, [
        { productId: pies.productId, variantId: pies.variants[0], quantity: each },
        { productId: pies.productId, variantId: pies.variants[1], quantity: each },
      ] as never),
    );
    expect(split.statusCode, split.body).toBe(400);
    expect(split.json().message).toBe(
      `You can reserve at most ${ORDER_LIMITS.maxUntrackedQuantity} of Fruit pie; message the producer for more`,
    );
  });
});

describe('the pickup day comes first', () => {
  async function acceptedOrder() {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id as number;
    expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
    return { farm, shopper, id };
  }

  it('marks an order picked up, closes its day and records its tenders only from the pickup day in the place’s zone', async () => {
    const { farm, shopper, id } = await acceptedOrder();
    const early = await move(app, farm, id, 'picked_up');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Order #${id} is picked up on Saturday, June 8; it can be marked picked up from that day`);
    const closeEarly = await send('POST', '/api/orders/days/2030-06-08/close', farm, { no_show_ids: [] });
    expect(closeEarly.statusCode).toBe(409);
    // An order marked picked up early (before this rule) still records no tenders before its day.
    await app.ctx.db.update(orders).set({ status: 'picked_up' }).where(eq(orders.id, id));
    const tenders = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { cash: 1100 });
    expect(tenders.statusCode).toBe(409);
    await app.ctx.db.update(orders).set({ status: 'accepted' }).where(eq(orders.id, id));
    // The shopper can still cancel before the cut-off: nothing was handed over.
    const view = await send('GET', `/api/orders/${id}`, shopper);
    expect(view.json().order.allowed).toEqual(['cancelled']);

    advanceHours(60); // Saturday 8 June, 00:00 EDT: the pickup day has begun at the market
    const closed = await send('POST', '/api/orders/days/2030-06-08/close', farm, { no_show_ids: [] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().picked_up).toEqual([id]);
    expect((await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { cash: 1100 })).statusCode).toBe(200);
  });

  it('judges the pickup day in the place’s own zone (Central: still Friday at 00:30 Eastern)', async () => {
    const farm = await setUpMarket(app);
    await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, {
      kind: 'market',
      name: 'Bowling Green Farmers Market',
      address: '1 Main St',
      city: 'Bowling Green',
      state: 'KY',
      zip: '42101',
      time_zone: 'America/Chicago',
      schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
    });
    const egg = await eggs(app, farm);
    const placed = await placeOrder(
      app,
      await buildUser(app),
      orderPayload(farm, [{ productId: egg, quantity: 1 }], { startsAt: '2030-06-08T14:00:00.000Z' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id;
    await move(app, farm, id, 'accepted');
    advanceHours(60.5); // Saturday 00:30 EDT is Friday 23:30 CDT
    expect((await move(app, farm, id, 'picked_up')).statusCode).toBe(409);
    advanceHours(1); // Saturday 00:30 CDT
    expect((await move(app, farm, id, 'picked_up')).statusCode).toBe(200);
  });
});

describe('amounts stay inside what can be charged', () => {
  async function byWeightOrder() {
    const farm = await setUpMarket(app);
    const created = await send('POST', '/api/products', farm, {
      name: 'Pork shoulder',
      category: 'meat',
      availability: 'available',
      inspection: 'usda',
      establishment_number: 'EST. 45678',
      price: 8,
      weight_unit: 'lb',
      pack_min: 3,
      pack_max: 5,
      stock_quantity: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: created.json().product.id, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    await move(app, farm, order.id, 'accepted');
    return { farm, shopper, orderId: order.id as number, itemId: order.items[0].id as number };
  }

  it('refuses a pack heavier than its unit allows and a weighed total past the order cap, writing nothing', async () => {
    const { farm, orderId, itemId } = await byWeightOrder();
    const weigh = (weights: number[], confirm = true) =>
      send('PUT', `/api/orders/${orderId}/items/${itemId}/weights`, farm, { weights, confirm });
    const heavy = await weigh([4, 2001]);
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().message).toBe('A pack of Pork shoulder can weigh at most 2,000 lb; check the scale and the unit');
    // A price per lb the farm could have set: 2 packs of 1,000 lb at $9,999 come to $19,998,000.
    await app.ctx.db.update(orderItems).set({ unitPriceCents: 999900 }).where(eq(orderItems.id, itemId));
    const huge = await weigh([1000, 1000]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(
      /^An order can total at most \$100,000\.00; this one comes to \$19,998,000\.00\. Check the weights/,
    );
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.weighedAt).toBeNull();
    expect(row.totalCents).toBeLessThan(10_000);
    expect((await weigh([4, 4.2])).statusCode).toBe(200);
  });

  it('refuses a short harvest without a quantity instead of dropping the line', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const placed = await placeOrder(app, await buildUser(app), orderPayload(farm, [{ productId: egg, quantity: 3 }]));
    const id = placed.json().order.id;
    await move(app, farm, id, 'accepted');
    for (const quantity of [null, '', true, []]) {
      const short = await send('POST', `/api/orders/${id}/lines/${egg}/short`, farm, { quantity, reason: 'Frost' });
      expect(short.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(short.json().message).toMatch(/Quantity must be a number/);
    }
    const view = await send('GET', `/api/orders/${id}`, farm);
    expect(view.json().order.items[0].quantity).toBe(3);
  });

  it("refuses a place's minimum order or delivery fee in fractions of a cent instead of rounding it", async () => {
    const farm = await setUpMarket(app);
    for (const [field, value] of [
      ['min_order', 4.255],
      ['delivery_fee', 2.001],
    ] as const) {
      const saved = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, {
        kind: 'market',
        name: 'Lexington Farmers Market',
        address: '401 W Main St',
        city: 'Lexington',
        state: 'KY',
        zip: '40507',
        schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
        [field]: value,
      });
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().message).toMatch(/whole cents/);
    }
  });
});

describe("a shopper's limits hold under parallel requests", () => {
  it('keeps at most the standing-reservation limit active when a dozen are made at once', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm, { stockQuantity: 100 });
    const shopper = await buildUser(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        send('POST', '/api/standing', shopper, { ...orderPayload(farm, [{ productId: egg, quantity: 1 }]), everyWeeks: 1 }),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 201).length;
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const active = await app.ctx.db.select().from(standingOrders).where(eq(standingOrders.customerId, shopper.id));
    expect(active.filter((r) => r.status === 'active').length).toBe(made);
    expect(made).toBe(5);
  });
});
