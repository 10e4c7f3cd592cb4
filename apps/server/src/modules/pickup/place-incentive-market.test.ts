import { KENTUCKY_DOUBLE_DOLLARS } from '@farmstand/shared/benefits/programmes';
import type { IncentiveRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { marketPoint, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** A pickup place says which participating market of the running incentive it is (decision 542). */
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const kdd = (markets: string[]): IncentiveRequest => ({
  name: KENTUCKY_DOUBLE_DOLLARS.name,
  state: 'KY',
  matches: ['snap', 'wic_fmnp', 'senior_fmnp'],
  matchPercent: 100,
  dailyCapCents: 2000,
  groups: KENTUCKY_DOUBLE_DOLLARS.groups,
  originState: 'KY',
  tokenCents: 200,
  markets,
  sources: [{ title: 'Kentucky Double Dollars, Using KDD', url: 'https://kentuckydoubledollars.org/using-kdd/' }],
  confirmed: false,
  note: '',
  active: true,
});

async function listMarkets(markets: string[]) {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/admin/benefits/incentives/ky_double_dollars',
    headers: bearer(admin),
    payload: kdd(markets),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('a pickup place names the participating market it is', () => {
  it('offers the admin’s participating markets of its state, keeps one spelled as listed, and refuses another naming the choices', async () => {
    await listMarkets(['Lexington Farmers Market', 'Bluegrass Farmers Market']);
    const producer = await setUpMarket(app);
    const setup = (await app.inject({ method: 'GET', url: '/api/pickup/mine', headers: bearer(producer) })).json();
    expect(setup.incentives).toEqual([
      { state: 'KY', name: KENTUCKY_DOUBLE_DOLLARS.name, markets: ['Lexington Farmers Market', 'Bluegrass Farmers Market'] },
    ]);
    expect(setup.points[0].incentive_market).toBeNull();

    const refused = await app.inject({
      method: 'PUT',
      url: `/api/pickup/mine/points/${producer.pointId}`,
      headers: bearer(producer),
      payload: marketPoint({ incentive_market: 'Paris Market' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Paris Market is not a participating market of ${KENTUCKY_DOUBLE_DOLLARS.name}. Choose one of: Lexington Farmers Market, Bluegrass Farmers Market`,
    );

    const saved = await app.inject({
      method: 'PUT',
      url: `/api/pickup/mine/points/${producer.pointId}`,
      headers: bearer(producer),
      payload: marketPoint({ incentive_market: 'lexington farmers market' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().point.incentive_market).toBe('Lexington Farmers Market');
    const pub = (await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` })).json();
    expect(pub.points[0].incentive_market).toBe('Lexington Farmers Market');

    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/pickup/mine/points/${producer.pointId}`,
      headers: bearer(producer),
      payload: marketPoint({ incentive_market: '' }),
    });
    expect(cleared.json().point.incentive_market).toBeNull();
  });

  it('refuses a participating market in a state where no incentive runs, and never makes delivery days one', async () => {
    await listMarkets([]);
    const producer = await setUpMarket(app);
    const tennessee = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: marketPoint({
        name: 'Knoxville market',
        city: 'Knoxville',
        state: 'TN',
        zip: '37902',
        incentive_market: 'Market Square',
      }),
    });
    expect(tennessee.statusCode).toBe(400);
    expect(tennessee.json().message).toMatch(/^No market incentive runs in TN now/);
    // Where the admin listed no markets, the market the farm names counts (as for the farm's own).
    const named = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: marketPoint({ name: 'Berea market', incentive_market: 'Berea Farmers Market' }),
    });
    expect(named.json().point.incentive_market).toBe('Berea Farmers Market');
    const delivery = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(producer),
      payload: {
        kind: 'delivery',
        name: 'Home delivery',
        delivery_fee: 5,
        incentive_market: 'Berea Farmers Market',
        schedule: [{ weekday: 3, start: '16:00', end: '19:00' }],
      },
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    expect(delivery.json().point.incentive_market).toBeNull();
  });
});
