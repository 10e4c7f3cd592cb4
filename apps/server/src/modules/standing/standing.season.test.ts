import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { jobNotices, orders, standingWindows, subscriptions } from '../../db/schema';
import { ManualClock } from '../../jobs/clock';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/listing-factories';
import { openTestDatabase, type TestApp, testConfig } from '../../test/test-app';
import { insertStanding } from './standing.repository';
import { runStandingOrders } from './standing.sweep';

/**
 * A 26-week season of standing reservations (decision 514) on a controllable clock: standing
 * reservations (500 at full scale, see SHOPPERS) and 3 CSA plans at four farms in Eastern and
 * Central time, swept by two instances of the app on one database every twelve hours (sometimes
 * both at once), one of them replaced by a new instance mid-season. The season runs from October to March, so it crosses the end of daylight
 * saving (3 November 2030) and its start (9 March 2031). Shoppers skip windows a minute before the
 * cut-off (honoured) and at the cut-off (refused). Every window that should have an order has
 * exactly one, at the place's local time on both sides of each change; none is missed.
 */
const dataDirs = [0, 1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), 'farmstand-season-')));
let database: DatabaseHandle & { url?: string };
const handles: DatabaseHandle[] = [];
let instances: TestApp[] = [];
const clock = new ManualClock(new Date('2030-10-01T12:00:00Z'));

async function instance(i: number): Promise<TestApp> {
  // On PostgreSQL each instance has its own pool, as another process would; PGlite is one process's database.
  const handle = database.url ? await openPostgres(database.url) : database;
  if (handle !== database) handles.push(handle);
  const app = await buildApp({ config: testConfig({ dataDir: dataDirs[i] }), database: handle, logger: false });
  await app.ready();
  app.ctx.clock = clock;
  return Object.assign(app, { closeAll: () => app.close() });
}

beforeAll(async () => {
  database = await openTestDatabase();
  instances = [await instance(0), await instance(1)];
}, 180_000);
afterAll(async () => {
  for (const app of instances) await app.close();
  for (const handle of handles) await handle.close();
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3_600_000;
/**
 * Shoppers, each with a standing reservation at each of the four farms, and members per CSA plan.
 * The scale (125 shoppers: 500 standing reservations, about 7,700 orders) takes minutes on a
 * 2-core machine, so `npm test` runs the same season with 3 shoppers and 2 members per plan, and
 * `STANDING_SEASON_SHOPPERS=125 STANDING_SEASON_MEMBERS=8 npx vitest run standing.season` runs it
 * at full scale (docs/TESTING.md has the last figures).
 */
const SHOPPERS = Number(process.env.STANDING_SEASON_SHOPPERS ?? 3);
const MEMBERS = Number(process.env.STANDING_SEASON_MEMBERS ?? 2);
const SEASON_START = '2030-10-05';
const SEASON_END = '2031-03-30';

/** The instant of a local wall-clock time in a zone, found by asking Intl for the offset (independent of pickup/windows.ts). */
function instantAt(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, Number(p.value)]),
    );
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - at;
  };
  return new Date(guess - offset(guess - offset(guess)));
}
const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const firstOnOrAfter = (date: string, weekday: number) => {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(date, (weekday - day + 7) % 7);
};

type Farm = TestUser & {
  producerId: number;
  pointId: number;
  name: string;
  zone: string;
  cutoff: number;
  lead: number;
  slots: { weekday: number; start: string; end: string }[];
  products: number[];
};

async function farm(
  app: TestApp,
  zone: string,
  city: string,
  rules: { cutoff: number; lead: number; accept: boolean },
  slots: Farm['slots'],
): Promise<Farm> {
  const producer = await buildProducer(app, { city });
  // A farm sells only while its trial or plan runs: these farms pay for the whole season.
  await app.ctx.db
    .update(subscriptions)
    .set({ status: 'active', trialEndsAt: null, currentPeriodEnd: new Date('2031-06-01T00:00:00Z') })
    .where(eq(subscriptions.userId, producer.id));
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/pickup/mine/settings',
    headers: bearer(producer),
    payload: { cutoff_hours: rules.cutoff, cap_per_window: null, standing_lead_hours: rules.lead, standing_accept: rules.accept },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const point = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(producer),
    payload: {
      kind: 'market',
      name: `${city} market`,
      address: '1 Main St',
      city,
      state: 'KY',
      zip: '40507',
      time_zone: zone,
      schedule: slots,
    },
  });
  expect(point.statusCode, point.body).toBe(201);
  const products = [
    await buildProduct(app, producer, { name: 'Eggs', stockQuantity: null }),
    await buildProduct(app, producer, { name: 'Bread', category: 'baked_goods', stockQuantity: 1_000_000 }),
  ];
  return {
    ...producer,
    pointId: point.json().point.id,
    name: `${city} market`,
    zone,
    cutoff: rules.cutoff,
    lead: rules.lead,
    slots,
    products,
  };
}

type Series = {
  id: number;
  shopper: TestUser;
  farm: Farm;
  weekday: number;
  start: string;
  every: number;
  startDate: string;
  endDate: string;
  off: string[];
};

describe('a season of standing reservations', () => {
  it('places exactly one order per window for 26 weeks across two instances, a restart and both daylight-saving changes', async () => {
    const started = Date.now();
    const [a] = instances;
    const farms = [
      await farm(a, 'America/New_York', 'Lexington', { cutoff: 24, lead: 24, accept: false }, [
        { weekday: 6, start: '09:00', end: '12:00' },
        { weekday: 3, start: '16:00', end: '18:00' },
      ]),
      await farm(a, 'America/New_York', 'Louisville', { cutoff: 36, lead: 18, accept: true }, [
        { weekday: 6, start: '08:00', end: '11:00' },
      ]),
      await farm(a, 'America/Chicago', 'Bowling Green', { cutoff: 24, lead: 48, accept: false }, [
        { weekday: 6, start: '09:00', end: '12:00' },
        { weekday: 4, start: '17:00', end: '19:00' },
      ]),
      await farm(a, 'America/Chicago', 'Nashville', { cutoff: 12, lead: 24, accept: true }, [
        { weekday: 0, start: '10:00', end: '13:00' },
      ]),
    ];

    // 500 standing reservations: 125 shoppers, one at each farm, every 1, 2 or 4 weeks, some ending early.
    const series: Series[] = [];
    for (let s = 0; s < SHOPPERS; s++) {
      const shopper = await buildUser(a);
      for (const [f, place] of farms.entries()) {
        const slot = place.slots[(s + f) % place.slots.length];
        const every = [1, 2, 4][(s + f) % 3];
        const startDate = addDays(firstOnOrAfter(SEASON_START, slot.weekday), 7 * (s % 3));
        const endDate = s % 10 === 0 ? '2031-02-15' : SEASON_END;
        const row = await insertStanding(a.ctx.db, {
          customerId: shopper.id,
          producerUserId: place.id,
          pointId: place.pointId,
          pointName: place.name,
          weekday: slot.weekday,
          startTime: slot.start,
          everyWeeks: every,
          startDate,
          endDate,
          items: [{ productId: place.products[s % 2], variantId: null, quantity: 1 + (s % 3) }],
          shopperName: `Shopper ${s}`,
        });
        series.push({
          id: row.id,
          shopper,
          farm: place,
          weekday: slot.weekday,
          start: slot.start,
          every,
          startDate,
          endDate,
          off: [],
        });
      }
    }

    // 3 CSA plans, 8 members each, each with a holiday week off; their first boxes posted.
    for (const [f, holiday] of [
      [0, '2030-12-28'],
      [2, '2030-12-28'],
      [3, '2030-11-24'],
    ] as const) {
      const place = farms[f];
      const slot = place.slots[0];
      const plan = await a.inject({
        method: 'POST',
        url: '/api/csa',
        headers: bearer(place),
        payload: {
          name: `Winter share ${f}`,
          sizes: [
            { name: 'Small', price: 18 },
            { name: 'Large', price: 30 },
          ],
          season_start: SEASON_START,
          season_end: SEASON_END,
          skip_dates: [holiday],
          places: [{ point_id: place.pointId, weekday: slot.weekday, start: slot.start, cap: MEMBERS }],
        },
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const planId = plan.json().plan.id;
      for (let m = 0; m < MEMBERS; m++) {
        const member = await buildUser(a);
        const joined = await a.inject({
          method: 'POST',
          url: `/api/csa/${planId}/join`,
          headers: bearer(member),
          payload: { point_id: place.pointId, size: m % 2, dislikes: m === 0 ? 'No turnips' : null, shopperName: `Member ${m}` },
        });
        expect(joined.statusCode, joined.body).toBe(201);
        const standing = joined.json().standing;
        series.push({
          id: standing.id,
          shopper: member,
          farm: place,
          weekday: slot.weekday,
          start: slot.start,
          every: 1,
          startDate: standing.start_date,
          endDate: SEASON_END,
          off: [holiday],
        });
      }
      const box = await a.inject({
        method: 'PUT',
        url: `/api/csa/${planId}/boxes`,
        headers: bearer(place),
        payload: { week_of: SEASON_START, items: [{ productId: place.products[1], quantities: [1, 2] }] },
      });
      expect(box.statusCode, box.body).toBe(200);
    }
    expect(series.filter((s) => s.off.length === 0)).toHaveLength(4 * SHOPPERS);

    // Each series' windows, worked out here from dates and the zone (not with the app's own code).
    type Window = { series: Series; date: string; startsAt: Date; cutoffAt: Date };
    const windows: Window[] = [];
    for (const one of series) {
      for (let date = one.startDate; date <= one.endDate; date = addDays(date, 7 * one.every)) {
        if (one.off.includes(date)) continue;
        const startsAt = instantAt(date, one.start, one.farm.zone);
        windows.push({ series: one, date, startsAt, cutoffAt: new Date(startsAt.getTime() - one.farm.cutoff * HOUR) });
      }
    }
    // Both daylight-saving changes are inside the season.
    expect(
      windows.some((w) => w.date < '2030-11-03') && windows.some((w) => w.date > '2030-11-03' && w.date < '2031-03-09'),
    ).toBe(true);
    expect(windows.some((w) => w.date > '2031-03-09')).toBe(true);

    // Skips of 40 windows: 20 a minute before the cut-off (honoured), 20 at the cut-off (refused).
    const key = (w: { series: { id: number }; startsAt: Date }) => `${w.series.id}@${w.startsAt.getTime()}`;
    const inTime = new Set<string>();
    const late = new Set<string>();
    const skipEvents = windows
      .filter((_, i) => i % Math.max(7, Math.floor(windows.length / 40)) === 5)
      .slice(0, 40)
      .map((w, i) => ({ at: new Date(w.cutoffAt.getTime() - (i % 2 === 0 ? 60_000 : 0)), window: w, honoured: i % 2 === 0 }));
    for (const e of skipEvents) (e.honoured ? inTime : late).add(key(e.window));

    // Sweeps every twelve hours (each farm's lead time is longer, so every window meets one), alternating
    // instances, every fifth pair at once; the skips at their minute.
    const end = new Date('2031-04-01T12:00:00Z');
    const events: { at: Date; skip?: (typeof skipEvents)[number] }[] = [];
    for (let t = clock.now().getTime(); t <= end.getTime(); t += 12 * HOUR) events.push({ at: new Date(t) });
    for (const e of skipEvents) events.push({ at: e.at, skip: e });
    events.sort((x, y) => x.at.getTime() - y.at.getTime());
    const restartAt = new Date('2031-01-01T00:00:00Z');
    let restarted = false;
    let step = 0;
    for (const event of events) {
      clock.set(event.at);
      if (!restarted && event.at >= restartAt) {
        // The second instance stops and a new one takes its place, mid-season.
        const old = instances[1];
        instances[1] = await instance(2);
        await old.close();
        restarted = true;
      }
      if (event.skip) {
        const { window, honoured } = event.skip;
        const answer = await instances[step % 2].inject({
          method: 'POST',
          url: `/api/standing/${window.series.id}/skip`,
          headers: bearer(window.series.shopper),
          payload: { startsAt: window.startsAt.toISOString() },
        });
        expect(answer.statusCode, answer.body).toBe(honoured ? 200 : 409);
        continue;
      }
      step++;
      if (step % 5 === 0) await Promise.all(instances.map((app) => runStandingOrders(app.ctx, event.at)));
      else await runStandingOrders(instances[step % 2].ctx, event.at);
    }

    // Every window has exactly one order, at its local time; skips in time left none alive.
    const placed = await a.ctx.db
      .select({
        id: orders.id,
        standingId: orders.standingId,
        windowStart: orders.windowStart,
        status: orders.status,
        timeZone: orders.timeZone,
      })
      .from(orders)
      .where(isNotNull(orders.standingId));
    const byKey = new Map<string, typeof placed>();
    for (const order of placed) {
      const k = `${order.standingId}@${order.windowStart.getTime()}`;
      byKey.set(k, [...(byKey.get(k) ?? []), order]);
    }
    const missing: string[] = [];
    const duplicated: string[] = [];
    for (const w of windows) {
      const found = byKey.get(key(w)) ?? [];
      if (found.length > 1) duplicated.push(key(w));
      const alive = found.filter((o) => o.status !== 'cancelled');
      if (inTime.has(key(w))) expect(alive, `skipped ${key(w)}`).toHaveLength(0);
      else if (alive.length !== 1) missing.push(`${w.series.id} ${w.date} ${w.series.farm.zone}`);
    }
    expect(duplicated).toEqual([]);
    expect(missing).toEqual([]);
    // No order for a window that is not one of the series' (wrong week, wrong hour after a clock change).
    const expected = new Set(windows.map(key));
    expect([...byKey.keys()].filter((k) => !expected.has(k))).toEqual([]);
    for (const k of late) expect((byKey.get(k) ?? []).filter((o) => o.status !== 'cancelled')).toHaveLength(1);
    expect(await a.ctx.db.select().from(standingWindows).where(eq(standingWindows.state, 'missed'))).toEqual([]);
    // One reminder per window, whichever instance sent it.
    const [{ n }] = await a.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobNotices)
      .where(eq(jobNotices.kind, 'standing-reminder'));
    expect(Number(n)).toBe(windows.length);
    console.log(
      `standing season: ${series.length} series, ${windows.length} windows, ${placed.length} orders in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 900_000);
});
