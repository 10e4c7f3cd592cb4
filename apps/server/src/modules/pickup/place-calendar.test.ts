import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders, standingWindows } from '../../db/schema';
import { addSummerShare } from '../../test/csa-helpers';
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
import { runStandingOrders } from '../standing/standing.sweep';

/**
 * A calendar per pickup place (decision 542): its season, closed dates, and its own cut-off and
 * standing lead time, read alike by the windows offered to shoppers, ordering, the standing sweep
 * and CSA weeks. The market of `setUpMarket` is Saturdays 9:00–12:00 in Lexington (Eastern); the
 * clock starts on Wednesday 5 June 2030 at noon, the farm's cut-off is 24 hours.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const SATURDAY_15 = '2030-06-15T13:00:00.000Z';
const SATURDAY_22 = '2030-06-22T13:00:00.000Z';

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const changePlace = async (farm: TestUser & { pointId: number }, changes: Record<string, unknown>) => {
  const saved = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, { ...marketPoint(), ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().point;
};
const windowsOf = async (farmId: number) =>
  (await send('GET', `/api/pickup/producers/${farmId}`, null)).json().windows as { date: string; cutoff_at: string }[];
const mailsTo = (email: string, subject: string) =>
  app.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, `%${subject}%`)));

describe('a calendar per pickup place', () => {
  it('offers no window on the place’s closed date and refuses an order for it, naming the place and day', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const point = await changePlace(farm, { closed_dates: ['2030-06-15'] });
    expect(point.closed_dates).toEqual(['2030-06-15']);
    expect((await windowsOf(farm.id)).map((w) => w.date)).toEqual(['2030-06-08', '2030-06-22']);
    const refused = await placeOrder(
      app,
      await buildUser(app),
      orderPayload(farm, [{ productId: egg, quantity: 1 }], { startsAt: SATURDAY_15 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Lexington Farmers Market is closed on Saturday, June 15; choose another pickup time');
  });

  it('offers no windows outside the place’s season, and takes none of its orders', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const half = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, { ...marketPoint(), season_from: '07-01' });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/Give both the first and the last day of the season, or neither for all year/);
    const point = await changePlace(farm, { season_from: '06-20', season_to: '10-31' });
    expect(point).toMatchObject({ season_from: '06-20', season_to: '10-31' });
    expect((await windowsOf(farm.id)).map((w) => w.date)).toEqual(['2030-06-22']);
    const refused = await placeOrder(app, await buildUser(app), orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Lexington Farmers Market is out of its season on Saturday, June 8; choose another pickup time',
    );
  });

  it('uses the place’s own cut-off and standing lead time, for its windows, orders and standing reservations', async () => {
    const farm = await setUpMarket(app, { cutoff_hours: 24 });
    const egg = await eggs(app, farm);
    await changePlace(farm, { cutoff_hours: 48, standing_lead_hours: 12 });
    // Saturday 9:00 EDT less 48 hours: Thursday 9:00 EDT.
    expect((await windowsOf(farm.id))[0]).toMatchObject({ date: '2030-06-08', cutoff_at: '2030-06-06T13:00:00.000Z' });
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }], { startsAt: SATURDAY_9AM }),
      everyWeeks: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const standing = made.json().standing;
    expect(made.json().message).toContain('Each order is placed 12 hours before orders close');
    expect(standing.upcoming[1]).toMatchObject({
      date: '2030-06-15',
      cutoff_at: '2030-06-13T13:00:00.000Z',
      places_at: '2030-06-13T01:00:00.000Z',
    });
    advanceHours(22); // Thursday 10:00 EDT: past the place's cut-off, not the farm's
    const late = await placeOrder(app, await buildUser(app), orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Orders for this time closed 48 hours before it; choose a later time');
    // The standing order for the 15th is placed at the place's lead time, not the farm's (24 hours).
    useTestClock(app, new Date('2030-06-13T00:59:00Z'));
    await runStandingOrders(app.ctx, app.ctx.clock.now());
    const before = await app.ctx.db.select().from(orders).where(eq(orders.standingId, standing.id));
    expect(before.map((o) => o.windowDate)).not.toContain('2030-06-15');
    useTestClock(app, new Date('2030-06-13T01:00:00Z'));
    await runStandingOrders(app.ctx, app.ctx.clock.now());
    const after = await app.ctx.db.select().from(orders).where(eq(orders.standingId, standing.id));
    expect(after.map((o) => o.windowDate)).toContain('2030-06-15');
  });

  it('skips a standing reservation and a CSA week on the place’s closed date, and tells both', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm, { stockQuantity: 50 });
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }]),
      everyWeeks: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const plan = await addSummerShare(app, farm);
    const member = await buildUser(app);
    const joined = await send('POST', `/api/csa/${plan.id}/join`, member, {
      point_id: farm.pointId,
      size: 0,
      dislikes: null,
      shopperName: 'Member',
      shopperPhone: '(859) 555-0100',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const ids = [made.json().standing.id, joined.json().standing.id];
    // The farm closes the market on the 15th.
    await changePlace(farm, { closed_dates: ['2030-06-15'] });

    for (const at of ['2030-06-12T14:00:00Z', '2030-06-13T14:00:00Z', '2030-06-20T14:00:00Z']) {
      useTestClock(app, new Date(at));
      await Promise.all([runStandingOrders(app.ctx, app.ctx.clock.now()), runStandingOrders(app.ctx, app.ctx.clock.now())]);
    }
    for (const id of ids) {
      const placed = await app.ctx.db.select().from(orders).where(eq(orders.standingId, id));
      expect(placed.map((o) => o.windowStart.toISOString())).not.toContain(SATURDAY_15);
      expect(placed.map((o) => o.windowStart.toISOString())).toContain(SATURDAY_22);
      const [record] = await app.ctx.db
        .select()
        .from(standingWindows)
        .where(and(eq(standingWindows.standingId, id), eq(standingWindows.windowStart, new Date(SATURDAY_15))));
      expect(record).toMatchObject({ state: 'skipped', reason: 'Lexington Farmers Market is closed on Saturday, June 15' });
    }
    const told = await mailsTo(shopper.email, 'is skipped');
    expect(told).toHaveLength(1);
    expect(told[0].subject).toContain('standing order for Sat, Jun 15');
    expect(told[0].body).toContain(
      'Lexington Farmers Market is closed on Saturday, June 15, so your standing reservation there is skipped.',
    );
    const toldMember = await mailsTo(member.email, 'is skipped');
    expect(toldMember).toHaveLength(1);
    expect(toldMember[0].body).toContain('so your Summer Veggie Share share there is skipped.');
    // Neither was reminded to skip a week that has no pickup.
    const reminders = await mailsTo(shopper.email, 'Your standing order from');
    expect(reminders.map((m) => m.subject).filter((subject) => subject.includes('Jun 15'))).toEqual([]);
  });

  it('shows a standing reservation’s week on a closed date as no pickup, with the reason', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm);
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }]),
      everyWeeks: 1,
    });
    await changePlace(farm, { closed_dates: ['2030-06-15'] });
    const standing = (await send('GET', `/api/standing/${made.json().standing.id}`, shopper)).json();
    expect(standing.upcoming[1]).toMatchObject({
      date: '2030-06-15',
      state: 'off',
      reason: 'Lexington Farmers Market is closed on Saturday, June 15',
    });
  });
  it('refuses to take back the skip of a week on the place’s closed date, naming it, and mails the skip once', async () => {
    const farm = await setUpMarket(app);
    const egg = await eggs(app, farm, { stockQuantity: 50 });
    const shopper = await buildUser(app);
    const made = await send('POST', '/api/standing', shopper, {
      ...orderPayload(farm, [{ productId: egg, quantity: 1 }]),
      everyWeeks: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().standing.id as number;
    await changePlace(farm, { closed_dates: ['2030-06-15'] });
    // Thursday 13 June: the sweep skips the closed week and tells the shopper.
    useTestClock(app, new Date('2030-06-12T14:00:00Z'));
    await runStandingOrders(app.ctx, app.ctx.clock.now());
    expect(await mailsTo(shopper.email, 'is skipped')).toHaveLength(1);

    const undo = await send('POST', `/api/standing/${id}/unskip`, shopper, { startsAt: SATURDAY_15 });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(
      'Lexington Farmers Market is closed on Saturday, June 15, so that week stays skipped; the next weeks stay as they are',
    );
    const [record] = await app.ctx.db
      .select()
      .from(standingWindows)
      .where(and(eq(standingWindows.standingId, id), eq(standingWindows.windowStart, new Date(SATURDAY_15))));
    expect(record).toMatchObject({ state: 'skipped', reason: 'Lexington Farmers Market is closed on Saturday, June 15' });
    await runStandingOrders(app.ctx, app.ctx.clock.now());
    expect(await mailsTo(shopper.email, 'is skipped')).toHaveLength(1);
    // A week the shopper skipped before the farm closed that date stays skipped too.
    const skipped = await send('POST', `/api/standing/${id}/skip`, shopper, { startsAt: SATURDAY_22 });
    expect(skipped.statusCode, skipped.body).toBe(200);
    await changePlace(farm, { closed_dates: ['2030-06-15', '2030-06-22'] });
    const undoLater = await send('POST', `/api/standing/${id}/unskip`, shopper, { startsAt: SATURDAY_22 });
    expect(undoLater.statusCode).toBe(409);
    expect(undoLater.json().message).toContain('Lexington Farmers Market is closed on Saturday, June 22');
  });
});
