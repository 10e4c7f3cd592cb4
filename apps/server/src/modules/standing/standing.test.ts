import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import {
  advanceHours,
  eggs,
  marketPoint,
  orderPayload,
  placeOrder,
  SATURDAY_9AM,
  setUpMarket,
  useTestClock,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { runStandingOrders, skipToken } from './standing.sweep';

/**
 * Standing reservations (decision 514). The market of `setUpMarket` is Saturdays 9:00–12:00 in
 * Lexington (Eastern); orders close 24 hours before, so with the default lead time of 24 hours each
 * Saturday's order is placed on Thursday at 9:00, and the reminder goes out on Wednesday at 9:00.
 * The clock starts on Wednesday 5 June 2030 at noon.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const sweep = () => runStandingOrders(app.ctx, app.ctx.clock.now());
const SATURDAY_15 = '2030-06-15T13:00:00.000Z';
const SATURDAY_22 = '2030-06-22T13:00:00.000Z';

const ordersOf = (standingId: number) => app.ctx.db.select().from(orders).where(eq(orders.standingId, standingId));
const mailsTo = (email: string, subject: string) =>
  app.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, `%${subject}%`)));

async function standingFor(extra: Record<string, unknown> = {}, stock = 12) {
  const farm = await setUpMarket(app);
  const egg = await eggs(app, farm, { stockQuantity: stock });
  const shopper = await buildUser(app);
  const made = await send('POST', '/api/standing', shopper, {
    ...orderPayload(farm, [{ productId: egg, quantity: 2 }]),
    everyWeeks: 1,
    ...extra,
  });
  expect(made.statusCode, made.body).toBe(201);
  return { farm, egg, shopper, standing: made.json().standing, message: made.json().message as string };
}

describe('standing reservations', () => {
  it('places each window’s order once at the farm’s lead time before the cut-off, however often it sweeps', async () => {
    const { shopper, standing, message } = await standingFor();
    expect(message).toContain('every week at Lexington Farmers Market');
    expect(standing).toMatchObject({ cadence: 'Every week', weekday: 6, start: '09:00', start_date: '2030-06-08' });
    expect(standing.upcoming.map((w: { date: string; state: string }) => [w.date, w.state])).toEqual([
      ['2030-06-08', 'upcoming'],
      ['2030-06-15', 'upcoming'],
      ['2030-06-22', 'upcoming'],
      ['2030-06-29', 'upcoming'],
    ]);
    expect(standing.upcoming[0].places_at).toBe('2030-06-06T13:00:00.000Z');

    await sweep();
    expect(await ordersOf(standing.id)).toHaveLength(0);
    advanceHours(21); // Thursday 9:00 EDT: the lead time before Friday's cut-off
    const [first, again] = await Promise.all([sweep(), sweep()]);
    expect(first.placed + again.placed).toBe(1);
    await sweep();
    const placed = await ordersOf(standing.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: 'requested', windowDate: '2030-06-08', customerId: shopper.id });
    expect(placed[0].note).toContain('Standing reservation (every week)');
    const mine = (await send('GET', '/api/standing/mine', shopper)).json().standing[0];
    expect(mine.upcoming[0]).toMatchObject({ date: '2030-06-08', state: 'placed', order_id: placed[0].id });
    const { order } = (await send('GET', `/api/orders/${placed[0].id}`, shopper)).json();
    expect(order.standing_id).toBe(standing.id);
  });

  it('keeps a week placed when the farm moves the place to Central time: one order per reservation and pickup day', async () => {
    const { farm, shopper, standing } = await standingFor();
    advanceHours(21); // Thursday 9:00 EDT: the first week is placed.
    await sweep();
    const [first] = await ordersOf(standing.id);
    expect(first).toMatchObject({ windowDate: '2030-06-08' });
    const moved = await send(
      'PUT',
      `/api/pickup/mine/points/${farm.pointId}`,
      farm,
      marketPoint({ time_zone: 'America/Chicago' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    advanceHours(2); // Past the week's placing time in Central time too.
    await sweep();
    const after = await ordersOf(standing.id);
    expect(after.map((o) => [o.id, o.windowDate])).toEqual([[first.id, '2030-06-08']]);
    const mine = (await send('GET', '/api/standing/mine', shopper)).json().standing[0];
    expect(mine.upcoming[0]).toMatchObject({ date: '2030-06-08', state: 'placed', order_id: first.id });
  });

  it('reminds 48 hours before the cut-off with a skip link that skips that window only, once, until the cut-off', async () => {
    const { shopper, standing } = await standingFor({ startsAt: SATURDAY_15 });
    advanceHours(7 * 24 - 3); // Wednesday 12 June, 9:00 EDT: 48 hours before Friday's cut-off
    await sweep();
    await sweep();
    const [reminder, ...more] = await mailsTo(shopper.email, 'Your standing order from');
    expect(more).toHaveLength(0);
    const link = /\/standing\/skip\/(\S+)/.exec(reminder.body)?.[1] as string;
    expect(link).toBe(skipToken(app.ctx, standing.id, new Date(SATURDAY_15)));

    const info = await send('GET', `/api/standing/links/skip/${link}`, null);
    expect(info.json()).toMatchObject({ state: 'valid', items: ['2 dozen Farm Fresh Eggs'] });
    const skipped = await send('POST', `/api/standing/links/skip/${link}`, null);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().state).toBe('used');
    const twice = await send('POST', `/api/standing/links/skip/${link}`, null);
    expect(twice.statusCode).toBe(410);
    expect(twice.json().message).toContain('This link was used');

    advanceHours(24); // Thursday: the 15th is not placed, the 22nd's time has not come
    await sweep();
    expect(await ordersOf(standing.id)).toHaveLength(0);
    const after = (await send('GET', `/api/standing/${standing.id}`, shopper)).json();
    expect(after.upcoming[0]).toMatchObject({ date: '2030-06-15', state: 'skipped' });

    // A changed token is refused; a link of a window past its cut-off has expired.
    const forged = `${standing.id}-${Math.round(Date.parse(SATURDAY_22) / 60000)}.${link.split('.')[1]}`;
    expect((await send('POST', `/api/standing/links/skip/${forged}`, null)).statusCode).toBe(400);
    advanceHours(24); // Friday 9:00: the cut-off of the 15th
    const late = skipToken(app.ctx, standing.id, new Date(SATURDAY_15));
    expect((await send('GET', `/api/standing/links/skip/${late}`, null)).json().state).toBe('used');
  });

  it('a skip before the cut-off cancels the order already placed and gives its stock back; after it, it is refused', async () => {
    const farm = await setUpMarket(app);
    await send('PUT', '/api/pickup/mine/settings', farm, { cutoff_hours: 24, cap_per_window: null, standing_accept: true });
    const egg = await eggs(app, farm, { stockQuantity: 10 });
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 3 }]),
      everyWeeks: 2,
    });
    const id = made.json().standing.id;
    advanceHours(21);
    await sweep();
    const [order] = await ordersOf(id);
    expect(order.status).toBe('accepted');
    const stock = async () => (await app.ctx.db.select().from(products).where(eq(products.id, egg)))[0].stockQuantity;
    expect(await stock()).toBe(7);

    advanceHours(23); // Friday 8:00, an hour before the cut-off
    const skip = await send('POST', `/api/standing/${id}/skip`, shopper, { startsAt: SATURDAY_9AM });
    expect(skip.statusCode, skip.body).toBe(200);
    expect((await ordersOf(id))[0].status).toBe('cancelled');
    expect(await stock()).toBe(10);
    // The week reads as skipped (not as its cancelled order), and stays one order: no second one.
    expect(skip.json().standing.upcoming[0]).toMatchObject({ date: '2030-06-08', state: 'skipped' });
    const undo = await send('POST', `/api/standing/${id}/unskip`, shopper, { startsAt: SATURDAY_9AM });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toContain('already placed and cancelled');
    await sweep();
    expect(await ordersOf(id)).toHaveLength(1);
    // Every two weeks: the next window is the 22nd, and the cut-off of the 8th has passed for an undo.
    expect(
      skip
        .json()
        .standing.upcoming.map((w: { date: string }) => w.date)
        .slice(0, 2),
    ).toEqual(['2030-06-08', '2030-06-22']);
    advanceHours(1);
    const late = await send('POST', `/api/standing/${id}/unskip`, shopper, { startsAt: SATURDAY_9AM });
    expect(late.statusCode).toBe(409);
  });

  it('leaves out what cannot be filled and says so; a window with nothing to fill is recorded as missed with the reason', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const honey = await eggs(app, farm, { name: 'Clover Honey', stockQuantity: 5 });
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [
        { productId: egg, quantity: 2 },
        { productId: honey, quantity: 1 },
      ]),
      everyWeeks: 1,
    });
    const id = made.json().standing.id;
    await app.ctx.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, honey));
    advanceHours(21);
    await sweep();
    const [order] = await ordersOf(id);
    expect(order.note).toContain('Left out this week: Clover Honey is sold out');
    expect(await mailsTo(shopper.email, 'some items left out')).toHaveLength(1);

    await app.ctx.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, egg));
    advanceHours(7 * 24);
    const result = await sweep();
    expect(result.missed).toBe(1);
    const mine = (await send('GET', `/api/standing/${id}`, shopper)).json();
    expect(mine.upcoming[0]).toMatchObject({ date: '2030-06-15', state: 'missed' });
    expect(mine.upcoming[0].reason).toContain('Farm Fresh Eggs is sold out');
    expect(await mailsTo(shopper.email, 'could not be placed')).toHaveLength(1);
  });

  it('pauses for N weeks, holds while away, resumes, cancels; the farm ends one with a reason the shopper is told', async () => {
    const { farm, shopper, standing } = await standingFor();
    const paused = await send('POST', `/api/standing/${standing.id}/pause`, shopper, { weeks: 2 });
    expect(paused.json().standing.upcoming.map((w: { state: string }) => w.state)).toEqual([
      'paused',
      'paused',
      'upcoming',
      'upcoming',
    ]);
    advanceHours(21);
    await sweep();
    expect(await ordersOf(standing.id)).toHaveLength(0);
    await send('POST', `/api/standing/${standing.id}/resume`, shopper);
    const away = await send('POST', `/api/standing/${standing.id}/hold`, shopper, { from: '2030-06-20', to: '2030-06-30' });
    expect(away.json().standing.upcoming.map((w: { state: string }) => w.state)).toEqual([
      'upcoming',
      'upcoming',
      'away',
      'away',
    ]);
    expect(
      (await send('POST', `/api/standing/${standing.id}/hold`, shopper, { from: '2030-06-30', to: '2030-06-20' })).statusCode,
    ).toBe(400);

    // Only its shopper changes it; only its farm ends it.
    const stranger = await buildUser(app);
    expect((await send('POST', `/api/standing/${standing.id}/pause`, stranger, { weeks: 1 })).statusCode).toBe(404);
    expect((await send('POST', `/api/standing/${standing.id}/end`, shopper, { reason: 'x' })).statusCode).toBe(403);
    const ended = await send('POST', `/api/standing/${standing.id}/end`, farm, { reason: 'We stop the Saturday market in July' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().standing).toMatchObject({
      status: 'ended',
      end_reason: 'We stop the Saturday market in July',
      upcoming: [],
    });
    expect((await mailsTo(shopper.email, 'ended your standing reservation'))[0].body).toContain(
      'We stop the Saturday market in July',
    );
    expect((await send('POST', `/api/standing/${standing.id}/pause`, shopper, { weeks: 1 })).json().message).toContain(
      'The farm ended',
    );
    advanceHours(7 * 24);
    await sweep();
    expect(await ordersOf(standing.id)).toHaveLength(0);
  });

  it('starts from the shopper’s own order for the first window, which becomes the first of the series', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    const orderId = placed.json().order.id;
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }]),
      everyWeeks: 1,
      fromOrderId: orderId,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().standing.upcoming[0]).toMatchObject({ state: 'placed', order_id: orderId });
    advanceHours(21);
    await sweep();
    expect((await ordersOf(made.json().standing.id)).map((o) => o.id)).toEqual([orderId]);
    // Someone else's order cannot start one.
    const other = await buildUser(app);
    const refused = await send('POST', '/api/standing', other, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }], { startsAt: SATURDAY_15 }),
      everyWeeks: 1,
      fromOrderId: orderId,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('makes one series from an order sent several times at once', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    const body = { ...orderPayload(farm, [{ productId: egg, quantity: 1 }]), everyWeeks: 1, fromOrderId: placed.json().order.id };
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', '/api/standing', shopper, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const mine = (await send('GET', '/api/standing/mine', shopper)).json();
    expect(mine.standing.filter((s: { status: string }) => s.status === 'active')).toHaveLength(1);
  });

  it('refuses what cannot repeat, with a reason a person can act on', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const shopper = await buildUser(app);
    const base = { ...orderPayload(farm, [{ productId: egg, quantity: 1 }]), everyWeeks: 1 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ everyWeeks: 3 }, 400, 'every 1, 2 or 4 weeks'],
      [{ endDate: '2030-06-01' }, 400, 'cannot be before the first pickup'],
      [{ startsAt: '2030-06-08T14:00:00.000Z' }, 400, "not on Lexington Farmers Market's schedule"],
      [{ items: [{ productId: 999999, quantity: 1 }] }, 400, 'no longer listed'],
    ];
    for (const [change, status, text] of cases) {
      const answer = await send('POST', '/api/standing', shopper, { ...base, ...change });
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message).toContain(text);
    }
    expect((await send('POST', '/api/standing', farm, base)).statusCode).toBe(403);
    expect((await send('POST', '/api/standing', null, base)).statusCode).toBe(401);
  });

  it('shows the farm its standing demand for the next 8 weeks per product, place and weekly time', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const [a, b] = [await buildUser(app), await buildUser(app)];
    await send('POST', '/api/standing', a, { ...orderPayload(farm, [{ productId: egg, quantity: 2 }]), everyWeeks: 1 });
    const made = await send('POST', '/api/standing', b, {
      ...orderPayload(farm, [{ productId: egg, quantity: 3 }]),
      everyWeeks: 2,
    });
    await send('POST', `/api/standing/${made.json().standing.id}/skip`, b, { startsAt: SATURDAY_22 });
    const demand = await send('GET', '/api/standing/demand', farm);
    expect(demand.statusCode, demand.body).toBe(200);
    expect(demand.json().weeks[0]).toBe('2030-06-03');
    expect(demand.json().reservations).toBe(2);
    expect(demand.json().rows).toEqual([
      expect.objectContaining({
        name: 'Farm Fresh Eggs',
        place: 'Lexington Farmers Market',
        weekday: 6,
        start: '09:00',
        quantities: [5, 2, 2, 2, 5, 2, 5, 2],
      }),
    ]);
    expect((await send('GET', '/api/standing/demand', a)).statusCode).toBe(403);
  });
});
