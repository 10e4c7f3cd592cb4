import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { orderEvents, orders, products } from '../../db/schema';
import { ManualClock } from '../../jobs/clock';
import { SWEEP_QUEUE } from '../../jobs/queue';
import { runSweep } from '../../jobs/sweep';
import { bearer, buildUser } from '../../test/factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, WEDNESDAY_NOON } from '../../test/orders-helpers';
import { openTestDatabase, type TestApp, testConfig } from '../../test/test-app';

/**
 * Orders left accepted or ready are closed by the sweep a set time after their window ends, as
 * the producer chose: two instances of the app on one database both run the sweep (on the real
 * queue and directly at once), and each order is still moved, recorded and announced once.
 */
const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'farmstand-close-days-')));
let database: DatabaseHandle & { url?: string };
let second: DatabaseHandle;
let instances: TestApp[];
const clock = new ManualClock(WEDNESDAY_NOON);

beforeAll(async () => {
  database = await openTestDatabase();
  // On PostgreSQL the second instance has its own pool, as another process would; PGlite is one
  // process's database, so there both instances share its connection.
  second = database.url ? await openPostgres(database.url) : database;
  instances = [];
  for (const [i, handle] of [database, second].entries()) {
    const app = await buildApp({ config: testConfig({ dataDir: dataDirs[i] }), database: handle, logger: false });
    await app.ready();
    app.ctx.clock = clock;
    instances.push(Object.assign(app, { closeAll: () => app.close() }));
  }
});
afterAll(async () => {
  for (const app of instances ?? []) {
    await app.ctx.jobs.stop();
    await app.close();
  }
  if (second && second !== database) await second.close();
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('closing unhandled orders automatically', () => {
  it('closes each order once across two instances, after the hours and as the producer chose', async () => {
    const [a, b] = instances;
    const farm = await setUpMarket(a); // picked up, 12 hours after the window
    const chose = await a.inject({
      method: 'PUT',
      url: '/api/pickup/mine/settings',
      headers: bearer(farm),
      payload: { cutoff_hours: 24, cap_per_window: null, close_as: 'picked_up' },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const strict = await setUpMarket(a);
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/pickup/mine/settings',
      headers: bearer(strict),
      payload: { cutoff_hours: 24, cap_per_window: null, close_after_hours: 2, close_as: 'no_show' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const order = async (producer: typeof farm, until: 'accepted' | 'ready') => {
      const egg = await eggs(a, producer);
      const placed = await placeOrder(a, await buildUser(a), orderPayload(producer, [{ productId: egg, quantity: 2 }]));
      expect(placed.statusCode, placed.body).toBe(201);
      const id: number = placed.json().order.id;
      await move(a, producer, id, 'accepted');
      if (until === 'ready') await move(a, producer, id, 'ready');
      return { id, egg };
    };
    const ready = await order(farm, 'ready');
    const accepted = await order(farm, 'accepted');
    const forgotten = await order(strict, 'ready');
    const ids = [ready.id, accepted.id, forgotten.id];

    const announced: number[] = [];
    for (const app of instances) {
      app.ctx.events.on('order.changed', (e) => {
        if (ids.includes(e.orderId) && e.actorRole === 'system') announced.push(e.orderId);
      });
    }
    const statuses = async () =>
      Object.fromEntries(
        (await a.ctx.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids))).map((r) => [
          r.id,
          r.status,
        ]),
      );
    const bothSweep = () => Promise.all([runSweep(a.ctx, clock.now()), runSweep(b.ctx, clock.now())]);

    // The market ends Saturday 12:00 EDT (16:00Z); at 17:30Z nobody's hours have passed.
    clock.set('2030-06-08T17:30:00Z');
    await bothSweep();
    expect(await statuses()).toEqual({ [ready.id]: 'ready', [accepted.id]: 'accepted', [forgotten.id]: 'ready' });

    // 2 hours after: the strict farm's order is a no-show, its eggs back in stock.
    clock.set('2030-06-08T18:00:00Z');
    await bothSweep();
    expect(await statuses()).toMatchObject({ [forgotten.id]: 'no_show', [ready.id]: 'ready' });
    const [egg] = await a.ctx.db.select().from(products).where(eq(products.id, forgotten.egg));
    expect(egg.stockQuantity).toBe(12);

    // 12 hours after (Sunday 04:00Z), on the real queue of both instances and a direct sweep at once.
    clock.set('2030-06-09T04:00:00Z');
    for (const app of instances) await app.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5 });
    const [jobA, jobB] = await Promise.all([a.ctx.jobs.sendSweep(), b.ctx.jobs.sendSweep(), runSweep(b.ctx, clock.now())]);
    for (const [app, job] of [
      [a, jobA],
      [b, jobB],
    ] as const) {
      if (job) expect(await app.ctx.jobs.waitFor(SWEEP_QUEUE, job, 60_000)).toBe('completed');
    }
    expect(jobA ?? jobB).toBeTruthy();
    expect(await statuses()).toEqual({ [ready.id]: 'picked_up', [accepted.id]: 'picked_up', [forgotten.id]: 'no_show' });

    const closing = await a.ctx.db
      .select()
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, ids), inArray(orderEvents.toStatus, ['picked_up', 'no_show'])));
    expect(closing.map((e) => [e.orderId, e.actorRole, e.actorId, e.reason]).sort()).toEqual(
      [
        [ready.id, 'system', null, 'Closed automatically 12 hours after the pickup time'],
        [accepted.id, 'system', null, 'Closed automatically 12 hours after the pickup time'],
        [forgotten.id, 'system', null, 'Closed automatically 2 hours after the pickup time'],
      ].sort(),
    );
    expect(announced.sort()).toEqual([...ids].sort());

    // The shopper's lists follow: nothing upcoming is left.
    const [{ customerId }] = await a.ctx.db.select().from(orders).where(eq(orders.id, ready.id));
    const left = await a.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['accepted', 'ready'])));
    expect(left).toEqual([]);
  });
});
