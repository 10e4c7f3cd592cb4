import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, orderTenders, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Today's pickups handed over at the stand (decision 575): the market of `setUpMarket` is Saturday
 * 8 June 2030, 9:00–12:00 in Lexington, KY; orders are placed on Wednesday and handed over Saturday.
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
const SATURDAY_930 = new Date('2030-06-08T13:30:00Z');

const sync = (user: TestUser, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: bearer(user), payload: { actions } });

const pickup = (orderId: number, tenders: Record<string, number>, weights: { itemId: number; weights: number[] }[] = []) => ({
  id: randomUUID(),
  kind: 'pickup',
  at: SATURDAY_930.toISOString(),
  device: 'Booth phone',
  orderId,
  weights,
  tenders,
});

/** A shopper's accepted order of a chicken by weight ($7.00/lb, packs of 0.8–1.2 lb) and a dozen eggs ($6.00). */
async function accepted() {
  const farm: Farm = await setUpMarket(app, {}, { farmName: 'Pickup Farm' });
  const chicken = await buildProduct(app, farm, {
    name: 'Whole chicken',
    category: 'meat',
    inspection: 'usda',
    establishmentNumber: 'P-45678',
    priceCents: 700,
    priceUnit: 'lb',
    weightUnit: 'lb',
    packMin: 0.8,
    packMax: 1.2,
    stockQuantity: 10,
  });
  const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 10 });
  const shopper = await buildUser(app);
  const placed = await placeOrder(
    app,
    shopper,
    orderPayload(farm, [
      { productId: chicken, quantity: 1 },
      { productId: egg, quantity: 1 },
    ]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order;
  expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
  const item = (name: string) => order.items.find((i: { name: string }) => i.name === name).id as number;
  return { farm, shopper, order, chicken, egg, chickenLine: item('Whole chicken') };
}

const stockOf = async (id: number) =>
  (await app.ctx.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)))[0].stock;

describe('a pickup synced from the stand', () => {
  it('is listed for the day, weighed, paid and picked up in one action, applied once', async () => {
    const { farm, order, chickenLine } = await accepted();
    useTestClock(app, SATURDAY_930);
    const catalog = (await app.inject({ method: 'GET', url: '/api/stand/catalog', headers: bearer(farm) })).json();
    expect(catalog.pickups).toEqual([
      expect.objectContaining({ order_id: order.id, shopper_name: 'Dana Shopper', status: 'accepted', lines_to_weigh: 1 }),
    ]);
    // 1.1 lb × $7.00 = $7.70, and the eggs' $6.00.
    const action = pickup(order.id, { cash: 1370 }, [{ itemId: chickenLine, weights: [1.1] }]);
    const [result, again] = (await sync(farm, [action, action])).json().results;
    expect(result).toMatchObject({ status: 'applied', duplicate: false, order_id: order.id, total_cents: 1370, conflicts: [] });
    expect(result.message).toBe(`Order #${order.id}: payment recorded and picked up`);
    expect(again).toMatchObject({ duplicate: true, order_id: order.id });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'picked_up', totalCents: 1370, source: 'online' });
    const [line] = await app.ctx.db.select().from(orderItems).where(eq(orderItems.id, chickenLine));
    expect(line.weights).toEqual([1.1]);
    const [tenders] = await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, order.id));
    expect(tenders.cashCents).toBe(1370);
  });

  it('is refused until every pack is weighed, and when the tenders break the rules', async () => {
    const { farm, order, chickenLine } = await accepted();
    useTestClock(app, SATURDAY_930);
    const [unweighed, over] = (
      await sync(farm, [
        pickup(order.id, { cash: 1300 }),
        pickup(order.id, { cash: 9000 }, [{ itemId: chickenLine, weights: [1] }]),
      ])
    ).json().results;
    expect(unweighed).toMatchObject({ status: 'refused' });
    expect(unweighed.message).toContain('Weigh Whole chicken first');
    expect(over).toMatchObject({ status: 'refused' });
    expect(over.message).toContain('more than the order');
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('accepted');
  });

  it('cancelled by the shopper meanwhile, is recorded as a walk-up sale with a conflict, taking the stock again', async () => {
    const { farm, shopper, order, chicken, egg, chickenLine } = await accepted();
    expect(await stockOf(egg)).toBe(9);
    expect((await move(app, shopper, order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(egg)).toBe(10);
    useTestClock(app, SATURDAY_930);
    const [result] = (await sync(farm, [pickup(order.id, { cash: 1300 }, [{ itemId: chickenLine, weights: [1] }])])).json()
      .results;
    expect(result.status).toBe('applied');
    expect(result.order_id).not.toBe(order.id);
    expect(result.conflicts).toEqual([
      {
        kind: 'pickup_cancelled',
        message: `Order #${order.id} was cancelled while the phone was offline, but its food was handed over: recorded as walk-up sale #${result.order_id}`,
        productId: null,
        orderId: order.id,
      },
    ]);
    const [sale] = await app.ctx.db.select().from(orders).where(eq(orders.id, result.order_id));
    expect(sale).toMatchObject({ source: 'stand', status: 'picked_up', totalCents: 1300, taxCents: 0, customerId: farm.id });
    expect(sale.shopperName).toBe(`Dana Shopper (order #${order.id}, cancelled)`);
    const [original] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(original.status).toBe('cancelled');
    expect(await stockOf(egg)).toBe(9);
    expect(await stockOf(chicken)).toBe(9);
  });

  it('of another farm’s order is refused as not found', async () => {
    const { order } = await accepted();
    const other: Farm = await setUpMarket(app, {}, { farmName: 'Other Farm' });
    useTestClock(app, SATURDAY_930);
    const [result] = (await sync(other, [pickup(order.id, { cash: 1300 })])).json().results;
    expect(result).toMatchObject({ status: 'refused', message: `Order #${order.id} is not one of your farm’s orders` });
  });
});
