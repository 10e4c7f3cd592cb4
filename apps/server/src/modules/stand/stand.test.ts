import { randomUUID } from 'node:crypto';
import { KENTUCKY_DOUBLE_DOLLARS } from '@farmstand/shared/benefits/programmes';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orderItems, orders, orderTenders, products, standActions } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import {
  eggs,
  marketPoint,
  move,
  orderPayload,
  placeOrder,
  setUpMarket,
  takeBenefits,
  useTestClock,
  WEDNESDAY_NOON,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Stand mode (issue 47, decision 575): the farm's phone syncs its queued actions, each applied once.
 * The farm of `setUpMarket` is in Lexington, KY; the clock is Wednesday 5 June 2030 at noon (EDT).
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

type Farm = TestProducer & { pointId: number };

const NOON_ISO = WEDNESDAY_NOON.toISOString();
const sync = (user: TestUser | null, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: user ? bearer(user) : {}, payload: { actions } });
const catalog = (user: TestUser | null) =>
  app.inject({ method: 'GET', url: '/api/stand/catalog', headers: user ? bearer(user) : {} });

const sale = (
  lines: { productId: number; quantity: number; variantId?: number; weights?: number[] }[],
  tenders: Record<string, number>,
  extra: Record<string, unknown> = {},
) => ({
  id: randomUUID(),
  kind: 'sale',
  at: NOON_ISO,
  device: 'Booth phone',
  lines,
  tenders,
  ...extra,
});

async function stockOf(id: number) {
  const [row] = await app.ctx.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id));
  return row.stock;
}

async function booth(stock = 12) {
  const farm: Farm = await setUpMarket(app, {}, { farmName: 'Stand Farm' });
  const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: stock });
  return { farm, egg };
}

describe('a walk-up sale synced from the stand', () => {
  it('is an order of the farm’s own, picked up at the sale’s moment, with its tenders and stock taken', async () => {
    const { farm, egg } = await booth();
    const action = sale([{ productId: egg, quantity: 2 }], { cash: 1500 }, { at: '2030-06-05T15:30:00Z' });
    const res = await sync(farm, [action]);
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().results;
    expect(result).toMatchObject({ id: action.id, status: 'applied', duplicate: false, total_cents: 1200, conflicts: [] });
    expect(result.message).toContain('change $3.00');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, result.order_id));
    expect(order).toMatchObject({
      status: 'picked_up',
      source: 'stand',
      customerId: farm.id,
      producerUserId: farm.id,
      windowDate: '2030-06-05',
      totalCents: 1200,
    });
    expect(order.createdAt.toISOString()).toBe('2030-06-05T15:30:00.000Z');
    const [tenders] = await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, order.id));
    // What stays in the box is the sale's amount: the change went back.
    expect(tenders.cashCents).toBe(1200);
    expect(await stockOf(egg)).toBe(10);
  });

  it('is applied once: the same id twice in a batch, again in a later batch, and from two phones at once', async () => {
    const { farm, egg } = await booth();
    const action = sale([{ productId: egg, quantity: 1 }], { cash: 600 });
    const first = await sync(farm, [action, action]);
    const [a, b] = first.json().results;
    expect(a).toMatchObject({ status: 'applied', duplicate: false });
    expect(b).toMatchObject({ status: 'applied', duplicate: true, order_id: a.order_id });
    const again = (await sync(farm, [action])).json().results[0];
    expect(again).toMatchObject({ duplicate: true, order_id: a.order_id, total_cents: 600 });

    // A UUID in capitals is the same id.
    const shouted = (await sync(farm, [{ ...action, id: action.id.toUpperCase() }])).json().results[0];
    expect(shouted).toMatchObject({ duplicate: true, order_id: a.order_id });

    const racing = sale([{ productId: egg, quantity: 1 }], { cash: 600 });
    const answers = await Promise.all([sync(farm, [racing]), sync(farm, [racing]), sync(farm, [racing])]);
    const results = answers.map((r) => r.json().results[0]);
    expect(new Set(results.map((r) => r.order_id)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const stand = await app.ctx.db.select().from(orders).where(eq(orders.producerUserId, farm.id));
    expect(stand).toHaveLength(2);
    expect(await stockOf(egg)).toBe(10);
  });

  it('applies the actions in the order sent', async () => {
    const { farm, egg } = await booth(3);
    const actions = [1, 2, 3].map(() => sale([{ productId: egg, quantity: 1 }], { cash: 600 }));
    const results = (await sync(farm, actions)).json().results;
    expect(results.map((r: { id: string }) => r.id)).toEqual(actions.map((a) => a.id));
    const ids = results.map((r: { order_id: number }) => r.order_id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });

  it('records an oversell, flags it and sets the stock to 0, which the web shop then sees', async () => {
    const { farm, egg } = await booth(2);
    const [result] = (await sync(farm, [sale([{ productId: egg, quantity: 3 }], { cash: 1800 })])).json().results;
    expect(result.status).toBe('applied');
    expect(result.conflicts).toEqual([
      {
        kind: 'oversold',
        message: 'Sold 3 Farm Fresh Eggs at the stand, 1 more than was left: stock set to 0; check the online orders',
        productId: egg,
        orderId: result.order_id,
      },
    ]);
    expect(await stockOf(egg)).toBe(0);
    const shop = await app.inject({ method: 'GET', url: `/api/products/${egg}` });
    expect(shop.json().product.stock_quantity).toBe(0);
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    expect(placed.statusCode).toBe(400);
    expect(placed.json().message).toContain('sold out');
  });

  it('is refused, writing nothing, when SNAP pays a line SNAP cannot pay', async () => {
    const farm: Farm = await setUpMarket(app, {}, { farmName: 'Soap Farm' });
    const soap = await buildProduct(app, farm, { name: 'Dog biscuits', category: 'pet_food', priceCents: 800, stockQuantity: 5 });
    await takeBenefits(app, admin, farm);
    const action = sale([{ productId: soap, quantity: 1 }], { snap: 800 });
    const [result] = (await sync(farm, [action])).json().results;
    expect(result).toMatchObject({ status: 'refused', order_id: null });
    expect(result.message).toMatch(/SNAP/);
    expect(await app.ctx.db.select().from(standActions).where(eq(standActions.actionId, action.id))).toHaveLength(0);
    expect(await stockOf(soap)).toBe(5);
    // Corrected by the farmer, the same id is applied.
    const fixed = (await sync(farm, [{ ...action, tenders: { cash: 800 } }])).json().results[0];
    expect(fixed).toMatchObject({ status: 'applied', duplicate: false });
  });

  it('taxes the taxable lines of a mixed basket, never the part SNAP paid, per line and per order', async () => {
    const farm: Farm = await setUpMarket(app, {}, { farmName: 'Mixed Farm' });
    const egg = await eggs(app, farm, { priceCents: 600 });
    const fudge = await buildProduct(app, farm, {
      name: 'Fudge',
      category: 'bread',
      taxClass: 'candy',
      priceCents: 500,
      priceUnit: 'box',
    });
    const biscuits = await buildProduct(app, farm, {
      name: 'Dog biscuits',
      category: 'pet_food',
      taxClass: 'non_food',
      priceCents: 1000,
      priceUnit: 'bag',
    });
    await takeBenefits(app, admin, farm);
    const lines = [
      { productId: egg, quantity: 1 },
      { productId: fudge, quantity: 1 },
      { productId: biscuits, quantity: 1 },
    ];
    // Goods $21.00; SNAP $3.00 pays part of the fudge (taxable lines first): taxable $2.00 + $10.00, 6 % = $0.72.
    const [result] = (await sync(farm, [sale(lines, { snap: 300, cash: 1872 })])).json().results;
    expect(result).toMatchObject({ status: 'applied', total_cents: 2172, tax_cents: 72 });
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, result.order_id));
    expect(order).toMatchObject({ totalCents: 2100, taxCents: 72, taxableCents: 1200, exemptCents: 900 });
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const taxOf = (id: number) => items.find((i) => i.productId === id);
    expect(taxOf(egg)).toMatchObject({ taxCents: 0, taxClass: 'food' });
    expect(taxOf(fudge)).toMatchObject({ taxCents: 12, taxClass: 'candy' });
    expect(taxOf(biscuits)).toMatchObject({ taxCents: 60, taxClass: 'non_food' });
    // Without SNAP the whole fudge is taxed: ($5.00 + $10.00) × 6 % = $0.90.
    const [cash] = (await sync(farm, [sale(lines, { cash: 2190 })])).json().results;
    expect(cash).toMatchObject({ status: 'applied', total_cents: 2190, tax_cents: 90 });
  });

  it('is refused when the tenders leave the tax unpaid', async () => {
    const farm: Farm = await setUpMarket(app, {}, { farmName: 'Candle Farm' });
    const candle = await buildProduct(app, farm, {
      name: 'Beeswax candle',
      category: 'other',
      taxClass: 'non_food',
      priceCents: 1000,
    });
    const [result] = (await sync(farm, [sale([{ productId: candle, quantity: 1 }], { card: 1000 })])).json().results;
    expect(result).toMatchObject({ status: 'refused' });
    expect(result.message).toBe(
      'The tenders add up to $10.00; the sale comes to $10.60 ($0.60 tax included): record what paid all of it',
    );
  });

  it('refuses tenders that do not pay the sale, and a product of another farm', async () => {
    const { farm, egg } = await booth();
    const other = await booth();
    const [short, foreign] = (
      await sync(farm, [
        sale([{ productId: egg, quantity: 2 }], { cash: 600 }),
        sale([{ productId: other.egg, quantity: 1 }], { cash: 600 }),
      ])
    ).json().results;
    expect(short).toMatchObject({ status: 'refused' });
    expect(short.message).toBe('The tenders add up to $6.00; the sale comes to $12.00: record what paid all of it');
    expect(foreign).toMatchObject({ status: 'refused' });
    expect(foreign.message).toContain('no longer listed by this producer');
  });

  it('records a sale of a product the farm hid after the phone kept its catalogue: the sale was made', async () => {
    const { farm, egg } = await booth();
    await app.ctx.db.update(products).set({ active: false }).where(eq(products.id, egg));
    const [result] = (await sync(farm, [sale([{ productId: egg, quantity: 2 }], { cash: 1200 })])).json().results;
    expect(result).toMatchObject({ status: 'applied', total_cents: 1200 });
    expect(await stockOf(egg)).toBe(10);
  });

  it('is refused, writing nothing, when the phone dates it more than 60 days ago (a wrong clock), naming that day in the farm’s zone', async () => {
    const { farm, egg } = await booth();
    const [old] = (
      await sync(farm, [sale([{ productId: egg, quantity: 1 }], { cash: 600 }, { at: '2020-03-02T03:00:00Z' })])
    ).json().results;
    expect(old).toMatchObject({ status: 'refused', order_id: null });
    expect(old.message).toBe("This was dated 2020-03-01, more than 60 days ago: check the phone's date and ring it up again");
    expect(await stockOf(egg)).toBe(12);
    // A day-old sale from a phone that was offline is still recorded.
    const day = new Date(WEDNESDAY_NOON.getTime() - 86_400_000).toISOString();
    const [late] = (await sync(farm, [sale([{ productId: egg, quantity: 1 }], { cash: 600 }, { at: day })])).json().results;
    expect(late).toMatchObject({ status: 'applied' });
  });

  it('mails a receipt after the sale when the phone asks', async () => {
    const { farm, egg } = await booth();
    const [result] = (
      await sync(farm, [sale([{ productId: egg, quantity: 1 }], { card: 600 }, { receiptEmail: 'walkup@example.com' })])
    ).json().results;
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'walkup@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your receipt from Stand Farm: $6.00');
    expect(mails[0].body).toContain(`Stand Farm, sale #${result.order_id}`);
    expect(mails[0].body).toContain('Card: $6.00');
    expect(mails[0].body).toContain('Wed, Jun 5');
  });

  it('stays out of the farm’s online lists and its shopper list, and in its orders per week', async () => {
    const { farm, egg } = await booth();
    const [result] = (await sync(farm, [sale([{ productId: egg, quantity: 1 }], { cash: 600 })])).json().results;
    const received = await app.inject({ method: 'GET', url: '/api/orders/received', headers: bearer(farm) });
    expect(received.json().orders.map((o: { id: number }) => o.id)).not.toContain(result.order_id);
    const mine = await app.inject({ method: 'GET', url: '/api/orders/mine?scope=past', headers: bearer(farm) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().orders.map((o: { id: number }) => o.id)).not.toContain(result.order_id);
    // The farm's dashboard counts it among the week's orders and their value.
    const weekly = await app.inject({ method: 'GET', url: '/api/orders/weekly', headers: bearer(farm) });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json().weeks).toContainEqual({ week_start: '2030-06-03', orders: 1, reserved_value: 6 });
  });
});

describe('the stand’s catalogue', () => {
  it('offers the incentive when a later place of the farm is one of its markets, not only the first place', async () => {
    const { farm } = await booth();
    await takeBenefits(app, admin, farm);
    const listed = await app.inject({
      method: 'PUT',
      url: '/api/admin/benefits/incentives/ky_double_dollars',
      headers: bearer(admin),
      payload: {
        name: KENTUCKY_DOUBLE_DOLLARS.name,
        state: 'KY',
        matches: ['snap', 'wic_fmnp', 'senior_fmnp'],
        matchPercent: 100,
        dailyCapCents: 2000,
        groups: KENTUCKY_DOUBLE_DOLLARS.groups,
        originState: 'KY',
        tokenCents: 200,
        markets: ['Bluegrass Farmers Market'],
        sources: [{ title: 'Kentucky Double Dollars, Using KDD', url: 'https://kentuckydoubledollars.org/using-kdd/' }],
        confirmed: false,
        note: '',
        active: true,
      },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    // The farm's first place is not a market of the incentive; its second one is.
    const second = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(farm),
      payload: marketPoint({ name: 'Bluegrass Farmers Market', incentive_market: 'Bluegrass Farmers Market' }),
    });
    expect(second.statusCode, second.body).toBe(201);
    const body = (await catalog(farm)).json();
    expect(body.tenders.kinds).toContain('incentive');
    expect(body.tenders.incentive).toMatchObject({ name: KENTUCKY_DOUBLE_DOLLARS.name });
    expect(body.places.map((p: { incentive_market: string | null }) => p.incentive_market)).toEqual([
      null,
      'Bluegrass Farmers Market',
    ]);
  });

  it('offers what accepted pickups left, with the farm’s places, tenders and today’s pickups', async () => {
    const { farm, egg } = await booth(10);
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 4 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await move(app, farm, placed.json().order.id, 'accepted')).statusCode).toBe(200);
    const res = await catalog(farm);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.today).toBe('2030-06-05');
    expect(body.farm).toMatchObject({ user_id: farm.id, farm_name: 'Stand Farm', time_zone: 'America/New_York', state: 'KY' });
    expect(body.products).toEqual([
      expect.objectContaining({ id: egg, name: 'Farm Fresh Eggs', price_cents: 600, stock: 6, weight_unit: null, variants: [] }),
    ]);
    expect(body.tenders.kinds).toEqual(expect.arrayContaining(['cash', 'card', 'check', 'farm_credit']));
    expect(body.places).toEqual([expect.objectContaining({ id: farm.pointId, name: 'Lexington Farmers Market' })]);
    // The order's pickup is Saturday: not today's.
    expect(body.pickups).toEqual([]);
  });
});

describe('who may use the stand', () => {
  it('is the farm’s own account: shoppers and admins 403, nobody signed in 401', async () => {
    const { farm, egg } = await booth();
    const shopper = await buildUser(app);
    expect((await catalog(null)).statusCode).toBe(401);
    expect((await catalog(shopper)).statusCode).toBe(403);
    expect((await catalog(admin)).statusCode).toBe(403);
    const action = sale([{ productId: egg, quantity: 1 }], { cash: 600 });
    expect((await sync(null, [action])).statusCode).toBe(401);
    expect((await sync(shopper, [action])).statusCode).toBe(403);
    expect((await sync(admin, [action])).statusCode).toBe(403);
    expect(await app.ctx.db.select().from(orders).where(eq(orders.producerUserId, farm.id))).toHaveLength(0);
  });

  it('answers hostile input with 400 and a message', async () => {
    const { farm, egg } = await booth();
    const bad = async (actions: unknown[]) => {
      const res = await sync(farm, actions);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad([{ ...sale([{ productId: egg, quantity: 1 }], { cash: 600 }), id: 'not-a-uuid' }])).toContain(
      'Each action needs its own id',
    );
    const many = Array.from({ length: 201 }, () => sale([{ productId: egg, quantity: 1 }], { cash: 600 }));
    expect(await bad(many)).toContain('at most 200');
    expect(await bad([sale([{ productId: egg, quantity: 1, weights: [-1] }], { cash: 600 })])).toContain('more than 0');
    // A weight the scale cannot show would price a pack at nothing: as the pickup screen, at most 3 decimals.
    expect(await bad([sale([{ productId: egg, quantity: 1, weights: [0.0000001] }], { cash: 0 })])).toContain(
      'at most 3 decimals',
    );
    expect(await bad([sale([{ productId: egg, quantity: 1 }], { cash: -5 })])).toContain('cannot be negative');
    expect(
      await app.ctx.db
        .select()
        .from(orders)
        .where(inArray(orders.producerUserId, [farm.id])),
    ).toHaveLength(0);
  });
});
