import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orderItems, orders, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { advanceHours, eggs, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { runStandingOrders } from '../standing/standing.sweep';

/**
 * CSA share plans (decision 515) on the Saturday market of `setUpMarket` (orders close Friday 9:00,
 * members' orders are placed Thursday 9:00); the clock starts Wednesday 5 June 2030 at noon.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const sweep = () => runStandingOrders(app.ctx, app.ctx.clock.now());

async function farmWithPlan(cap = 2) {
  const farm = await setUpMarket(app);
  const egg = await eggs(app, farm, { stockQuantity: 20 });
  const plan = await send('POST', '/api/csa', farm, {
    name: 'Summer Veggie Share',
    description: 'Whatever is best that week',
    sizes: [
      { name: 'Small', price: 20 },
      { name: 'Large', price: 32.5 },
    ],
    season_start: '2030-06-01',
    season_end: '2030-08-31',
    skip_dates: ['2030-07-06'],
    places: [{ point_id: farm.pointId, weekday: 6, start: '09:00', cap }],
  });
  expect(plan.statusCode, plan.body).toBe(201);
  return { farm, egg, plan: plan.json().plan };
}

const joinBody = (size: number, pointId: number, dislikes: string | null = null) => ({
  point_id: pointId,
  size,
  dislikes,
  shopperName: 'Member',
  shopperPhone: '(859) 555-0100',
});

describe('CSA share plans', () => {
  it('makes one membership when the same shopper joins several times at once', async () => {
    const { farm, plan } = await farmWithPlan();
    const dana = await buildUser(app);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send('POST', `/api/csa/${plan.id}/join`, dana, joinBody(0, farm.pointId))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe('You are already a member of this plan');
    const open = (await send('GET', `/api/csa/farms/${farm.id}/plans`, null)).json().plans[0];
    expect(open.places[0]).toMatchObject({ members: 1 });
  });

  it('members join up to the cap per place, get each week’s box in their size at the share’s price, and skipped weeks place nothing', async () => {
    const { farm, egg, plan } = await farmWithPlan();
    const [dana, lee, kim] = [await buildUser(app), await buildUser(app), await buildUser(app)];
    const joined = await send('POST', `/api/csa/${plan.id}/join`, dana, joinBody(0, farm.pointId, 'No beets, please'));
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().standing).toMatchObject({
      plan: { name: 'Summer Veggie Share', size: 'Small', size_index: 0, price: 20, dislikes: 'No beets, please' },
      start_date: '2030-06-08',
      end_date: '2030-08-31',
    });
    // The last place, asked for by two at once: one gets it.
    const race = await Promise.all([
      send('POST', `/api/csa/${plan.id}/join`, lee, joinBody(1, farm.pointId)),
      send('POST', `/api/csa/${plan.id}/join`, kim, joinBody(1, farm.pointId)),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.statusCode === 409)?.json().message).toBe(
      'Lexington Farmers Market is full for this plan; choose another place',
    );
    const open = (await send('GET', `/api/csa/farms/${farm.id}/plans`, null)).json().plans[0];
    expect(open.places[0]).toMatchObject({ cap: 2, members: 2, left: 0 });
    expect((await send('POST', `/api/csa/${plan.id}/join`, dana, joinBody(0, farm.pointId))).statusCode).toBe(409);

    const posted = await send('PUT', `/api/csa/${plan.id}/boxes`, farm, {
      week_of: '2030-06-08',
      items: [{ productId: egg, quantities: [1, 2] }],
      note: 'First strawberries next week!',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().box).toMatchObject({ week_of: '2030-06-03', items: [{ name: 'Farm Fresh Eggs', quantities: [1, 2] }] });
    const [mail] = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, dana.email));
    expect(mail.subject).toBe(`This week’s box from Farm ${farm.id}`);
    expect(mail.body).toContain('- 1 dozen Farm Fresh Eggs');
    expect(mail.body).toContain('No beets, please');
    // The week as a person reads it, not as the database files it.
    expect(mail.body).toContain('box for the week of Monday, June 3, 2030:');

    advanceHours(21);
    await sweep();
    const placed = await app.ctx.db.select().from(orders).where(eq(orders.producerUserId, farm.id));
    expect(placed).toHaveLength(2);
    const small = placed.find((o) => o.customerId === dana.id);
    expect(small).toMatchObject({ status: 'accepted', totalCents: 2000, windowDate: '2030-06-08' });
    expect(small?.note).toContain('CSA share: Summer Veggie Share, Small. Dislikes: No beets, please');
    const lines = await app.ctx.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, small?.id ?? 0));
    expect(lines.map((l) => [l.productName, l.unitPriceCents, l.quantity])).toEqual([
      ['Farm Fresh Eggs', 0, 1],
      ['Summer Veggie Share (Small)', 2000, 1],
    ]);
    expect((await app.ctx.db.select().from(products).where(eq(products.id, egg)))[0].stockQuantity).toBe(17);

    // 6 July is the plan's skipped week: no order, shown as "off".
    const mine = (await send('GET', '/api/standing/mine', dana)).json().standing[0];
    advanceHours(4 * 7 * 24);
    await sweep();
    const july6 = await app.ctx.db.select().from(orders).where(like(orders.windowDate, '2030-07-06'));
    expect(july6).toHaveLength(0);
    const later = (await send('GET', `/api/standing/${mine.id}`, dana)).json();
    expect(later.upcoming.find((w: { date: string }) => w.date === '2030-07-06')?.state).toBe('off');
  });

  it('gives the farm a members list with skips, pauses and dislikes; members pause and leave like any standing reservation', async () => {
    const { farm, plan } = await farmWithPlan(5);
    const dana = await buildUser(app);
    const joined = (await send('POST', `/api/csa/${plan.id}/join`, dana, joinBody(1, farm.pointId, 'No okra'))).json().standing;
    await send('POST', `/api/standing/${joined.id}/skip`, dana, { startsAt: '2030-06-15T13:00:00.000Z' });
    await send('POST', `/api/standing/${joined.id}/pause`, dana, { weeks: 1 });
    const list = await send('GET', `/api/csa/${plan.id}/members`, farm);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().members).toEqual([
      expect.objectContaining({
        name: 'Member',
        size: 'Large',
        dislikes: 'No okra',
        skips: ['2030-06-15'],
        paused_until: '2030-06-12',
      }),
    ]);
    expect((await send('GET', `/api/csa/${plan.id}/members`, dana)).statusCode).toBe(403);
    const left = await send('POST', `/api/standing/${joined.id}/cancel`, dana);
    expect(left.statusCode, left.body).toBe(200);
    const after = (await send('GET', `/api/csa/farms/${farm.id}/plans`, null)).json().plans[0];
    expect(after.places[0].members).toBe(0);
  });

  it('refuses plans and boxes that do not add up, with a reason', async () => {
    const { farm, plan } = await farmWithPlan();
    const other = await setUpMarket(app);
    const base = {
      name: 'Share',
      sizes: [{ name: 'One', price: 25 }],
      season_start: '2030-06-01',
      season_end: '2030-08-31',
      places: [{ point_id: farm.pointId, weekday: 6, start: '09:00', cap: 10 }],
    };
    const cases: [object, string][] = [
      [{ season_end: '2030-05-01' }, 'The season cannot end before it starts'],
      [{ places: [{ point_id: other.pointId, weekday: 6, start: '09:00', cap: 10 }] }, 'Choose one of your own pickup places'],
      [
        { places: [{ point_id: farm.pointId, weekday: 2, start: '09:00', cap: 10 }] },
        'not on Lexington Farmers Market’s schedule',
      ],
      [{ sizes: [{ name: 'One', price: 25.001 }] }, 'whole cents'],
    ];
    for (const [change, text] of cases) {
      const answer = await send('POST', '/api/csa', farm, { ...base, ...change });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toContain(text);
    }
    const box = await send('PUT', `/api/csa/${plan.id}/boxes`, farm, {
      week_of: '2030-06-08',
      items: [{ productId: 1, quantities: [1] }],
    });
    expect(box.json().message).toBe('Give a quantity for each of the 2 box sizes');
    const othersEgg = await eggs(app, other);
    const foreign = await send('PUT', `/api/csa/${plan.id}/boxes`, farm, {
      week_of: '2030-06-08',
      items: [{ productId: othersEgg, quantities: [1, 1] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      `Line 1 (product ${othersEgg}) is no longer listed by this producer; remove it and try again`,
    );
    expect((await send('PUT', `/api/csa/${plan.id}/boxes`, other, { week_of: '2030-06-08', items: [] })).statusCode).toBe(404);
  });
});
