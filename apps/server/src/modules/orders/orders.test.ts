import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, orderEvents, orders, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/listing-factories';
import {
  advanceHours,
  eggs,
  marketPoint,
  move,
  orderPayload,
  placeOrder,
  SATURDAY_9AM,
  setUpMarket,
  useTestClock,
  WEDNESDAY_NOON,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let shopper: TestUser;
let otherShopper: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  shopper = await buildUser(app);
  otherShopper = await buildUser(app);
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));
afterEach(() => vi.restoreAllMocks());

/** Shoppers of their own: one account has at most one open order per window. */
const shoppers = (n: number) => Promise.all(Array.from({ length: n }, () => buildUser(app)));

const stockOf = async (productId: number) =>
  (await app.ctx.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, productId)))[0].s;

/** Order mail leaves after the answer (never slowing it down): poll the outbox for it. */
async function waitForMail(to: string, matches: (subject: string) => boolean) {
  await vi.waitFor(
    async () => {
      const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
      expect(
        mails.some((m) => matches(m.subject)),
        `a matching mail to ${to}`,
      ).toBe(true);
    },
    { timeout: 5000, interval: 100 },
  );
}

describe('pickup setup', () => {
  it('lets a producer set a market with a schedule, cut-off and cap, shown publicly with its next windows', async () => {
    const producer = await setUpMarket(app, { cutoff_hours: 24, cap_per_window: 3 });
    const own = await app.inject({ method: 'GET', url: '/api/pickup/mine', headers: bearer(producer) });
    expect(own.statusCode).toBe(200);
    expect(own.json().settings).toMatchObject({
      cutoff_hours: 24,
      cap_per_window: 3,
      close_after_hours: 12,
      // Unhandled orders are not counted as sales unless the farm says so.
      close_as: 'no_show',
    });
    expect(own.json().points[0]).toMatchObject({
      kind: 'market',
      name: 'Lexington Farmers Market',
      schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
    });

    const pub = await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` });
    expect(pub.statusCode).toBe(200);
    const [first] = pub.json().windows;
    expect(first).toMatchObject({
      starts_at: SATURDAY_9AM,
      date: '2030-06-08',
      remaining: 3,
      full: false,
      cutoff_at: '2030-06-07T13:00:00.000Z',
    });
    expect(pub.json().windows.length).toBe(3);
  });

  it('refuses guests (401), consumers (403) and bad input (400 naming the field)', async () => {
    const producer = await buildProducer(app);
    expect((await app.inject({ method: 'GET', url: '/api/pickup/mine' })).statusCode).toBe(401);
    const consumer = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(shopper),
      payload: marketPoint(),
    });
    expect(consumer.statusCode).toBe(403);
    const noSchedule = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: marketPoint({ schedule: [] }),
    });
    expect(noSchedule.statusCode).toBe(400);
    expect(noSchedule.json().message).toMatch(/at least one day/i);
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: marketPoint({ schedule: [{ weekday: 6, start: '12:00', end: '09:00' }] }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/after the start/i);
    const noAddress = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: marketPoint({ address: '' }),
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toMatch(/address/i);
  });

  it("hides another farm's place (404) and removes its own", async () => {
    const a = await setUpMarket(app);
    const b = await buildProducer(app);
    const foreign = await app.inject({ method: 'DELETE', url: `/api/pickup/mine/points/${a.pointId}`, headers: bearer(b) });
    expect(foreign.statusCode).toBe(404);
    const own = await app.inject({ method: 'DELETE', url: `/api/pickup/mine/points/${a.pointId}`, headers: bearer(a) });
    expect(own.statusCode).toBe(200);
    const pub = await app.inject({ method: 'GET', url: `/api/pickup/producers/${a.id}` });
    expect(pub.json().windows).toEqual([]);
  });
});

describe('placing an order', () => {
  it('reserves two products for Saturday with the total, notifies the producer by mail and starts the order thread', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer);
    const honey = await buildProduct(app, producer, {
      name: 'Wildflower Honey',
      category: 'honey',
      priceCents: 1200,
      priceUnit: 'jar',
      stockQuantity: null,
    });
    const res = await placeOrder(
      app,
      shopper,
      orderPayload(producer, [
        { productId: egg, quantity: 2 },
        { productId: honey, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({
      status: 'requested',
      total: 23,
      subtotal: 23,
      fulfilment: 'pickup',
      window: { starts_at: SATURDAY_9AM, date: '2030-06-08' },
    });
    expect(order.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Farm Fresh Eggs', 2],
      ['Wildflower Honey', 1],
    ]);
    expect(order.allowed).toEqual(['cancelled']);
    expect(await stockOf(egg)).toBe(12); // not taken until the producer accepts

    const thread = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/messages`, headers: bearer(producer) });
    expect(thread.json().messages[0].content).toMatch(new RegExp(`^Order #${order.id} for Lexington Farmers Market`));
    await waitForMail(producer.email, (subject) => subject.startsWith(`New order #${order.id}`));
  });

  it('answers with the order exactly as stored, written in one statement, with or without messaging', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer);
    const jam = await buildProduct(app, producer, {
      name: 'Blackberry Jam',
      category: 'jellies',
      priceCents: 725,
      priceUnit: 'jar',
    });
    const features = await app.ctx.settings.get('features');
    try {
      for (const messaging of [true, false]) {
        await app.ctx.settings.set('features', { ...features, enable_messaging: messaging });
        const [shopper] = await shoppers(1);
        const res = await placeOrder(
          app,
          shopper,
          orderPayload(producer, [
            { productId: jam, quantity: 3 },
            { productId: egg, quantity: 1 },
          ]),
        );
        expect(res.statusCode).toBe(201);
        const placed = res.json().order;
        const stored = await app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(shopper) });
        // The answer is built from what was written; reading it back gives the same order, lines in basket order.
        expect(stored.json().order).toEqual(placed);
        expect(placed.items.map((i: { name: string }) => i.name)).toEqual(['Blackberry Jam', 'Farm Fresh Eggs']);
        expect(placed.total).toBe(27.25);
        const events = await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.id));
        expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId])).toEqual([[null, 'requested', shopper.id]]);
        const thread = await app.inject({ method: 'GET', url: `/api/orders/${placed.id}/messages`, headers: bearer(producer) });
        if (messaging) expect(thread.json().messages[0].content).toMatch(new RegExp(`^Order #${placed.id} for `));
        else expect(placed.conversation_id ?? null).toBeNull();
      }
    } finally {
      await app.ctx.settings.set('features', features);
    }
  });

  it("writes the producer's mail in the order's transaction: numbered as stored, and nothing at all when a step fails", async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer);
    const payload = orderPayload(producer, [{ productId: egg, quantity: 2 }]);
    const ordersOfFarm = async () => app.ctx.db.select().from(orders).where(eq(orders.producerUserId, producer.id));
    const mailsOfFarm = async () => app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, producer.email));

    // A step that fails after the order was inserted (here: making the mail) leaves no order, no
    // thread message, no mail and no claim of the farm's mail period behind.
    vi.spyOn(app.ctx.mailer, 'render').mockRejectedValueOnce(new Error('template broke'));
    const failed = await placeOrder(app, shopper, payload);
    expect(failed.statusCode).toBe(500);
    expect(await ordersOfFarm()).toEqual([]);
    expect(await mailsOfFarm()).toEqual([]);
    const threads = await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: bearer(shopper) });
    expect(JSON.stringify(threads.json())).not.toContain(producer.email);

    const res = await placeOrder(app, shopper, payload);
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order.id;
    // Committed with the order: already there when the answer arrives (delivery follows after it).
    const [mail] = await mailsOfFarm();
    expect(mail.subject).toMatch(new RegExp(`^New order #${orderId} for `));
    expect(mail.html).toContain(`New order #${orderId} for `);
    expect(mail.body).toContain('2 dozen Farm Fresh Eggs');
    expect((await ordersOfFarm()).map((o) => o.id)).toEqual([orderId]);
  });

  it('writes an order on its own connection only: many at once never wait for a second one, even as the settings are read again', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: null });
    const store = app.ctx.settings;
    const readAll = store.all.bind(store);
    // Every settings read goes to the database, as when their 2-second cache has just run out.
    vi.spyOn(store, 'all').mockImplementation(async () => {
      (store as unknown as { cache: null }).cache = null;
      return readAll();
    });
    // More placements than the pool has connections (PostgreSQL: 20; PGlite has one).
    const many = await shoppers(24);
    const results = await Promise.all(
      many.map((who) => placeOrder(app, who, orderPayload(producer, [{ productId: egg, quantity: 1 }]))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
  }, 30_000);

  it('answers each of many parallel placements with its own order, as stored', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: null });
    const many = await shoppers(12);
    const results = await Promise.all(
      many.map((who, i) =>
        placeOrder(app, who, orderPayload(producer, [{ productId: egg, quantity: i + 1 }], { note: `n${i}` })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    for (const [i, res] of results.entries()) {
      const order = res.json().order;
      expect([order.items[0].quantity, order.note]).toEqual([i + 1, `n${i}`]);
      const who = many[i];
      const stored = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(who) });
      expect(stored.json().order).toEqual(order);
      const thread = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/messages`, headers: bearer(who) });
      expect(thread.json().messages[0].content).toMatch(new RegExp(`^Order #${order.id} for .*: ${i + 1} dozen Farm Fresh Eggs`));
    }
  });

  it('refuses guests, the producer ordering from themselves, and other producers may order', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer);
    const payload = orderPayload(producer, [{ productId: egg, quantity: 1 }]);
    expect((await app.inject({ method: 'POST', url: '/api/orders', payload })).statusCode).toBe(401);
    const self = await placeOrder(app, producer, payload);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot reserve your own products');
    const otherFarm = await buildProducer(app);
    expect((await placeOrder(app, otherFarm, payload)).statusCode).toBe(201);
    expect((await placeOrder(app, admin, payload)).statusCode).toBe(201);
  });

  it("does not answer a farm's inquiries when the farm it asked reserves from it (the order's opening message is no reply)", async () => {
    const market = await setUpMarket(app);
    const egg = await eggs(app, market);
    const otherFarm = await buildProducer(app);
    const honey = await buildProduct(app, otherFarm, { name: 'Clover Honey', priceCents: 900 });
    const asked = await app.inject({
      method: 'POST',
      url: '/api/orders/inquire',
      headers: bearer(market),
      payload: { productId: honey, message: 'Do you have a gallon jar?', contactPreference: 'email', requestedQuantity: 1 },
    });
    expect(asked.statusCode).toBe(201);
    expect((await placeOrder(app, otherFarm, orderPayload(market, [{ productId: egg, quantity: 1 }]))).statusCode).toBe(201);
    // The order's message was announced before the answer: its listeners have run once these settle.
    await app.ctx.events.settled();
    const sent = (await app.inject({ method: 'GET', url: '/api/orders/inquiries/sent', headers: bearer(market) })).json();
    expect(sent.inquiries.map((i: { status: string }) => i.status)).toEqual(['new']);
  });

  it('keeps herdshares, unpriced, sold-out and out-of-season products inquiry-only, and quantities within stock', async () => {
    const producer = await setUpMarket(app);
    const cases: [Parameters<typeof buildProduct>[2], number, RegExp][] = [
      [{ name: 'Cow share', category: 'herdshare', priceCents: 3000 }, 1, /herdshare/],
      [{ name: 'Mystery box', priceCents: null }, 1, /no price/],
      [{ name: 'Gone eggs', availability: 'sold_out' }, 1, /sold out/],
      [{ name: 'Zero eggs', stockQuantity: 0 }, 1, /sold out/],
      [{ name: 'Few eggs', stockQuantity: 3 }, 4, /Only 3 of Few eggs left/],
      [{ name: 'Untracked', stockQuantity: null }, 51, /at most 50/],
      [
        { name: 'Fall apples', availability: 'seasonal', seasonalStart: '2030-09-01', seasonalEnd: '2030-11-30' },
        1,
        /in season from Sep 1, 2030/,
      ],
      [{ name: 'Dateless seasonal', availability: 'seasonal' }, 1, /no season dates/],
    ];
    for (const [values, quantity, message] of cases) {
      const id = await buildProduct(app, producer, { stockQuantity: 10, ...values });
      const res = await placeOrder(app, shopper, orderPayload(producer, [{ productId: id, quantity }]));
      expect(res.statusCode, String(message)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const inSeason = await buildProduct(app, producer, {
      name: 'Strawberries',
      availability: 'seasonal',
      seasonalStart: '2030-05-01',
      seasonalEnd: '2030-06-30',
    });
    const preOrder = await buildProduct(app, producer, { name: 'Turkey', availability: 'pre_order', stockQuantity: 4 });
    const ok = await placeOrder(
      app,
      shopper,
      orderPayload(producer, [
        { productId: inSeason, quantity: 2 },
        { productId: preOrder, quantity: 1 },
      ]),
    );
    expect(ok.statusCode).toBe(201);
    const foreign = await eggs(app, await buildProducer(app));
    const mixed = await placeOrder(app, shopper, orderPayload(producer, [{ productId: foreign, quantity: 1 }]));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(
      `Line 1 (product ${foreign}) is no longer listed by this producer; remove it and try again`,
    );
  });

  it('takes only windows on the schedule, before the cut-off and not full (cap)', async () => {
    const producer = await setUpMarket(app, { cutoff_hours: 48, cap_per_window: 2 });
    const egg = await eggs(app, producer);
    const line = [{ productId: egg, quantity: 1 }];
    const offSchedule = await placeOrder(app, shopper, orderPayload(producer, line, { startsAt: '2030-06-08T14:00:00.000Z' }));
    expect(offSchedule.statusCode).toBe(400);
    expect(offSchedule.json().message).toMatch(/not on Lexington Farmers Market's schedule/);

    expect((await placeOrder(app, shopper, orderPayload(producer, line))).statusCode).toBe(201);
    expect((await placeOrder(app, otherShopper, orderPayload(producer, line))).statusCode).toBe(201);
    const full = await placeOrder(app, shopper, orderPayload(producer, line));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('That pickup time is full; choose another time');
    const pub = await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` });
    expect(pub.json().windows[0]).toMatchObject({ starts_at: SATURDAY_9AM, remaining: 0, full: true });

    advanceHours(26); // Thursday 14:00 EDT: 43 hours before Saturday 9:00, inside the 48-hour cut-off
    const late = await placeOrder(app, shopper, orderPayload(producer, line));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/closed 48 hours before/);
    const pubLater = await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` });
    expect(pubLater.json().windows[0].starts_at).toBe('2030-06-15T13:00:00.000Z');
  });

  it('never lets parallel orders overrun the cap of a window', async () => {
    const producer = await setUpMarket(app, { cap_per_window: 3 });
    const egg = await eggs(app, producer, { stockQuantity: null });
    const results = await Promise.all(
      (await shoppers(12)).map((who) => placeOrder(app, who, orderPayload(producer, [{ productId: egg, quantity: 1 }]))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it('delivers only within the delivery radius, with its fee', async () => {
    const producer = await setUpMarket(app);
    const delivery = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: {
        kind: 'delivery',
        name: 'Home delivery',
        delivery_fee: 4,
        schedule: [{ weekday: 6, start: '14:00', end: '17:00' }],
      },
    });
    expect(delivery.statusCode).toBe(201);
    const egg = await eggs(app, producer);
    const base = { pointId: delivery.json().point.id, startsAt: '2030-06-08T18:00:00.000Z' };
    const far = await placeOrder(app, shopper, {
      ...orderPayload(producer, [{ productId: egg, quantity: 1 }]),
      ...base,
      deliveryAddress: 'Louisville, KY 40202',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toMatch(/delivers within 15 miles/);
    const none = await placeOrder(app, shopper, { ...orderPayload(producer, [{ productId: egg, quantity: 1 }]), ...base });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/delivery address/);
    const near = await placeOrder(app, shopper, {
      ...orderPayload(producer, [{ productId: egg, quantity: 2 }]),
      ...base,
      deliveryAddress: 'Lexington, KY 40508',
    });
    expect(near.statusCode).toBe(201);
    expect(near.json().order).toMatchObject({ fulfilment: 'delivery', delivery_fee: 4, subtotal: 11, total: 15 });

    const noDelivery = await buildProducer(app, { deliveryAvailable: false });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(noDelivery),
      payload: { kind: 'delivery', name: 'Home delivery', schedule: [{ weekday: 6, start: '14:00', end: '17:00' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Turn on delivery/);
  });
});

describe('the life of an order', () => {
  async function requested(stock = 12, quantity = 2) {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: stock });
    const res = await placeOrder(app, shopper, orderPayload(producer, [{ productId: egg, quantity }]));
    expect(res.statusCode).toBe(201);
    return { producer, egg, id: res.json().order.id as number };
  }

  it('requested → accepted → ready → picked up by the producer, each step recorded with time and actor; stock taken on acceptance', async () => {
    const { producer, egg, id } = await requested();
    const accepted = await move(app, producer, id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().order.status).toBe('accepted');
    // Picked up waits for the pickup day, a no-show for the window.
    expect(accepted.json().order.allowed).toEqual(['ready']);
    expect(await stockOf(egg)).toBe(10);
    advanceHours(1);
    expect((await move(app, producer, id, 'ready')).json().order.status).toBe('ready');
    advanceHours(63); // Saturday 1:00 AM EDT: the pickup day in the place's zone
    const done = await move(app, producer, id, 'picked_up');
    expect(done.json().order.status).toBe('picked_up');
    expect(done.json().order.events.map((e: { status: string; actor: string }) => `${e.status}:${e.actor}`)).toEqual([
      'requested:shopper',
      'accepted:producer',
      'ready:producer',
      'picked_up:producer',
    ]);
    expect(done.json().order.events[2].at).toBe('2030-06-05T17:00:00.000Z');
    const rows = await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(rows.map((r) => r.actorId)).toEqual([shopper.id, producer.id, producer.id, producer.id]);
    await waitForMail(shopper.email, (subject) => subject === `Order #${id} ready for pickup`);
  });

  it('ready → no-show gives the units back', async () => {
    const { producer, egg, id } = await requested();
    await move(app, producer, id, 'accepted');
    await move(app, producer, id, 'ready');
    const early = await move(app, producer, id, 'no_show');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/no-show once that time has come/);
    advanceHours(69); // Saturday 9:00 AM EDT: the window has started
    expect((await move(app, producer, id, 'no_show')).json().order.status).toBe('no_show');
    expect(await stockOf(egg)).toBe(12);
  });

  it('declines only with a reason, which the shopper sees; nothing was reserved', async () => {
    const { producer, egg, id } = await requested();
    const noReason = await move(app, producer, id, 'declined');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Say why/);
    const declined = await move(app, producer, id, 'declined', 'Hens are moulting this week');
    expect(declined.statusCode).toBe(200);
    const seen = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(shopper) });
    expect(seen.json().order).toMatchObject({ status: 'declined', decline_reason: 'Hens are moulting this week', allowed: [] });
    expect(await stockOf(egg)).toBe(12);
  });

  it('the shopper cancels before acceptance, and before the cut-off once accepted (stock returns), not after', async () => {
    const first = await requested();
    expect((await move(app, shopper, first.id, 'cancelled')).json().order.status).toBe('cancelled');

    const second = await requested();
    await move(app, second.producer, second.id, 'accepted');
    expect(await stockOf(second.egg)).toBe(10);
    expect((await move(app, shopper, second.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(second.egg)).toBe(12);

    const third = await requested();
    await move(app, third.producer, third.id, 'accepted');
    advanceHours(46); // Friday 10:00 EDT: past the 24-hour cut-off (Friday 9:00)
    const late = await move(app, shopper, third.id, 'cancelled');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already prepared/);
    expect(await stockOf(third.egg)).toBe(10);
  });

  it('refuses each forbidden move by each role', async () => {
    const { producer, id } = await requested();
    const stranger = await buildUser(app);
    const otherFarm = await buildProducer(app);
    expect((await move(app, null, id, 'accepted')).statusCode).toBe(401);
    for (const to of ['accepted', 'declined', 'ready', 'picked_up', 'no_show']) {
      const byShopper = await move(app, shopper, id, to, 'x');
      expect(byShopper.statusCode, to).toBe(403);
      expect(byShopper.json().message).toMatch(/Only the producer/);
    }
    const byProducer = await move(app, producer, id, 'cancelled');
    expect(byProducer.statusCode).toBe(403);
    expect(byProducer.json().message).toMatch(/Only the shopper can cancel/);
    for (const user of [stranger, otherFarm]) {
      expect((await move(app, user, id, 'accepted')).statusCode).toBe(404);
      expect((await move(app, user, id, 'cancelled')).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(user) })).statusCode).toBe(404);
    }
    const byAdmin = await move(app, admin, id, 'accepted');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toMatch(/Admins can look at orders but not change them/);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) })).statusCode).toBe(200);

    // Out-of-order moves by the right role: 409 naming the state.
    for (const to of ['ready', 'picked_up', 'no_show']) {
      const early = await move(app, producer, id, to);
      expect(early.statusCode, to).toBe(409);
      expect(early.json().message).toMatch(/This order is requested/);
    }
    await move(app, producer, id, 'accepted');
    expect((await move(app, producer, id, 'accepted')).statusCode).toBe(409);
    expect((await move(app, producer, id, 'declined', 'late')).statusCode).toBe(409);
    await move(app, producer, id, 'ready');
    expect((await move(app, shopper, id, 'cancelled')).statusCode).toBe(409);
    await move(app, producer, id, 'picked_up');
    expect((await move(app, producer, id, 'no_show')).statusCode).toBe(409);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/orders/${id}/transitions`,
      headers: bearer(producer),
      payload: { to: 'shipped' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Status must be one of/);
  });

  it('expires a request not answered in 48 hours (controllable clock), lazily on read and by the sweep', async () => {
    const { producer, id } = await requested();
    advanceHours(47);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(shopper) })).json().order.status).toBe(
      'requested',
    );
    advanceHours(1);
    const seen = await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(shopper) });
    expect(seen.json().order.status).toBe('expired');
    expect(seen.json().order.events.at(-1)).toMatchObject({ status: 'expired', actor: 'system', at: '2030-06-07T16:00:00.000Z' });
    const accept = await move(app, producer, id, 'accepted');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toMatch(/expired/);

    useTestClock(app);
    const other = await requested();
    advanceHours(49);
    // The scheduled sweep's job, at the time its clock gives it.
    const { SCHEDULED_JOBS } = await import('../../jobs/sweep');
    const summary = await SCHEDULED_JOBS['order-expiry'](app.ctx, new Date(WEDNESDAY_NOON.getTime() + 49 * 3_600_000));
    expect(summary.expired).toBeGreaterThanOrEqual(1);
    const row = await app.inject({ method: 'GET', url: `/api/orders/${other.id}`, headers: bearer(other.producer) });
    expect(row.json().order.status).toBe('expired');
  });
});

describe('never oversold', () => {
  it('fifty parallel acceptances for the last 5 units accept exactly 5, and stock ends at 0', async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: 5 });
    const placed = await Promise.all(
      (await shoppers(50)).map((who) => placeOrder(app, who, orderPayload(producer, [{ productId: egg, quantity: 1 }]))),
    );
    expect(placed.map((res) => res.statusCode)).toEqual(Array(50).fill(201));
    const ids: number[] = placed.map((res) => res.json().order.id);
    const results = await Promise.all(ids.map((id) => move(app, producer, id, 'accepted')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(45);
    expect(refused[0].json().message).toMatch(/Not enough Farm Fresh Eggs left/);
    expect(await stockOf(egg)).toBe(0);
    // The refused ones stay requested (nothing half-written) and can still be declined.
    const list = await app.inject({ method: 'GET', url: '/api/orders/received?status=requested', headers: bearer(producer) });
    expect(list.json().total).toBe(45);
  });

  it('parallel acceptances of orders that share products all go through, never deadlocked', async () => {
    // Each product's stock change also updates the farm's search row: taken one product at a time,
    // two acceptances could each hold a product and wait for the other's (PostgreSQL's deadlock).
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer, { stockQuantity: 100 });
    const bread = await buildProduct(app, producer, {
      name: 'Rye',
      category: 'bread',
      priceCents: 700,
      priceUnit: 'loaf',
      stockQuantity: 100,
    });
    const honey = await buildProduct(app, producer, {
      name: 'Honey',
      category: 'honey',
      priceCents: 900,
      priceUnit: 'jar',
      stockQuantity: 100,
    });
    const baskets = [[egg, bread], [bread, honey], [honey, egg], [egg]];
    const who = await shoppers(24);
    const placed = await Promise.all(
      who.map((shopper, i) =>
        placeOrder(
          app,
          shopper,
          orderPayload(
            producer,
            baskets[i % 4].map((productId) => ({ productId, quantity: 1 })),
          ),
        ),
      ),
    );
    expect(placed.map((res) => res.statusCode)).toEqual(Array(24).fill(201));
    const results = await Promise.all(placed.map((res) => move(app, producer, res.json().order.id, 'accepted')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    expect([await stockOf(egg), await stockOf(bread), await stockOf(honey)]).toEqual([82, 88, 88]);
  });
});

describe('lists, pick list and admin', () => {
  it('shows the shopper upcoming and past, the producer a pick list with totals, the admin a read-only filtered list', async () => {
    const producer = await setUpMarket(app, {}, { farmName: 'Pick List Farm' });
    const egg = await eggs(app, producer);
    const bread = await buildProduct(app, producer, {
      name: 'Sourdough',
      category: 'bread',
      priceCents: 800,
      priceUnit: 'loaf',
      stockQuantity: 20,
    });
    const a = (
      await placeOrder(
        app,
        shopper,
        orderPayload(producer, [
          { productId: egg, quantity: 2 },
          { productId: bread, quantity: 1 },
        ]),
      )
    ).json().order.id;
    const b = (await placeOrder(app, otherShopper, orderPayload(producer, [{ productId: egg, quantity: 3 }]))).json().order.id;
    const [third] = await shoppers(1);
    const c = (await placeOrder(app, third, orderPayload(producer, [{ productId: bread, quantity: 5 }]))).json().order.id;
    await move(app, producer, a, 'accepted');
    await move(app, producer, b, 'accepted');
    await move(app, producer, c, 'declined', 'Oven broke');

    const pick = await app.inject({ method: 'GET', url: '/api/orders/pick-list?date=2030-06-08', headers: bearer(producer) });
    expect(pick.statusCode).toBe(200);
    expect(pick.json().windows).toHaveLength(1);
    expect(pick.json().windows[0]).toMatchObject({ point_name: 'Lexington Farmers Market', order_count: 2 });
    expect(pick.json().windows[0].lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Farm Fresh Eggs', 5],
      ['Sourdough', 1],
    ]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/orders/pick-list?date=2030-06-08', headers: bearer(shopper) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/orders/pick-list?date=June', headers: bearer(producer) })).statusCode,
    ).toBe(400);

    const upcoming = await app.inject({ method: 'GET', url: '/api/orders/mine?scope=upcoming', headers: bearer(otherShopper) });
    expect(upcoming.json().orders.map((o: { id: number }) => o.id)).toContain(b);
    const past = await app.inject({ method: 'GET', url: '/api/orders/mine?scope=past', headers: bearer(third) });
    expect(past.json().orders.map((o: { id: number }) => o.id)).toContain(c);

    const all = await app.inject({
      method: 'GET',
      url: '/api/orders/all?producer=Pick%20List&status=accepted',
      headers: bearer(admin),
    });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .orders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(all.json().orders[0].allowed).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/orders/all', headers: bearer(producer) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/orders/all' })).statusCode).toBe(401);

    const weekly = await app.inject({ method: 'GET', url: '/api/orders/weekly', headers: bearer(producer) });
    expect(weekly.statusCode).toBe(200);
  });

  it("keeps the order's thread to its two sides", async () => {
    const producer = await setUpMarket(app);
    const egg = await eggs(app, producer);
    const id = (await placeOrder(app, shopper, orderPayload(producer, [{ productId: egg, quantity: 1 }]))).json().order.id;
    const reply = await app.inject({
      method: 'POST',
      url: `/api/orders/${id}/messages`,
      headers: bearer(producer),
      payload: { content: 'See you Saturday!' },
    });
    expect(reply.statusCode).toBe(201);
    const thread = await app.inject({ method: 'GET', url: `/api/orders/${id}/messages`, headers: bearer(shopper) });
    expect(
      thread
        .json()
        .messages.map((m: { content: string }) => m.content)
        .at(-1),
    ).toBe(`Order #${id}: See you Saturday!`);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/orders/${id}/messages`,
          headers: bearer(admin),
          payload: { content: 'hi' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${id}/messages`, headers: bearer(otherShopper) })).statusCode,
    ).toBe(404);
  });
});
