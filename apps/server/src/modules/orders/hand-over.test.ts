import { formatAmountToPay } from '@farmstand/shared/format/by-weight';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orderEvents, orderTenders } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import type { TestProducer } from '../../test/listing-factories';
import { advanceHours, eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { mailAmount } from './order-lines';
import * as repo from './orders.repository';

/**
 * The booth on the pickup day (decisions 548, 549): an order's flags while its by-weight lines are
 * weighed one by one, and "Paid & picked up" as one step that a retry applies once. The market of
 * `setUpMarket` is Saturday 8 June 2030, 9:00–12:00 in Lexington, KY; the clock starts Wednesday noon.
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

const weigh = (user: TestUser, orderId: number, itemId: number, weights: number[]) =>
  app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/items/${itemId}/weights`,
    headers: bearer(user),
    payload: { weights },
  });
const handOver = (user: TestUser, orderId: number, tenders: Record<string, number>) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/hand-over`, headers: bearer(user), payload: { tenders } });

/** Chicken by weight ($7.00/lb, 0.8–1.2 lb packs: ≈ $7.00 a pack), pork chops by weight, and eggs by the piece. */
async function booth() {
  const farm: Farm = await setUpMarket(app, {}, { farmName: 'Booth Farm' });
  const byWeight = async (name: string, price: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(farm),
      payload: {
        name,
        category: 'meat',
        availability: 'available',
        inspection: 'usda',
        establishment_number: 'P-45678',
        price,
        weight_unit: 'lb',
        pack_min: 0.8,
        pack_max: 1.2,
        stock_quantity: 10,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product.id as number;
  };
  const chicken = await byWeight('Whole chicken', 7);
  const chops = await byWeight('Pork chops', 10);
  const egg = await eggs(app, farm, { priceCents: 600 });
  const shopper = await buildUser(app);
  const placed = await placeOrder(
    app,
    shopper,
    orderPayload(farm, [
      { productId: chicken, quantity: 1 },
      { productId: chops, quantity: 1 },
      { productId: egg, quantity: 1 },
    ]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order;
  expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
  const line = (name: string) => order.items.find((i: { name: string }) => i.name === name).id as number;
  return { farm, shopper, order, chicken: line('Whole chicken'), chops: line('Pork chops') };
}

describe("an order's amount while its packs are weighed", () => {
  it('says how many lines are still to weigh and what is known so far, from estimate to final', async () => {
    const { farm, order, chicken, chops } = await booth();
    // Placed: $7.00 + $10.00 estimated, $6.00 eggs.
    expect(order).toMatchObject({ estimated: true, lines_to_weigh: 2, lines_weighed: 0, total: 23, total_so_far: 6 });

    const partly = (await weigh(farm, order.id, chicken, [1.2])).json().order;
    // 1.2 lb × $7.00 = $8.40 weighed; the chops still at their estimate in `total`.
    expect(partly).toMatchObject({ estimated: true, lines_to_weigh: 1, lines_weighed: 1, total: 24.4, total_so_far: 14.4 });
    const items = await repo.findItems(app.ctx.db, order.id);
    expect(mailAmount(items, 0)).toBe('so far $14.40, 1 line still to weigh');

    const done = (await weigh(farm, order.id, chops, [0.9])).json().order;
    expect(done).toMatchObject({ estimated: false, lines_to_weigh: 0, lines_weighed: 2, total: 23.4, total_so_far: 23.4 });
  });

  it('is written one way for each stage: an estimate, so far, final', () => {
    const base = { estimateCents: 2300, minCents: 1900, maxCents: 2700, soFarCents: 600 };
    expect(formatAmountToPay({ ...base, linesToWeigh: 2, linesWeighed: 0 })).toBe(
      'about $23.00 ($19.00–$27.00), the final price after weighing',
    );
    expect(formatAmountToPay({ ...base, soFarCents: 1440, linesToWeigh: 1, linesWeighed: 1 })).toBe(
      'so far $14.40, 1 line still to weigh',
    );
    expect(formatAmountToPay({ ...base, soFarCents: 600, linesToWeigh: 3, linesWeighed: 1 })).toBe(
      'so far $6.00, 3 lines still to weigh',
    );
    expect(formatAmountToPay({ ...base, estimateCents: 2340, linesToWeigh: 0, linesWeighed: 2 })).toBe('$23.40');
  });
});

describe('paid & picked up in one step', () => {
  /** Saturday 9:30 at the market. */
  const atTheMarket = () => advanceHours(3 * 24 - 12 + 9.5);

  const tendersOf = (orderId: number) => app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, orderId));
  const pickedUpEvents = (orderId: number) =>
    app.ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'picked_up')));

  it('records the tenders and marks the order picked up, and a retry applies it once', async () => {
    const { farm, shopper, order, chicken, chops } = await booth();
    atTheMarket();
    expect((await weigh(farm, order.id, chicken, [1.2])).statusCode).toBe(200);
    expect((await weigh(farm, order.id, chops, [0.9])).statusCode).toBe(200);

    const first = await handOver(farm, order.id, { cash: 2000, card: 340 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order.status).toBe('picked_up');
    expect(first.json().benefits.tenders).toMatchObject({ cash: 2000, card: 340 });
    expect(first.json().message).toBe(`Order #${order.id}: payment recorded and picked up`);

    // The answer was lost on the way: the phone sends it again.
    const retry = await handOver(farm, order.id, { cash: 2000, card: 340 });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().order.status).toBe('picked_up');
    expect(retry.json().message).toBe(`Order #${order.id} was already picked up: payment recorded`);

    const rows = await tendersOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cashCents: 2000, cardCents: 340 });
    expect(await pickedUpEvents(order.id)).toHaveLength(1);
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
    expect(mails.filter((m) => /picked up/i.test(m.subject))).toHaveLength(1);
    // The month's ledger counts the order once.
    const ledger = await app.inject({
      method: 'GET',
      url: '/api/benefits/ledger?month=2030-06&format=json',
      headers: bearer(farm),
    });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json().orders.filter((o: { order_id: number }) => o.order_id === order.id)).toHaveLength(1);
  });

  it('is refused while a line is still to weigh, before the pickup day, above the total, and to anyone but the farm', async () => {
    const { farm, shopper, order, chicken, chops } = await booth();
    // Before the pickup day: nothing is written.
    const early = await handOver(farm, order.id, { cash: 100 });
    expect(early.statusCode).toBe(409);
    atTheMarket();
    expect((await weigh(farm, order.id, chicken, [1.2])).statusCode).toBe(200);
    const unweighed = await handOver(farm, order.id, { cash: 100 });
    expect(unweighed.statusCode).toBe(409);
    expect(unweighed.json().message).toBe(
      'Weigh Pork chops first (1 line still to weigh): the amount to pay is final once every pack is weighed',
    );
    expect(await tendersOf(order.id)).toHaveLength(0);

    expect((await weigh(farm, order.id, chops, [0.9])).statusCode).toBe(200);
    const above = await handOver(farm, order.id, { cash: 99_999 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toMatch(/\$23\.40/);
    expect((await handOver(shopper, order.id, { cash: 100 })).statusCode).toBe(403);
    const stranger = await setUpMarket(app);
    expect((await handOver(stranger, order.id, { cash: 100 })).statusCode).toBe(404);
    const bad = await handOver(farm, order.id, { cash: -1 });
    expect(bad.statusCode).toBe(400);

    expect(await tendersOf(order.id)).toHaveLength(0);
    expect(await pickedUpEvents(order.id)).toHaveLength(0);
    const still = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(farm) });
    expect(still.json().order.status).toBe('accepted');
  });
});
