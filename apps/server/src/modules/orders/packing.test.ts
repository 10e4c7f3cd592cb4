import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LABEL_SHEETS } from '@farmstand/shared/labels/sheets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { readPdf } from '../../test/pdf-text';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { eggs, marketPoint, move, orderPayload, placeOrder, setUpMarket, useTestClock } from './orders.test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

/** Saturday 8 June 2030, 9:00 CDT: the Central-time market's window. */
const SATURDAY_9AM_CENTRAL = '2030-06-08T14:00:00.000Z';
/** The Saturday after, in Eastern time. */
const NEXT_SATURDAY_9AM = '2030-06-15T13:00:00.000Z';

type Farm = Awaited<ReturnType<typeof setUpMarket>>;

/** A second place of the farm: a Central-time market in Bowling Green with a booth. */
async function addCentralMarket(producer: Farm): Promise<Farm> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(producer),
    payload: marketPoint({
      name: 'Bowling Green Market',
      address: '1 Main St',
      city: 'Bowling Green',
      zip: '42101',
      time_zone: 'America/Chicago',
      booth: 'Stall 14',
    }),
  });
  if (res.statusCode !== 201) throw new Error(`point: ${res.body}`);
  return { ...producer, pointId: res.json().point.id };
}

async function order(
  producer: Farm,
  items: { productId: number; quantity: number }[],
  extra: Record<string, unknown> = {},
  accept = true,
): Promise<{ id: number; shopper: TestUser }> {
  const shopper = await buildUser(app);
  const res = await placeOrder(app, shopper, orderPayload(producer, items, extra));
  if (res.statusCode !== 201) throw new Error(`order: ${res.body}`);
  const id = res.json().order.id as number;
  if (accept) expect((await move(app, producer, id, 'accepted')).statusCode).toBe(200);
  return { id, shopper };
}

const slipsUrl = (date: string, extra = '') => `/api/orders/packing-slips.pdf?date=${date}${extra}`;

function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'slips-')), 'slips.pdf');
  writeFileSync(file, pdf);
  const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(result.error, 'pdftotext (poppler-utils) must be installed').toBeUndefined();
  expect(result.stderr).toBe('');
  return result.stdout;
}

describe('GET /api/orders/packing-slips.pdf', () => {
  it("prints one slip per accepted or ready order of the day, with the shopper, number, place and time in the place's zone, items, note, address and amount to collect", async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Slip Hollow Farm' });
    const central = await addCentralMarket(farm);
    const eggsId = await eggs(app, farm, { priceUnit: '18 count', price: 7, stockQuantity: 50 });
    const tomatoes = await buildProduct(app, farm, {
      name: 'Heirloom Tomatoes',
      price: 3.25,
      priceUnit: 'lb',
      stockQuantity: 50,
    });
    const first = await order(
      central,
      [
        { productId: eggsId, quantity: 2 },
        { productId: tomatoes, quantity: 3 },
      ],
      { startsAt: SATURDAY_9AM_CENTRAL, shopperName: 'Rosa Central', note: 'Bring a cooler bag' },
    );
    const second = await order(farm, [{ productId: tomatoes, quantity: 1 }], { shopperName: 'Eli Eastern', note: null });
    expect((await move(app, farm, second.id, 'ready')).statusCode).toBe(200);
    const pending = await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Pat Pending' }, false);
    const cancelled = await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Cam Cancelled' });
    expect((await move(app, cancelled.shopper, cancelled.id, 'cancelled')).statusCode).toBe(200);
    expect(pending.id).toBeGreaterThan(0);

    const res = await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('packing-slips-2030-06-08.pdf');
    const text = pdfText(res.rawPayload);

    expect(text).toContain('Rosa Central');
    expect(text).toContain(`Order #${first.id}`);
    expect(text).toContain('Saturday, June 8, 9:00 AM – 12:00 PM CDT');
    expect(text).toContain('Pickup: Bowling Green Market, Stall 14');
    expect(text).toMatch(/2 × 18-count\s+Farm Fresh Eggs\s+\$14\.00/);
    expect(text).toMatch(/3 lb\s+Heirloom Tomatoes\s+\$9\.75/);
    expect(text).toContain('Note: Bring a cooler bag');
    expect(text).toMatch(/Amount to collect \(pay at pickup\)\s+\$23\.75/);

    expect(text).toContain('Eli Eastern');
    expect(text).toContain(`Order #${second.id}`);
    expect(text).toContain('Saturday, June 8, 9:00 AM – 12:00 PM EDT');
    expect(text).toContain('Pickup: Lexington Farmers Market');
    expect(text).toMatch(/Amount to collect \(pay at pickup\)\s+\$3\.25/);

    expect(text).not.toContain('Pat Pending');
    expect(text).not.toContain('Cam Cancelled');

    // Letter pages; both slips fit on the first one.
    const pages = await readPdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect([Math.round(pages[0].width), Math.round(pages[0].height)]).toEqual([612, 792]);
  });

  it('shows the delivery address, the delivery fee and the short-harvest line on a delivered order', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Delivery Ridge' });
    const delivery = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(farm),
      payload: {
        kind: 'delivery',
        name: 'Home delivery',
        delivery_fee: 4,
        schedule: [{ weekday: 6, start: '14:00', end: '17:00' }],
      },
    });
    expect(delivery.statusCode).toBe(201);
    const eggsId = await eggs(app, farm, { stockQuantity: 30 });
    const placed = await order({ ...farm, pointId: delivery.json().point.id }, [{ productId: eggsId, quantity: 4 }], {
      startsAt: '2030-06-08T18:00:00.000Z',
      shopperName: 'Dee Delivered',
      deliveryAddress: 'Lexington, KY 40508',
    });
    // The producer had only 3: a short harvest as the line records it.
    await app.ctx.db
      .update(orderItems)
      .set({ orderedQuantity: 4, quantity: 3, shortReason: 'Hens laid less' })
      .where(eq(orderItems.orderId, placed.id));

    const text = pdfText((await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) })).rawPayload);
    expect(text).toContain('Dee Delivered');
    expect(text).toContain('Delivery: Home delivery');
    expect(text).toContain('Deliver to: Lexington, KY 40508');
    expect(text).toMatch(/3 dozen\s+Farm Fresh Eggs/);
    expect(text).toContain('(ordered 4, short: Hens laid less)');
    expect(text).toMatch(/Delivery fee\s+\$4\.00/);
  });

  it('prints a name in letters the PDF fonts lack instead of refusing the slip', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Any Name Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 10 });
    await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Zoë 李 Nguyễn Ngơ', note: 'Thanks ✓' });
    const res = await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    // ë is in the fonts; 李 is not; ễ and ơ lose their marks.
    expect(text).toContain('Zoë ? Nguyen Ngo');
    expect(text).toContain('Note: Thanks ?');
  });

  it('marks the slip and bag label of an order placed by a standing reservation, and only that one', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Standing Slip Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 50 });
    const repeating = await order(farm, [{ productId: eggsId, quantity: 2 }], { shopperName: 'Rae Repeats', note: null });
    await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Olu Once', note: null });
    // The shopper makes the reservation standing from this order: it becomes the first of the series.
    const made = await app.inject({
      method: 'POST',
      url: '/api/standing',
      headers: bearer(repeating.shopper),
      payload: {
        ...orderPayload(farm, [{ productId: eggsId, quantity: 2 }], { shopperName: 'Rae Repeats', note: null }),
        everyWeeks: 2,
        fromOrderId: repeating.id,
      },
    });
    expect(made.statusCode, made.body).toBe(201);

    const slips = pdfText((await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) })).rawPayload);
    // Under the shopper's name on that slip, and on no other.
    expect(slips).toMatch(/Rae Repeats\s+Order #\d+\s*\n\s*Standing order: placed by a reservation that repeats/);
    expect(slips.match(/Standing order/g)).toHaveLength(1);
    expect(slips).toContain('Olu Once');

    const labels = await app.inject({
      method: 'GET',
      url: slipsUrl('2030-06-08', '&layout=labels&sheet=avery_5163'),
      headers: bearer(farm),
    });
    expect(labels.statusCode).toBe(200);
    const text = (await readPdf(labels.rawPayload))[0].texts.map((t) => t.text).join(' ');
    expect(text).toContain('Rae Repeats · Standing');
    expect(text).not.toContain('Olu Once · Standing');
  });

  it('lays bag labels on the label sheet, one per order, with the order number and amount to collect', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Label Lane Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 50 });
    const placed = [];
    for (let i = 0; i < 11; i++) {
      placed.push(await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: `Shopper ${i + 1}`, note: null }));
    }
    const res = await app.inject({
      method: 'GET',
      url: slipsUrl('2030-06-08', '&layout=labels&sheet=avery_5163'),
      headers: bearer(farm),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('bag-labels-2030-06-08.pdf');
    const pages = await readPdf(res.rawPayload);
    // Ten 2″ × 4″ labels per Letter sheet: the eleventh starts a second page.
    expect(pages).toHaveLength(2);
    const sheet = LABEL_SHEETS.avery_5163;
    const firstLabel = pages[0].texts.filter(
      (t) =>
        t.x < (sheet.marginLeft + sheet.labelWidth) * 72 && t.y > pages[0].height - (sheet.marginTop + sheet.labelHeight) * 72,
    );
    const joined = firstLabel.map((t) => t.text).join(' ');
    expect(joined).toContain('Shopper 1');
    expect(joined).toContain(`#${placed[0].id}`);
    expect(joined).toContain('1 dozen Farm Fresh Eggs');
    expect(joined).toContain('Collect $5.50 at pickup');
    expect(joined).toContain('EDT');
    expect(pages[1].texts.map((t) => t.text).join(' ')).toContain('Shopper 11');
  });

  it('refuses a bag label that cannot fit the chosen sheet, naming the larger ones', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Tiny Label Farm' });
    const point = await app.inject({
      method: 'POST',
      url: '/api/pickup/mine/points',
      headers: bearer(farm),
      payload: marketPoint({ name: `Market ${'W'.repeat(70)}`, booth: 'W'.repeat(60) }),
    });
    expect(point.statusCode).toBe(201);
    const eggsId = await eggs(app, farm, { stockQuantity: 50 });
    await order({ ...farm, pointId: point.json().point.id }, [{ productId: eggsId, quantity: 1 }], {
      shopperName: 'W'.repeat(80),
      note: null,
    });
    const url = (sheet: string) => slipsUrl('2030-06-08', `&layout=labels&sheet=${sheet}`);
    const res = await app.inject({ method: 'GET', url: url('avery_22806'), headers: bearer(farm) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/does not fit on Avery 22806.*Choose a larger label: Avery 5163.* or 4″ × 6″ thermal/);
    expect((await app.inject({ method: 'GET', url: url('thermal_4x6'), headers: bearer(farm) })).statusCode).toBe(200);
  });

  it('answers 404 with a reason when the day has nothing to pack, and only for the producer own orders', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Own Orders Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 50 });
    await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Only Mine' });
    const other = await setUpMarket(app, {}, { farmName: 'Other Farm' });

    const empty = await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(other) });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toContain('No accepted or ready orders to pack on 2030-06-08');

    const shopper = await buildUser(app);
    const denied = await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(shopper) });
    expect(denied.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: slipsUrl('2030-06-08') })).statusCode).toBe(401);
  });

  it('refuses a date that is not a calendar day, an unknown layout and an unknown sheet', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Validation Farm' });
    for (const url of [
      slipsUrl('2030-02-30'),
      slipsUrl('tomorrow'),
      slipsUrl('2030-06-08', '&layout=poster'),
      slipsUrl('2030-06-08', '&layout=labels&sheet=avery_9999'),
      '/api/orders/packing-slips.pdf',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(farm) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBeTruthy();
    }
  });
});

describe('GET /api/orders/harvest', () => {
  it('totals what to pick per product across days, with requests not yet accepted counted apart', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Harvest Hill' });
    const eggsId = await eggs(app, farm, { stockQuantity: 100 });
    const tomatoes = await buildProduct(app, farm, { name: 'Heirloom Tomatoes', price: 3, priceUnit: 'lb', stockQuantity: 100 });
    await order(farm, [
      { productId: eggsId, quantity: 2 },
      { productId: tomatoes, quantity: 3 },
    ]);
    await order(farm, [{ productId: eggsId, quantity: 1 }], { startsAt: NEXT_SATURDAY_9AM });
    await order(farm, [{ productId: eggsId, quantity: 4 }], { startsAt: NEXT_SATURDAY_9AM }, false);
    const picked = await order(farm, [{ productId: tomatoes, quantity: 7 }]);
    expect((await move(app, farm, picked.id, 'ready')).statusCode).toBe(200);
    const declined = await order(farm, [{ productId: tomatoes, quantity: 9 }], {}, false);
    expect((await move(app, farm, declined.id, 'declined', 'Sold out')).statusCode).toBe(200);

    const res = await app.inject({
      method: 'GET',
      url: '/api/orders/harvest?from=2030-06-08&to=2030-06-15',
      headers: bearer(farm),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.farm_name).toBe('Harvest Hill');
    expect(body.lines).toEqual([
      {
        product_id: eggsId,
        name: 'Farm Fresh Eggs',
        price_unit: 'dozen',
        quantity: 3,
        order_count: 2,
        requested_quantity: 4,
        request_count: 1,
        dates: ['2030-06-08', '2030-06-15'],
      },
      {
        product_id: tomatoes,
        name: 'Heirloom Tomatoes',
        price_unit: 'lb',
        quantity: 10,
        order_count: 2,
        requested_quantity: 0,
        request_count: 0,
        dates: ['2030-06-08'],
      },
    ]);
    expect(body.days).toEqual([
      { date: '2030-06-08', point_name: 'Lexington Farmers Market', kind: 'market' },
      { date: '2030-06-15', point_name: 'Lexington Farmers Market', kind: 'market' },
    ]);

    // One day only: the next Saturday's orders and request are left out.
    const one = (
      await app.inject({ method: 'GET', url: '/api/orders/harvest?from=2030-06-08&to=2030-06-08', headers: bearer(farm) })
    ).json();
    expect(one.lines.find((l: { name: string }) => l.name === 'Farm Fresh Eggs')).toMatchObject({
      quantity: 2,
      requested_quantity: 0,
    });
  });

  it("counts only the producer's own orders", async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Mine Only Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 10 });
    await order(farm, [{ productId: eggsId, quantity: 2 }]);
    const other = await setUpMarket(app, {}, { farmName: 'Not Theirs Farm' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/orders/harvest?from=2030-06-01&to=2030-06-30',
      headers: bearer(other),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([]);
    const shopper = await buildUser(app);
    const denied = await app.inject({
      method: 'GET',
      url: '/api/orders/harvest?from=2030-06-01&to=2030-06-30',
      headers: bearer(shopper),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses a range that runs backwards, is longer than 31 days or has a date that is not a day', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Range Farm' });
    const cases: [string, RegExp][] = [
      ['from=2030-06-15&to=2030-06-08', /on or after the from date/],
      ['from=2030-06-01&to=2030-07-02', /at most 31 days/],
      ['from=2030-06-31&to=2030-07-02', /calendar day/],
      ['from=2030-06-01', /To date/],
    ];
    for (const [query, message] of cases) {
      const res = await app.inject({ method: 'GET', url: `/api/orders/harvest?${query}`, headers: bearer(farm) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    const month = await app.inject({
      method: 'GET',
      url: '/api/orders/harvest?from=2030-06-01&to=2030-07-01',
      headers: bearer(farm),
    });
    expect(month.statusCode).toBe(200);
  });
});
