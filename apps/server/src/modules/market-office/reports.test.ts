import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { addVendor, buildMarket, MARKET_SATURDAY, SATURDAY_11, type TestMarket } from '../../test/market-office-helpers';
import { eggs, setUpMarket, takeBenefits, useTestClock } from '../../test/orders-helpers';
import { buildProducer } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Vendors' day reports and the market's counts (issue 48 item 4, decision 582): pre-filled from the
 * farm's own register at its place at the market; a vendor sees and sends only its own.
 */
let app: TestApp;
let admin: TestUser;
let market: TestMarket;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  useTestClock(app, SATURDAY_11);
  market = await buildMarket(app);
});

const call = (user: TestUser, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url: `/api/markets/${market.id}${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });

describe('a vendor’s day report', () => {
  it('is pre-filled from the farm’s stand sales at its place at the market, and saved again changes nothing', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Register Farm' });
    await addVendor(app, market.id, farm.id, farm.pointId);
    await takeBenefits(app, admin, farm);
    const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 50 });
    const sold = await app.inject({
      method: 'POST',
      url: '/api/stand/sync',
      headers: bearer(farm),
      payload: {
        actions: [
          {
            id: randomUUID(),
            kind: 'sale',
            at: SATURDAY_11.toISOString(),
            device: 'Stall phone',
            pointId: farm.pointId,
            lines: [{ productId: egg, quantity: 2 }],
            tenders: { snap: 1200 },
          },
        ],
      },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().results[0].status, sold.body).toBe('applied');

    const report = await call(farm, 'GET', `/report/${MARKET_SATURDAY}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      attended: true,
      salesCents: 0,
      source: null,
      fromRegister: { salesCents: 1200, redemptions: { snap: 1200, incentive: 0, wic_fmnp: 0, senior_fmnp: 0, credit: 0 } },
    });
    const input = { attended: true, salesCents: 25_000, redemptions: { snap: 1000, incentive: 400 } };
    for (let n = 0; n < 2; n++) {
      const saved = await call(farm, 'PUT', `/report/${MARKET_SATURDAY}`, input);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        salesCents: 25_000,
        source: 'vendor',
        redemptions: {
          snap: { reportedCents: 1000, countedCents: null },
          incentive: { reportedCents: 400, countedCents: null },
          credit: { reportedCents: 0 },
        },
      });
    }
    // The market counts; the report stays; the books list the count and the register beside the report.
    const counted = await call(market.manager, 'PUT', `/vendors/${farm.id}/count/${MARKET_SATURDAY}`, { counted: { snap: 900 } });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().redemptions.snap).toEqual({ reportedCents: 1000, countedCents: 900 });
    const books = await call(market.manager, 'GET', `/reconciliation?from=${MARKET_SATURDAY}&to=${MARKET_SATURDAY}`);
    expect(
      books
        .json()
        .discrepancies.map((d: { kind: string; currency: string }) => `${d.kind} ${d.currency}`)
        .sort(),
    ).toEqual([
      'count_differs snap',
      'not_counted incentive',
      'redeemed_exceeds_issued incentive',
      'redeemed_exceeds_issued snap',
      'register_differs incentive',
      'register_differs snap',
    ]);
  });

  it('is for market days that have come, and says so', async () => {
    const farm = await buildProducer(app);
    await addVendor(app, market.id, farm.id);
    const input = { salesCents: 100, redemptions: {} };
    const friday = await call(farm, 'PUT', '/report/2030-06-07', input);
    expect(friday.statusCode).toBe(400);
    expect(friday.json().message).toBe('2030-06-07 is not a market day at Lexington Farmers Market');
    const next = await call(farm, 'PUT', '/report/2030-06-15', input);
    expect(next.statusCode).toBe(400);
    expect(next.json().message).toContain('has not come yet');
  });

  it('is the vendor’s own: another farm, a shopper and the volunteer are refused; the manager enters it for them', async () => {
    const farm = await buildProducer(app);
    const other = await buildProducer(app);
    await addVendor(app, market.id, farm.id);
    const outsider = await buildProducer(app);
    const input = { salesCents: 5000, redemptions: { snap: 300 } };
    expect((await call(outsider, 'GET', `/report/${MARKET_SATURDAY}`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', '/statement')).statusCode).toBe(403);
    // A vendor has no way to another vendor's report: the manager's paths refuse it.
    expect((await call(farm, 'GET', `/vendors/${other.id}/report/${MARKET_SATURDAY}`)).statusCode).toBe(403);
    expect((await call(farm, 'PUT', `/vendors/${farm.id}/count/${MARKET_SATURDAY}`, { counted: { snap: 1 } })).statusCode).toBe(
      403,
    );
    expect((await call(market.volunteer, 'GET', `/vendors/${farm.id}/report/${MARKET_SATURDAY}`)).statusCode).toBe(403);
    expect((await call(market.manager, 'GET', `/vendors/${outsider.id}/report/${MARKET_SATURDAY}`)).statusCode).toBe(404);
    const entered = await call(market.manager, 'PUT', `/vendors/${farm.id}/report/${MARKET_SATURDAY}`, input);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({ source: 'manager', salesCents: 5000 });
    const own = await call(farm, 'GET', `/report/${MARKET_SATURDAY}`);
    expect(own.json().redemptions.snap.reportedCents).toBe(300);
    const statement = await call(farm, 'GET', `/statement?from=${MARKET_SATURDAY}&to=${MARKET_SATURDAY}`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({ producerId: farm.id, reimbursedCents: 300, feeCents: 0, netCents: 300 });
    const csv = await call(farm, 'GET', `/statement.csv?from=${MARKET_SATURDAY}&to=${MARKET_SATURDAY}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${MARKET_SATURDAY},yes,50.00,3.00`);
  });
});
