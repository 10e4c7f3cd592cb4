import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { advanceHours, marketPoint, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

type Plan = Record<string, number | Record<string, number>>;
type Worked = {
  items: Record<string, number>;
  plan: Plan;
  tenders: Record<string, number>;
  refused?: { tenders: Record<string, number>; message: string };
};
type Key = {
  prices: Record<'eggs' | 'tomatoes' | 'honey' | 'treats', number>;
  kinds: Record<'A' | 'B' | 'C' | 'D', Worked>;
  ledger: { rows: { kind: string; market: string | null; orders: number; cents: number }[]; total_cents: number };
};
const key: Key = JSON.parse(readFileSync(new URL('./fixtures/window-200.json', import.meta.url), 'utf8'));

/**
 * A seeded market window of 200 orders (fixtures/window-200.json): each order's eligibility and
 * tender plan, the recorded split with the match under its caps, the refusals, and the month's
 * ledger reproduce the answer key worked by hand from decision 516's rules, to the cent.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

type Kind = keyof typeof key.kinds;
const KINDS: Kind[] = ['A', 'B', 'C', 'D'];

/** Runs `each` over `list`, ten at a time (the PostgreSQL pool serves them together; PGlite in turn). */
async function inTens<T, R>(list: T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < list.length; start += 10)
    results.push(...(await Promise.all(list.slice(start, start + 10).map((item, i) => each(item, start + i)))));
  return results;
}

async function send(method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser, payload?: object) {
  return app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
}

describe('a window of 200 orders against the hand-worked answer key', () => {
  // 200 orders placed, accepted, planned and recorded through the API: some 900 requests.
  it('plans, records and totals every order exactly as worked by hand', { timeout: 300_000 }, async () => {
    const farm = await setUpMarket(app);
    const admin = await buildUser(app, { userType: 'admin' });
    const product = async (name: string, category: string, cents: number, unit: string) =>
      buildProduct(app, farm, { name, category, priceCents: cents, priceUnit: unit, stockQuantity: 1000 });
    const ids = {
      eggs: await product('Farm Eggs', 'eggs', key.prices.eggs, 'dozen'),
      tomatoes: await product('Heirloom Tomatoes', 'produce', key.prices.tomatoes, 'quart'),
      honey: await product('Wildflower Honey', 'honey', key.prices.honey, 'jar'),
      treats: await product('Dog Treats', 'pet_food', key.prices.treats, 'bag'),
    };
    const saved = await send('PUT', '/api/benefits/mine', farm, {
      fns_number: '7654321',
      wic_fmnp: { accepted: true, expires_on: '2030-10-31' },
      senior_fmnp: { accepted: true, expires_on: '2030-10-31' },
      incentive_market: 'Lexington Farmers Market',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The market place is a participating market of Kentucky Double Dollars (decision 540).
    const marked = await send(
      'PUT',
      `/api/pickup/mine/points/${farm.pointId}`,
      farm,
      marketPoint({ incentive_market: 'Lexington Farmers Market' }),
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const verified = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
    expect(verified.statusCode, verified.body).toBe(200);

    // 200 shoppers, one order each, kinds A B C D in turn; the farm accepts them all.
    const orders = await inTens(
      Array.from({ length: 200 }, (_, i) => KINDS[i % 4]),
      async (kind) => {
        const shopper = await buildUser(app);
        const items = Object.entries(key.kinds[kind].items).map(([name, quantity]) => ({
          productId: ids[name as keyof typeof ids],
          quantity,
        }));
        const placed = await placeOrder(app, shopper, orderPayload(farm, items));
        expect(placed.statusCode, placed.body).toBe(201);
        const id: number = placed.json().order.id;
        const accepted = await move(app, farm, id, 'accepted');
        expect(accepted.statusCode, accepted.body).toBe(200);
        return { id, kind };
      },
    );

    // Saturday at the market: each order's plan, the refusals, then what was tendered.
    advanceHours(70);
    await inTens(orders, async ({ id, kind }) => {
      const worked = key.kinds[kind];
      const plan = await send('GET', `/api/benefits/orders/${id}`, farm);
      expect(plan.statusCode, plan.body).toBe(200);
      expect(plan.json().benefits, `order ${id} (${kind})`).toMatchObject(worked.plan);
      if (worked.refused) {
        const refused = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, worked.refused.tenders);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().message).toBe(worked.refused.message);
      }
      const recorded = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, worked.tenders);
      expect(recorded.statusCode, `order ${id} (${kind}): ${recorded.body}`).toBe(200);
    });

    const ledger = await send('GET', '/api/benefits/ledger?month=2030-06', farm);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const rows = ledger.json().rows as { kind: string; market: string | null; orders: number; cents: number }[];
    expect(rows.map(({ kind, market, orders: count, cents }) => ({ kind, market, orders: count, cents }))).toEqual(
      key.ledger.rows,
    );
    expect(rows.reduce((sum, row) => sum + row.cents, 0)).toBe(key.ledger.total_cents);
    expect(ledger.json().orders).toHaveLength(200);
  });
});
