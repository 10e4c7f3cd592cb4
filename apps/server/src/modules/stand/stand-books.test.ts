import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, takeBenefits, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The day's books at the stand (issue 47 item 6, decision 576) against an answer key worked out by
 * hand: the Saturday market of `setUpMarket` (8 June 2030, Lexington, KY, 6 % on what is not food).
 */
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

type Farm = TestProducer & { pointId: number };
const SATURDAY_11 = new Date('2030-06-08T15:00:00Z');

const sync = (user: TestUser, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: bearer(user), payload: { actions } });
const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: bearer(user) });
const sale = (at: string, lines: { productId: number; quantity: number }[], tenders: Record<string, number>) => ({
  id: randomUUID(),
  kind: 'sale',
  at,
  device: 'Booth phone',
  lines,
  tenders,
});

describe('the stand’s day books', () => {
  it('total each tender, the cash in the box, goods, taxable, exempt and tax to the cent, sales and pickups together', async () => {
    const farm: Farm = await setUpMarket(app, {}, { farmName: 'Books Farm' });
    const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 50 });
    const honey = await buildProduct(app, farm, { name: 'Honey', category: 'honey', priceCents: 850, priceUnit: 'jar' });
    const candle = await buildProduct(app, farm, {
      name: 'Beeswax candle',
      category: 'other',
      taxClass: 'non_food',
      priceCents: 1000,
      priceUnit: 'each',
    });
    await takeBenefits(app, admin, farm);
    // A shopper's order of one dozen eggs for Saturday, handed over at the stand.
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
    // Another farm's sale that day, and this farm's sale of Friday: neither is in Saturday's books.
    const other: Farm = await setUpMarket(app, {}, { farmName: 'Other Farm' });
    const otherEgg = await eggs(app, other, { priceCents: 600 });

    useTestClock(app, SATURDAY_11);
    const at = '2030-06-08T14:00:00Z';
    const results = (
      await sync(farm, [
        sale('2030-06-07T20:00:00Z', [{ productId: egg, quantity: 1 }], { cash: 600 }),
        // Goods $22.00, the candle taxed: $0.60; cash $30.00 handed over, $7.40 change.
        sale(
          at,
          [
            { productId: egg, quantity: 2 },
            { productId: candle, quantity: 1 },
          ],
          { cash: 3000 },
        ),
        // Food only, paid with SNAP: no tax.
        sale(
          at,
          [
            { productId: honey, quantity: 1 },
            { productId: egg, quantity: 1 },
          ],
          { snap: 1450 },
        ),
        // Two candles: $20.00 + $1.20 tax, by card and a check.
        sale(at, [{ productId: candle, quantity: 2 }], { card: 2000, check: 120 }),
        sale(at, [{ productId: egg, quantity: 1 }], { farm_credit: 600 }),
        { id: randomUUID(), kind: 'pickup', at, device: 'Booth phone', orderId: order.id, weights: [], tenders: { cash: 600 } },
      ])
    ).json().results;
    expect(results.map((r: { status: string; message: string }) => r.status)).toEqual(Array(6).fill('applied'));
    expect((await sync(other, [sale(at, [{ productId: otherEgg, quantity: 1 }], { cash: 600 })])).json().results[0].status).toBe(
      'applied',
    );

    const res = await get(farm, '/api/stand/day?date=2030-06-08');
    expect(res.statusCode, res.body).toBe(200);
    const books = res.json();
    expect(books).toMatchObject({
      date: '2030-06-08',
      farm_name: 'Books Farm',
      fns_number: '1234567',
      time_zone: 'America/New_York',
      sales_count: 4,
      pickups_count: 1,
      lines_cents: 6850,
      taxable_cents: 3000,
      exempt_cents: 3850,
      tax_cents: 180,
      total_cents: 7030,
      paid_cents: 7030,
      cash_expected_cents: 2860,
    });
    expect(books.tenders).toEqual([
      { kind: 'snap', label: 'SNAP/EBT', market: null, sales: 1, cents: 1450 },
      { kind: 'cash', label: 'Cash', market: null, sales: 2, cents: 2860 },
      { kind: 'card', label: 'Card', market: null, sales: 1, cents: 2000 },
      { kind: 'check', label: 'Check', market: null, sales: 1, cents: 120 },
      { kind: 'farm_credit', label: 'Farm credit', market: null, sales: 1, cents: 600 },
    ]);
    // Each total is the sum of its sales.
    const sum = (key: string) => books.sales.reduce((a: number, s: Record<string, number>) => a + s[key], 0);
    for (const key of ['lines_cents', 'taxable_cents', 'exempt_cents', 'tax_cents', 'total_cents', 'paid_cents'])
      expect(sum(key), key).toBe(books[key]);
    expect(books.sales.map((s: { kind: string; total_cents: number }) => [s.kind, s.total_cents])).toEqual([
      ['pickup', 600],
      ['sale', 2260],
      ['sale', 1450],
      ['sale', 2120],
      ['sale', 600],
    ]);

    const csv = await get(farm, '/api/stand/day.csv?date=2030-06-08');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="farmstand-stand-2030-06-08.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Kind,Time,Name,Place,Goods,Taxable,Exempt,Tax,Total,SNAP/EBT,WIC FMNP coupons,Senior FMNP coupons,Incentive match,Cash,Card,Check,Farm credit,Other,Paid',
    );
    expect(lines[2]).toBe(
      `${results[1].order_id},Stand sale,10:00,Walk-up sale (Booth phone),Lexington Farmers Market,22.00,10.00,12.00,0.60,22.60,0.00,0.00,0.00,0.00,22.60,0.00,0.00,0.00,0.00,22.60`,
    );
    expect(lines[6]).toBe(
      'Total,"4 sales, 1 pickups",,,,68.50,30.00,38.50,1.80,70.30,14.50,0.00,0.00,0.00,28.60,20.00,1.20,6.00,0.00,70.30',
    );

    // The month's benefits ledger counts the stand's SNAP sale.
    const ledger = (await get(farm, '/api/benefits/ledger?month=2030-06')).json();
    expect(ledger.rows).toContainEqual({ kind: 'snap', label: 'SNAP/EBT', market: null, orders: 1, cents: 1450 });
    expect(ledger.orders.map((o: { order_id: number }) => o.order_id)).toContain(results[2].order_id);
  });

  it('is today in the farm’s zone without a date, and refuses a malformed date', async () => {
    const farm: Farm = await setUpMarket(app, {}, { farmName: 'Empty Farm' });
    const res = await get(farm, '/api/stand/day');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date: '2030-06-05', sales_count: 0, total_cents: 0, tenders: [], sales: [] });
    const bad = await get(farm, '/api/stand/day?date=June%205');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('YYYY-MM-DD');
  });
});
