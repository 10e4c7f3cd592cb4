import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, orderTenders } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, takeBenefits, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Books out (issue 50 items 3–4, decision 586): a generated month of stand sales and pickups, then
 * the three files and the tax quarter against the ledger (the orders and their tenders, read from
 * the tables), to the cent; a re-export never repeats an order.
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
const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: bearer(user) });
const sync = (user: TestUser, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: bearer(user), payload: { actions } });
const sale = (at: string, lines: { productId: number; quantity: number }[], tenders: Record<string, number>) => ({
  id: randomUUID(),
  kind: 'sale',
  at,
  device: 'Booth phone',
  lines,
  tenders,
});

/** RFC 4180 as the files write it (quoted fields, CRLF); the BOM dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}
const cents = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100));
/** A column of a parsed file by its header. */
const column = (rows: string[][], name: string) => {
  const at = rows[0].indexOf(name);
  if (at < 0) throw new Error(`no column ${name}`);
  return rows.slice(1).map((r) => r[at]);
};
const total = (values: string[]) => values.reduce((a, v) => a + cents(v), 0);

/** The ledger: the farm's sales (picked up, by local date) and their tenders, from the tables. */
async function ledger(farm: Farm, from: string, to: string) {
  const rows = await app.ctx.db
    .select({ order: orders, tenders: orderTenders })
    .from(orders)
    .leftJoin(orderTenders, eq(orderTenders.orderId, orders.id))
    .where(
      and(
        eq(orders.producerUserId, farm.id),
        eq(orders.status, 'picked_up'),
        gte(orders.windowDate, from),
        lte(orders.windowDate, to),
      ),
    );
  const items = await app.ctx.db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    );
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
  return {
    count: rows.length,
    goods: sum((r) => r.order.totalCents),
    taxable: sum((r) => r.order.taxableCents),
    tax: sum((r) => r.order.taxCents),
    lineTax: items.reduce((a, i) => a + i.taxCents, 0),
    snap: sum((r) => r.tenders?.snapCents ?? 0),
    cash: sum((r) => r.tenders?.cashCents ?? 0),
    total: sum((r) => r.order.totalCents + r.order.taxCents),
  };
}

async function farmWithProducts(name: string) {
  const farm: Farm = await setUpMarket(app, {}, { farmName: name });
  const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 10_000 });
  const honey = await buildProduct(app, farm, { name: 'Honey', category: 'honey', priceCents: 850, priceUnit: 'jar' });
  const candle = await buildProduct(app, farm, {
    name: 'Beeswax candle',
    category: 'other',
    taxClass: 'non_food',
    priceCents: 1099,
    priceUnit: 'each',
  });
  await takeBenefits(app, admin, farm);
  return { farm, egg, honey, candle };
}

describe('books out', () => {
  it('totals of the orders, QuickBooks and Xero files and the tax quarter equal the ledger of a generated month, to the cent', async () => {
    const { farm, egg, honey, candle } = await farmWithProducts('Ledger Farm');
    // A shopper's order of Saturday 8 June, handed over at the stand; another never picked up.
    const shopper = await buildUser(app);
    const placed = (await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 2 }]))).json().order;
    expect((await move(app, farm, placed.id, 'accepted')).statusCode).toBe(200);
    const unpaid = (await placeOrder(app, await buildUser(app), orderPayload(farm, [{ productId: honey, quantity: 1 }]))).json()
      .order;
    expect((await move(app, farm, unpaid.id, 'accepted')).statusCode).toBe(200);

    // June 2030: every day a mixed sale (a candle taxed at 6 %, SNAP on the food), a food-only sale, and every third day a cash one.
    useTestClock(app, new Date('2030-06-30T22:00:00Z'));
    const actions: unknown[] = [];
    for (let day = 1; day <= 30; day += 1) {
      const at = `2030-06-${String(day).padStart(2, '0')}T15:00:00Z`;
      actions.push(
        sale(
          at,
          [
            { productId: egg, quantity: (day % 3) + 1 },
            { productId: candle, quantity: (day % 2) + 1 },
          ],
          { snap: 600, cash: 100_000 },
        ),
      );
      actions.push(sale(at, [{ productId: honey, quantity: (day % 4) + 1 }], { snap: 850 * ((day % 4) + 1) }));
      if (day % 3 === 0) actions.push(sale(at, [{ productId: candle, quantity: day % 5 || 1 }], { cash: 100_000 }));
    }
    actions.push({
      id: randomUUID(),
      kind: 'pickup',
      at: '2030-06-08T14:00:00Z',
      device: 'Booth phone',
      orderId: placed.id,
      weights: [],
      tenders: { cash: 1200 },
    });
    const results = (await sync(farm, actions)).json().results;
    expect(results.filter((r: { status: string }) => r.status !== 'applied')).toEqual([]);

    const key = await ledger(farm, '2030-06-01', '2030-06-30');
    expect(key.count).toBe(30 + 30 + 10 + 1);
    expect(key.tax).toBeGreaterThan(0);
    expect(key.lineTax).toBe(key.tax);

    // The orders file.
    const ordersFile = await get(farm, '/api/books/orders.csv?from=2030-06-01&to=2030-06-30');
    expect(ordersFile.statusCode, ordersFile.body).toBe(200);
    expect(ordersFile.body.startsWith('\uFEFF')).toBe(true);
    expect(ordersFile.headers['x-orders-exported']).toBe(String(key.count));
    const ordersRows = parseCsv(ordersFile.body);
    const orderRows = [ordersRows[0], ...ordersRows.filter((r) => r[0] === 'Order')];
    const lineRows = [ordersRows[0], ...ordersRows.filter((r) => r[0] === 'Line')];
    expect(orderRows.length - 1).toBe(key.count);
    expect(total(column(orderRows, 'Total'))).toBe(key.total);
    expect(total(column(orderRows, 'Tax'))).toBe(key.tax);
    expect(total(column(lineRows, 'Tax'))).toBe(key.tax);
    expect(total(column(lineRows, 'Goods'))).toBe(key.goods);
    expect(total(column(orderRows, 'SNAP/EBT'))).toBe(key.snap);
    expect(column(orderRows, 'Order')).not.toContain(String(unpaid.id));
    expect(column(orderRows, 'Source')).toContain('Pickup');

    // QuickBooks Online: a balanced journal entry per day; debits and credits equal the ledger.
    const qb = await get(farm, '/api/books/quickbooks.csv?from=2030-06-01&to=2030-06-30');
    expect(qb.statusCode, qb.body).toBe(200);
    const qbRows = parseCsv(qb.body);
    expect(qbRows[0]).toEqual(['Journal No', 'Journal Date', 'Account Name', 'Debits', 'Credits', 'Description', 'Name']);
    const journals = new Set(column(qbRows, 'Journal No'));
    expect(journals.size).toBe(30);
    for (const no of journals) {
      const entry = [qbRows[0], ...qbRows.filter((r) => r[0] === no)];
      expect(total(column(entry, 'Debits')), no).toBe(total(column(entry, 'Credits')));
    }
    expect(total(column(qbRows, 'Debits'))).toBe(key.total);
    expect(total(column(qbRows, 'Credits'))).toBe(key.total);
    const credited = (account: string) => total(qbRows.filter((r) => r[2] === account).map((r) => r[4]));
    expect(credited('Sales Tax Payable')).toBe(key.tax);
    expect(credited('Sales of Product Income')).toBe(key.goods);
    expect(total(qbRows.filter((r) => r[2] === 'SNAP Receivable').map((r) => r[3]))).toBe(key.snap);
    expect(qbRows.find((r) => r[1] === '06/08/2030')).toBeDefined();

    // Xero: its own template's headers; lines and tax amounts add up to the ledger.
    const xero = await get(farm, '/api/books/xero.csv?from=2030-06-01&to=2030-06-30');
    expect(xero.statusCode, xero.body).toBe(200);
    const xeroRows = parseCsv(xero.body);
    for (const header of [
      '*ContactName',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
      'TaxAmount',
    ])
      expect(xeroRows[0]).toContain(header);
    const quantities = column(xeroRows, '*Quantity');
    const units = column(xeroRows, '*UnitAmount');
    const lineAmounts = quantities.reduce((a, q, i) => a + Number(q) * cents(units[i]), 0);
    expect(lineAmounts).toBe(key.goods);
    expect(total(column(xeroRows, 'TaxAmount'))).toBe(key.tax);
    expect(new Set(column(xeroRows, '*InvoiceNumber')).size).toBe(key.count);
    expect(new Set(column(xeroRows, '*TaxType'))).toEqual(new Set(['Tax Exempt', 'KY Sales Tax']));

    // The tax quarter: June is the ledger, April and May nothing.
    const tax = await get(farm, '/api/books/tax-summary?year=2030&quarter=2');
    expect(tax.statusCode, tax.body).toBe(200);
    const summary = tax.json();
    expect(summary.timeZone).toBe('America/New_York');
    expect(summary.state).toBe('KY');
    expect(summary.months.map((m: { month: string }) => m.month)).toEqual(['2030-04', '2030-05', '2030-06']);
    expect(summary.months[0]).toEqual({
      month: '2030-04',
      grossCents: 0,
      taxableCents: 0,
      exemptCents: 0,
      snapPaidCents: 0,
      taxCents: 0,
      byRate: [],
    });
    const june = {
      grossCents: key.goods,
      taxableCents: key.taxable,
      exemptCents: key.goods - key.taxable,
      snapPaidCents: key.snap,
      taxCents: key.tax,
      byRate: [{ ratePercent: 6, taxableCents: key.taxable, taxCents: key.tax }],
    };
    expect(summary.months[2]).toEqual({ month: '2030-06', ...june });
    expect(summary.total).toEqual(june);
    const taxCsv = await get(farm, '/api/books/tax-summary.csv?year=2030&quarter=2');
    expect(taxCsv.statusCode).toBe(200);
    expect(parseCsv(taxCsv.body)[0][3]).toBe('For Form 51A102, Sales and Use Tax Return');
    const quarter = parseCsv(taxCsv.body).find((r) => r[0] === 'Quarter');
    expect(quarter?.map(cents).slice(1)).toEqual([key.goods, key.taxable, key.goods - key.taxable, key.snap, key.tax, key.total]);
  });

  it('splits a Tennessee farm’s quarter by rate, food at 4 % and candy at 7 %, and names its return', async () => {
    const farm: Farm = await setUpMarket(app, {}, { farmName: 'Cumberland Farm', city: 'Nashville', state: 'TN', zip: '37201' });
    const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 100 });
    const fudge = await buildProduct(app, farm, { name: 'Fudge', category: 'bread', taxClass: 'candy', priceCents: 500 });
    useTestClock(app, new Date('2030-06-10T22:00:00Z'));
    const results = (
      await sync(farm, [
        sale(
          '2030-06-09T15:00:00Z',
          [
            { productId: egg, quantity: 2 },
            { productId: fudge, quantity: 1 },
          ],
          { cash: 1783 },
        ),
        sale('2030-06-10T15:00:00Z', [{ productId: egg, quantity: 1 }], { cash: 624 }),
      ])
    ).json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const summary = (await get(farm, '/api/books/tax-summary?year=2030&quarter=2')).json();
    expect(summary.state).toBe('TN');
    // $18.00 of eggs at 4 % ($0.48 + $0.24) and $5.00 of fudge at 7 % ($0.35).
    expect(summary.total.byRate).toEqual([
      { ratePercent: 4, taxableCents: 1800, taxCents: 72 },
      { ratePercent: 7, taxableCents: 500, taxCents: 35 },
    ]);
    expect(summary.total.taxCents).toBe(107);
    const rows = parseCsv((await get(farm, '/api/books/tax-summary.csv?year=2030&quarter=2')).body);
    expect(rows[0][3]).toBe('For Form SLS 450, State and Local Sales and Use Tax Return');
    expect(rows.slice(-2)).toEqual([
      ['Quarter at 4 %', '', '18.00', '', '', '0.72', ''],
      ['Quarter at 7 %', '', '5.00', '', '', '0.35', ''],
    ]);
  });

  it('never puts an order in two exports of a format, and gives an earlier file again unchanged', async () => {
    const { farm, egg } = await farmWithProducts('Re-export Farm');
    useTestClock(app, new Date('2030-06-10T22:00:00Z'));
    const first = await sync(farm, [
      sale('2030-06-09T15:00:00Z', [{ productId: egg, quantity: 1 }], { cash: 600 }),
      sale('2030-06-10T15:00:00Z', [{ productId: egg, quantity: 2 }], { card: 1200 }),
    ]);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);

    const range = 'from=2030-06-01&to=2030-06-30';
    const one = await get(farm, `/api/books/xero.csv?${range}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-orders-exported']).toBe('2');
    // The same days again: nothing new, and nothing recorded.
    const again = await get(farm, `/api/books/xero.csv?${range}`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-orders-exported']).toBe('0');
    expect(parseCsv(again.body)).toHaveLength(1);
    expect(again.headers['content-disposition']).toContain('nothing-new');
    // Another format is its own: the orders file still lists both.
    expect((await get(farm, `/api/books/orders.csv?${range}`)).headers['x-orders-exported']).toBe('2');

    // A sale rung up later in the same days is the only one in the next export.
    const later = await sync(farm, [sale('2030-06-10T18:00:00Z', [{ productId: egg, quantity: 3 }], { cash: 1800 })]);
    const laterId = later.json().results[0].order_id;
    const next = await get(farm, `/api/books/xero.csv?${range}`);
    expect(next.headers['x-orders-exported']).toBe('1');
    expect(new Set(column(parseCsv(next.body), '*InvoiceNumber'))).toEqual(new Set([`FS-${laterId}`]));

    const list = await get(farm, '/api/books/exports');
    expect(list.statusCode).toBe(200);
    const exports = list.json().exports;
    expect(exports.map((e: { format: string; orderCount: number }) => [e.format, e.orderCount])).toEqual([
      ['xero', 1],
      ['orders', 2],
      ['xero', 2],
    ]);
    expect(exports[2]).toMatchObject({ from: '2030-06-01', to: '2030-06-30', pointId: null, totalCents: 1800 });
    const firstAgain = await get(farm, `/api/books/exports/${exports[2].id}`);
    expect(firstAgain.statusCode).toBe(200);
    expect(firstAgain.body).toBe(one.body);
    expect(firstAgain.headers['content-type']).toContain('text/csv');

    // Two exports at once never share an order.
    await sync(farm, [sale('2030-06-10T19:00:00Z', [{ productId: egg, quantity: 1 }], { cash: 600 })]);
    const both = await Promise.all([get(farm, `/api/books/xero.csv?${range}`), get(farm, `/api/books/xero.csv?${range}`)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.headers['x-orders-exported']).sort()).toEqual(['0', '1']);
  });

  it('keeps an exported file as it was after a correction, never exports the order again, and counts the correction in the tax quarter', async () => {
    const { farm, egg } = await farmWithProducts('Correction Farm');
    const shopper = await buildUser(app);
    const placed = (await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 2 }]))).json().order;
    expect((await move(app, farm, placed.id, 'accepted')).statusCode).toBe(200);
    useTestClock(app, new Date('2030-06-08T20:00:00Z'));
    const pickup = {
      id: randomUUID(),
      kind: 'pickup',
      at: '2030-06-08T14:00:00Z',
      device: 'Booth phone',
      orderId: placed.id,
      weights: [],
      tenders: { cash: 1200 },
    };
    expect((await sync(farm, [pickup])).json().results[0].status).toBe('applied');
    const range = 'from=2030-06-01&to=2030-06-30';
    const first = await get(farm, `/api/books/orders.csv?${range}`);
    expect(first.headers['x-orders-exported']).toBe('1');

    // The farm corrects the tenders: it was SNAP, not cash.
    const corrected = await app.inject({
      method: 'PUT',
      url: `/api/benefits/orders/${placed.id}/tenders`,
      headers: bearer(farm),
      payload: { snap: 1200 },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    expect((await get(farm, `/api/books/orders.csv?${range}`)).headers['x-orders-exported']).toBe('0');
    const [kept] = (await get(farm, '/api/books/exports')).json().exports;
    expect((await get(farm, `/api/books/exports/${kept.id}`)).body).toBe(first.body);
    const quarter = (await get(farm, '/api/books/tax-summary?year=2030&quarter=2')).json();
    expect(quarter.total).toMatchObject({ grossCents: 1200, snapPaidCents: 1200, taxCents: 0 });
  });

  it('limits a file to one pickup place when asked', async () => {
    const { farm, egg } = await farmWithProducts('Two Places Farm');
    const other = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(farm),
      payload: {
        kind: 'farm',
        name: 'Farm stand',
        address: '1 Farm Rd',
        city: 'Paris',
        state: 'KY',
        zip: '40361',
        schedules: [],
      },
    });
    useTestClock(app, new Date('2030-06-10T22:00:00Z'));
    const sold = await sync(farm, [
      { ...sale('2030-06-10T15:00:00Z', [{ productId: egg, quantity: 1 }], { cash: 600 }), pointId: farm.pointId },
    ]);
    expect(sold.json().results[0].status).toBe('applied');
    const pointId = other.statusCode === 201 ? other.json().point.id : null;
    if (pointId !== null) {
      const none = await get(farm, `/api/books/orders.csv?from=2030-06-01&to=2030-06-30&pointId=${pointId}`);
      expect(none.headers['x-orders-exported']).toBe('0');
    }
    const here = await get(farm, `/api/books/orders.csv?from=2030-06-01&to=2030-06-30&pointId=${farm.pointId}`);
    expect(here.headers['x-orders-exported']).toBe('1');
    expect((await get(farm, '/api/books/exports')).json().exports[0].pointId).toBe(farm.pointId);
  });

  it('refuses another farm’s export and place, shoppers and admins, and ranges a person can fix', async () => {
    const { farm, egg } = await farmWithProducts('Own Farm');
    const { farm: stranger } = await farmWithProducts('Stranger Farm');
    useTestClock(app, new Date('2030-06-10T22:00:00Z'));
    await sync(farm, [sale('2030-06-10T15:00:00Z', [{ productId: egg, quantity: 1 }], { cash: 600 })]);
    await get(farm, '/api/books/orders.csv?from=2030-06-01&to=2030-06-30');
    const id = (await get(farm, '/api/books/exports')).json().exports[0].id;

    const theirs = await get(stranger, `/api/books/exports/${id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('No such export of your farm');
    expect((await get(stranger, '/api/books/exports')).json().exports).toEqual([]);
    const place = await get(stranger, `/api/books/orders.csv?from=2030-06-01&to=2030-06-30&pointId=${farm.pointId}`);
    expect(place.statusCode).toBe(404);

    const shopper = await buildUser(app);
    for (const url of [
      '/api/books/exports',
      '/api/books/orders.csv?from=2030-06-01&to=2030-06-30',
      '/api/books/tax-summary?year=2030&quarter=2',
    ])
      for (const who of [shopper, admin]) expect((await get(who, url)).statusCode, url).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/books/exports' })).statusCode).toBe(401);

    const backwards = await get(farm, '/api/books/quickbooks.csv?from=2030-06-30&to=2030-06-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The start date must be on or before the end date');
    expect((await get(farm, '/api/books/quickbooks.csv?from=2029-01-01&to=2030-06-01')).statusCode).toBe(400);
    expect((await get(farm, '/api/books/quickbooks.csv?from=June&to=2030-06-01')).json().message).toContain('YYYY-MM-DD');
    // A year a spreadsheet would not mean: said as such, never as a range backwards.
    const early = await get(farm, '/api/books/orders.csv?from=0001-01-01&to=0001-02-01');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('Choose dates from the year 2000 to 2100');
    expect((await get(farm, '/api/books/quickbooks.csv?from=2030-06-01')).statusCode).toBe(400);
    expect((await get(farm, '/api/books/tax-summary?year=2030&quarter=5')).statusCode).toBe(400);
    expect((await get(farm, '/api/books/exports/abc')).statusCode).toBe(400);
  });
});
