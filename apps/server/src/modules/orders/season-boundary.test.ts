import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { marketPoint, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let shopper: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  shopper = await buildUser(app);
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

/** Friday 7 June 2030, 7 PM at a Nashville market (CDT): already Saturday 8 June in UTC. */
const FRIDAY_7PM_CENTRAL = '2030-06-08T00:00:00.000Z';

/** A producer whose only place is a Friday-evening market in Central time. */
async function setUpEveningMarket() {
  const producer = await setUpMarket(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(producer),
    payload: marketPoint({
      name: 'Nashville Night Market',
      city: 'Nashville',
      state: 'TN',
      zip: '37203',
      time_zone: 'America/Chicago',
      schedule: [{ weekday: 5, start: '19:00', end: '21:00' }],
    }),
  });
  expect(res.statusCode).toBe(201);
  return { ...producer, pointId: res.json().point.id as number };
}

describe('a season boundary at an evening market in Central time', () => {
  it('judges the season by the pickup day at the place, not the UTC date, and says when the season starts', async () => {
    const producer = await setUpEveningMarket();
    const pub = await app.inject({ method: 'GET', url: `/api/pickup/producers/${producer.id}` });
    expect(pub.json().windows).toContainEqual(
      expect.objectContaining({ point_id: producer.pointId, starts_at: FRIDAY_7PM_CENTRAL, date: '2030-06-07' }),
    );
    const fromSaturday = await buildProduct(app, producer, {
      name: 'Strawberries',
      availability: 'seasonal',
      seasonalStart: '2030-06-08',
      seasonalEnd: '2030-07-15',
    });
    const untilFriday = await buildProduct(app, producer, {
      name: 'Asparagus',
      availability: 'seasonal',
      seasonalStart: '2030-04-01',
      seasonalEnd: '2030-06-07',
    });

    const early = await placeOrder(
      app,
      shopper,
      orderPayload(producer, [{ productId: fromSaturday, quantity: 1 }], { startsAt: FRIDAY_7PM_CENTRAL }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      'Strawberries is in season from Jun 8, 2030 until Jul 15, 2030; choose a pickup time inside its season',
    );

    const lastDay = await placeOrder(
      app,
      shopper,
      orderPayload(producer, [{ productId: untilFriday, quantity: 1 }], { startsAt: FRIDAY_7PM_CENTRAL }),
    );
    expect(lastDay.statusCode).toBe(201);
  });
});
