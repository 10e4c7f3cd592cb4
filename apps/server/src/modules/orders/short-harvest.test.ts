import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, products } from '../../db/schema';
import type { DomainEventMap } from '../../lib/events';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import type { TestProducer } from '../../test/listing-factories';
import { advanceHours, eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;
const changes: DomainEventMap['order.changed'][] = [];

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  app.ctx.events.on('order.changed', (event) => {
    changes.push(event);
  });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const stockOf = async (productId: number) =>
  (await app.ctx.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, productId)))[0].s;

const shorten = (user: TestUser, orderId: number, productId: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/lines/${productId}/short`, headers: bearer(user), payload });

type Item = { product_id: number; quantity: number; ordered_quantity: number | null; short_reason: string | null };
const lineOf = (order: { items: Item[] }, productId: number) => order.items.find((i) => i.product_id === productId);

/**
 * A producer at the Saturday market with eggs ($5.50 a dozen, 12 in stock) and strawberries
 * ($1.15 a pint, 100 in stock; 7 × 1.15 is 8.049999… in floating point), and a fresh shopper's order
 * of 4 dozen eggs and 7 pints, accepted unless told otherwise.
 */
async function orderOfTwoLines(accept = true) {
  const producer: TestProducer & { pointId: number } = await setUpMarket(app);
  const shopper = await buildUser(app);
  const egg = await eggs(app, producer);
  const berries = await eggs(app, producer, { name: 'Strawberries', priceCents: 115, priceUnit: 'pint', stockQuantity: 100 });
  const placed = await placeOrder(
    app,
    shopper,
    orderPayload(producer, [
      { productId: egg, quantity: 4 },
      { productId: berries, quantity: 7 },
    ]),
  );
  expect(placed.statusCode).toBe(201);
  const id = placed.json().order.id as number;
  if (accept) expect((await move(app, producer, id, 'accepted')).statusCode).toBe(200);
  return { producer, shopper, egg, berries, id };
}

describe('a short harvest', () => {
  it('cuts a line of an accepted order: totals in cents, reserved stock back, an event, a thread message, the shopper told live and by mail', async () => {
    const { producer, shopper, egg, berries, id } = await orderOfTwoLines();
    expect(await stockOf(berries)).toBe(93);
    changes.length = 0;

    const res = await shorten(producer, id, berries, { quantity: 3, reason: 'have 90 pints, sold 100' });
    expect(res.statusCode).toBe(200);
    const order = res.json().order;
    expect(order.status).toBe('accepted');
    expect(lineOf(order, berries)).toMatchObject({
      quantity: 3,
      ordered_quantity: 7,
      short_reason: 'have 90 pints, sold 100',
      line_total: 3.45,
    });
    expect(lineOf(order, egg)).toMatchObject({ quantity: 4, ordered_quantity: null, short_reason: null });
    // 4 × $5.50 + 3 × $1.15 = $22.00 + $3.45, no delivery fee.
    expect(order.subtotal).toBe(25.45);
    expect(order.total).toBe(25.45);
    expect(await stockOf(berries)).toBe(97);
    expect(await stockOf(egg)).toBe(8);
    expect(order.events.at(-1)).toMatchObject({
      status: 'accepted',
      actor: 'producer',
      reason: 'Strawberries cut from 7 to 3 (have 90 pints, sold 100)',
    });

    expect(changes).toEqual([
      expect.objectContaining({
        orderId: id,
        status: 'accepted',
        previousStatus: 'accepted',
        actorRole: 'producer',
        customerId: shopper.id,
        shopperMessage: expect.stringContaining(`Order #${id} from`),
      }),
    ]);
    expect(changes[0].shopperMessage).toContain('Strawberries cut from 7 to 3 (have 90 pints, sold 100)');

    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
    const mail = mails.find((m) => m.subject === `Order #${id} changed: less than you asked for`);
    expect(mail?.body).toContain('Strawberries cut from 7 to 3 (have 90 pints, sold 100)');
    expect(mail?.body).toContain('New total $25.45');
    expect(mail?.body).toContain('cancel it without penalty');

    const thread = await app.inject({ method: 'GET', url: `/api/orders/${id}/messages`, headers: bearer(shopper) });
    expect(thread.json().messages.at(-1).content).toBe(`Order #${id}: Strawberries cut from 7 to 3 (have 90 pints, sold 100)`);

    // A second cut keeps what the shopper first asked for, and the shopper sees the same line.
    const again = await shorten(producer, id, berries, { quantity: 2, reason: 'birds got some' });
    expect(lineOf(again.json().order, berries)).toMatchObject({
      quantity: 2,
      ordered_quantity: 7,
      short_reason: 'birds got some',
    });
    expect(await stockOf(berries)).toBe(98);
    const seen = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(shopper) });
    expect(lineOf(seen.json().order, berries)).toMatchObject({ quantity: 2, ordered_quantity: 7 });
    expect(seen.json().order.total).toBe(24.3);
  });

  it('cuts a requested order without touching stock (none was taken yet); accepting then takes only what is left', async () => {
    const { producer, berries, id } = await orderOfTwoLines(false);
    const res = await shorten(producer, id, berries, { quantity: 5, reason: 'frost took the rest' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('requested');
    expect(res.json().order.subtotal).toBe(27.75);
    expect(await stockOf(berries)).toBe(100);
    expect((await move(app, producer, id, 'accepted')).statusCode).toBe(200);
    expect(await stockOf(berries)).toBe(95);
  });

  it('drops every line: the order is cancelled by the producer with the reason and all its stock goes back', async () => {
    const { producer, shopper, egg, berries, id } = await orderOfTwoLines();
    expect((await shorten(producer, id, egg, { quantity: 0, reason: 'the hens stopped laying' })).json().order.status).toBe(
      'accepted',
    );
    expect(await stockOf(egg)).toBe(12);
    changes.length = 0;
    const res = await shorten(producer, id, berries, { quantity: 0, reason: 'hail' });
    expect(res.statusCode).toBe(200);
    const order = res.json().order;
    expect(order.status).toBe('cancelled');
    expect(order.subtotal).toBe(0);
    expect(order.total).toBe(0);
    expect(order.allowed).toEqual([]);
    expect(order.events.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'producer',
      reason: 'Strawberries dropped, 7 asked (hail)',
    });
    expect(lineOf(order, egg)).toMatchObject({ quantity: 0, ordered_quantity: 4 });
    expect(await stockOf(berries)).toBe(100);
    expect(changes[0]).toMatchObject({ status: 'cancelled', previousStatus: 'accepted', actorRole: 'producer' });
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
    expect(mails.map((m) => m.subject)).toContain(`Order #${id} cancelled: ${res.json().order.producer.farm_name} has none left`);
    const upcoming = await app.inject({ method: 'GET', url: '/api/orders/mine?scope=upcoming', headers: bearer(shopper) });
    expect(upcoming.json().orders.map((o: { id: number }) => o.id)).not.toContain(id);
  });

  it('lets the shopper cancel what is left after the cut-off once a line was shortened, and not before', async () => {
    const { producer, shopper, egg, berries, id } = await orderOfTwoLines();
    advanceHours(48); // Friday noon: orders for Saturday 9 AM closed on Friday 9 AM.
    const mine = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(shopper) });
    expect(mine.json().order.allowed).toEqual([]);
    expect((await move(app, shopper, id, 'cancelled')).statusCode).toBe(409);

    const cut = await shorten(producer, id, berries, { quantity: 1, reason: 'frost took the rest' });
    expect(cut.statusCode).toBe(200);
    const seen = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(shopper) });
    expect(seen.json().order.allowed).toEqual(['cancelled']);
    const cancelled = await move(app, shopper, id, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe('cancelled');
    expect(await stockOf(egg)).toBe(12);
    expect(await stockOf(berries)).toBe(100);
  });

  it('is refused once the order is ready (409), to the shopper and admins (403) and to another producer (404)', async () => {
    const { producer, shopper, berries, id } = await orderOfTwoLines();
    const other = await setUpMarket(app);
    const reason = { quantity: 1, reason: 'frost' };
    const byShopper = await shorten(shopper, id, berries, reason);
    expect(byShopper.statusCode).toBe(403);
    expect(byShopper.json().message).toContain('Only the producer can shorten a line');
    expect((await shorten(admin, id, berries, reason)).statusCode).toBe(403);
    const byOther = await shorten(other, id, berries, reason);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe('Order not found');
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${id}/lines/${berries}/short`, payload: reason })).statusCode,
    ).toBe(401);

    expect((await move(app, producer, id, 'ready')).statusCode).toBe(200);
    const late = await shorten(producer, id, berries, reason);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('This order is ready for pickup, so its lines can no longer be shortened');
    expect(await stockOf(berries)).toBe(93);
  });

  it('checks the quantity and the reason, answering what to change (400), and an unknown line (404)', async () => {
    const { producer, egg, berries, id } = await orderOfTwoLines();
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 7, reason: 'frost' }, 'Enter less than the 7 in this line (0 drops it)'],
      [{ quantity: 9, reason: 'frost' }, 'Enter less than the 7 in this line (0 drops it)'],
      [{ quantity: -1, reason: 'frost' }, 'Quantity must be 0 (drop the line) or more'],
      [{ quantity: 2.5, reason: 'frost' }, 'Quantity must be a whole number'],
      [{ quantity: 'many', reason: 'frost' }, 'Quantity must be a number'],
      [{ quantity: 2, reason: '   ' }, 'Say why there is less'],
      [{ quantity: 2 }, 'Say why there is less'],
      [{ quantity: 2, reason: 'x'.repeat(301) }, 'Reason must be at most 300 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await shorten(producer, id, berries, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await shorten(producer, id, egg + 1000, { quantity: 1, reason: 'frost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('no line for that product');
    expect(await stockOf(berries)).toBe(93);
  });
});
