import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { eggs, marketPoint, orderPayload, SATURDAY_9AM, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The farm's standing demand (decision 546) on the Saturday market of `setUpMarket`; the clock starts
 * Wednesday 5 June 2030 at noon, so the weeks shown are those of 3 June to 22 July.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

/** A farm with a CSA plan (Small and Large boxes, off on 6 July), three members, and standing orders of eggs, pork and tomatoes. */
async function farmWithDemand() {
  const farm = await setUpMarket(app);
  const egg = await eggs(app, farm, { stockQuantity: 50 });
  const pork = await buildProduct(app, farm, {
    name: 'Pork shoulder',
    category: 'meat',
    priceCents: 999,
    priceUnit: null,
    weightUnit: 'lb',
    packMin: 3,
    packMax: 5,
    stockQuantity: 40,
  });
  const tomatoes = await buildProduct(app, farm, {
    name: 'Heirloom tomatoes',
    category: 'vegetables',
    priceCents: 600,
    priceUnit: '2 lb pack',
    stockQuantity: 40,
  });
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
    places: [{ point_id: farm.pointId, weekday: 6, start: '09:00', cap: 5 }],
  });
  expect(plan.statusCode, plan.body).toBe(201);
  const planId = plan.json().plan.id as number;
  const members: TestUser[] = [];
  for (const size of [0, 1, 1]) {
    const member = await buildUser(app);
    const joined = await send('POST', `/api/csa/${planId}/join`, member, {
      point_id: farm.pointId,
      size,
      dislikes: null,
      shopperName: 'Member',
      shopperPhone: '(859) 555-0100',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    members.push(member);
  }
  const shopper = await buildUser(app);
  const made = await send('POST', '/api/standing', shopper, {
    ...orderPayload(farm, [
      { productId: egg, quantity: 2 },
      { productId: pork, quantity: 1 },
      { productId: tomatoes, quantity: 3 },
    ]),
    startsAt: SATURDAY_9AM,
    everyWeeks: 1,
  });
  expect(made.statusCode, made.body).toBe(201);
  return { farm, shopper, planId, members };
}

describe('the farm’s standing demand', () => {
  it('counts CSA shares per plan and size per week before products in the standing demand', async () => {
    const { farm } = await farmWithDemand();
    const demand = await send('GET', '/api/standing/demand', farm);
    expect(demand.statusCode, demand.body).toBe(200);
    const body = demand.json();
    expect(body).toMatchObject({ reservations: 4, members: 3 });
    // The week of 1 July has the plan's skipped date (Saturday 6 July): no shares that week.
    expect(body.shares).toEqual([
      {
        plan_id: expect.any(Number),
        plan: 'Summer Veggie Share',
        size: 'Small',
        size_index: 0,
        counts: [1, 1, 1, 1, 0, 1, 1, 1],
      },
      {
        plan_id: expect.any(Number),
        plan: 'Summer Veggie Share',
        size: 'Large',
        size_index: 1,
        counts: [2, 2, 2, 2, 0, 2, 2, 2],
      },
    ]);
  });

  it('never adds dozens and pounds into one total: each product keeps its own unit', async () => {
    const { farm } = await farmWithDemand();
    const { rows } = (await send('GET', '/api/standing/demand', farm)).json();
    expect(
      rows.map((r: Record<string, unknown>) => [r.name, r.price_unit, r.weight_unit, r.pack_min, r.pack_max, r.quantities]),
    ).toEqual([
      ['Farm Fresh Eggs', 'dozen', null, null, null, [2, 2, 2, 2, 2, 2, 2, 2]],
      ['Heirloom tomatoes', '2 lb pack', null, null, null, [3, 3, 3, 3, 3, 3, 3, 3]],
      ['Pork shoulder', null, 'lb', 3, 5, [1, 1, 1, 1, 1, 1, 1, 1]],
    ]);
  });

  it('exports the demand as CSV: shares first, then each product with its unit, the farm’s own only', async () => {
    const { farm, shopper } = await farmWithDemand();
    const file = await send('GET', '/api/standing/demand.csv', farm);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="farmstand-standing-demand-2030-06-03.csv"');
    expect(file.body.split('\r\n')).toEqual([
      'Kind,Item,Unit,Place,Weekly time,Week of 2030-06-03,Week of 2030-06-10,Week of 2030-06-17,Week of 2030-06-24,Week of 2030-07-01,Week of 2030-07-08,Week of 2030-07-15,Week of 2030-07-22',
      'CSA share,Summer Veggie Share (Small),shares,,,1,1,1,1,0,1,1,1',
      'CSA share,Summer Veggie Share (Large),shares,,,2,2,2,2,0,2,2,2',
      'Product,Farm Fresh Eggs,dozen,Lexington Farmers Market,Saturday 09:00,2,2,2,2,2,2,2,2',
      'Product,Heirloom tomatoes,2-lb pack,Lexington Farmers Market,Saturday 09:00,3,3,3,3,3,3,3,3',
      'Product,Pork shoulder,packs of 3–5 lb,Lexington Farmers Market,Saturday 09:00,1,1,1,1,1,1,1,1',
      '',
    ]);

    // Another farm downloads its own (empty) demand; a shopper and a guest none.
    const other = await setUpMarket(app);
    const theirs = await send('GET', '/api/standing/demand.csv', other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body.split('\r\n')).toHaveLength(2);
    expect((await send('GET', '/api/standing/demand.csv', shopper)).statusCode).toBe(403);
    const guest = await send('GET', '/api/standing/demand.csv', null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBeTruthy();
  });
  it('leaves a closed date’s week out of the standing demand and the CSA lists', async () => {
    const { farm, shopper, planId, members } = await farmWithDemand();
    // The member of the Small box skips 22 June; the farm closes the market on 15 June and opens it
    // from 1 July (its season), so the weeks of 10 and 17 June and 24 June have no pickup.
    const small = (await send('GET', '/api/standing/mine', members[0])).json().standing[0].id;
    const skipped = await send('POST', `/api/standing/${small}/skip`, members[0], { startsAt: '2030-06-22T13:00:00.000Z' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const place = await app.inject({
      method: 'PUT',
      url: `/api/pickup/mine/points/${farm.pointId}`,
      headers: bearer(farm),
      payload: { ...marketPoint(), closed_dates: ['2030-06-15'], season_from: '06-01', season_to: '06-22' },
    });
    expect(place.statusCode, place.body).toBe(200);

    const demand = (await send('GET', '/api/standing/demand', farm)).json();
    // Week of 3 June (Sat 8 June) open, 10 June closed, 17 June open (the Small member skips 22 June
    // in the next week), then out of season.
    expect(demand.shares.map((share: { counts: number[] }) => share.counts)).toEqual([
      [1, 0, 0, 0, 0, 0, 0, 0],
      [2, 0, 2, 0, 0, 0, 0, 0],
    ]);
    expect(demand.rows.map((row: { quantities: number[] }) => row.quantities)).toEqual([
      [2, 0, 2, 0, 0, 0, 0, 0],
      [3, 0, 3, 0, 0, 0, 0, 0],
      [1, 0, 1, 0, 0, 0, 0, 0],
    ]);
    const csv = (await send('GET', '/api/standing/demand.csv', farm)).body.split('\r\n');
    expect(csv[1]).toBe('CSA share,Summer Veggie Share (Small),shares,,,1,0,0,0,0,0,0,0');
    expect(csv[3]).toBe('Product,Farm Fresh Eggs,dozen,Lexington Farmers Market,Saturday 09:00,2,0,2,0,0,0,0,0');

    // The CSA members list: the closed date is no one's skip and no one's next pickup.
    useTestClock(app, new Date('2030-06-09T12:00:00Z'));
    const list = (await send('GET', `/api/csa/${planId}/members`, farm)).json().members;
    expect(list.map((m: { skips: string[]; next_pickup: string | null }) => [m.skips, m.next_pickup])).toEqual([
      [['2030-06-22'], null],
      [[], '2030-06-22'],
      [[], '2030-06-22'],
    ]);
    // The shopper's own list says the closed week has no pickup, and why.
    const mine = (await send('GET', '/api/standing/mine', shopper)).json().standing[0];
    expect(mine.upcoming.slice(0, 2)).toMatchObject([
      { date: '2030-06-15', state: 'off', reason: 'Lexington Farmers Market is closed on Saturday, June 15' },
      { date: '2030-06-22', state: 'upcoming' },
    ]);
  });
});
