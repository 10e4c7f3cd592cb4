import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LABEL_SHEETS } from '@farmstand/shared/labels/sheets';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { eggs, marketPoint, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { readPdf } from '../../test/pdf-text';
import { buildTestApp, type TestApp } from '../../test/test-app';

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
    const eggsId = await eggs(app, farm, { priceUnit: '18 count', priceCents: 700, stockQuantity: 50 });
    const tomatoes = await buildProduct(app, farm, {
      name: 'Heirloom Tomatoes',
      priceCents: 325,
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

  it("leaves a blank for each by-weight pack's weight on the packing slip, with the estimate and its range", async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Blank Scale Farm' });
    const shoulder = await buildProduct(app, farm, {
      name: 'Pork shoulder',
      category: 'meat',
      priceCents: 600,
      priceUnit: 'lb',
      weightUnit: 'lb',
      packMin: 1.5,
      packMax: 2.5,
      stockQuantity: 20,
    });
    const eggsId = await eggs(app, farm, { stockQuantity: 10 });
    await order(
      farm,
      [
        { productId: shoulder, quantity: 5 },
        { productId: eggsId, quantity: 1 },
      ],
      { shopperName: 'Wes Weighs', note: null },
    );
    const text = pdfText((await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) })).rawPayload);
    // Five packs at $6/lb: $12.00 each at 2 lb, $9.00–$15.00.
    expect(text).toMatch(/5 packs × 1\.5–2\.5 lb \(7\.5–12\.5 lb\) Pork shoulder\s+about \$60\.00 \(\$45\.00–\$75\.00\)/);
    expect(text.match(/Pack \d: _+ lb/g)).toHaveLength(5);
    expect(text).toMatch(/Pack 5: _+ lb/);
    expect(text).not.toMatch(/Pack 6/);
    // The eggs are counted in their own unit and need no scale.
    expect(text).toMatch(/1 dozen Farm Fresh Eggs\s+\$5\.50/);
    expect(text).toContain('Amount to collect: about $65.50 ($50.50–$80.50), the final price after weighing');
    expect(text).toMatch(/Weighed total: _+/);
  });

  it('says on the slip that the shopper plans to pay with SNAP/EBT, as the day sheet does', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Snap Slip Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 10 });
    const snap = await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Sam Snap', note: null });
    await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Cal Cash', note: null });
    await app.ctx.db
      .update(orders)
      .set({ plannedBenefits: ['snap'] })
      .where(eq(orders.id, snap.id));
    const text = pdfText((await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) })).rawPayload);
    expect(text).toMatch(/Sam Snap[\s\S]*Plans to pay with SNAP\/EBT[\s\S]*Cal Cash/);
    expect(text.match(/Plans to pay with/g)).toHaveLength(1);
  });

  it('prints CSA box lines without a price, saying they come with the share', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Box Share Farm' });
    const eggsId = await eggs(app, farm, { stockQuantity: 10 });
    const kale = await buildProduct(app, farm, {
      name: 'Kale',
      category: 'vegetables',
      priceCents: 300,
      priceUnit: 'bunch',
      stockQuantity: 10,
    });
    const box = await order(
      farm,
      [
        { productId: kale, quantity: 2 },
        { productId: eggsId, quantity: 1 },
      ],
      { shopperName: 'Mia Member', note: null },
    );
    // A CSA week's order holds the box's items at no charge (decision 515): the kale here.
    await app.ctx.db
      .update(orderItems)
      .set({ unitPriceCents: 0 })
      .where(and(eq(orderItems.orderId, box.id), eq(orderItems.productId, kale)));
    const text = pdfText((await app.inject({ method: 'GET', url: slipsUrl('2030-06-08'), headers: bearer(farm) })).rawPayload);
    expect(text).toMatch(/2 bunches Kale \(in the share\)/);
    expect(text).not.toContain('$0.00');
    expect(text).toMatch(/1 dozen Farm Fresh Eggs\s+\$5\.50/);
  });

  it('prints the slips of one pickup place of the day when one is chosen', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Two Places Farm' });
    const central = await addCentralMarket(farm);
    const eggsId = await eggs(app, farm, { stockQuantity: 10 });
    await order(farm, [{ productId: eggsId, quantity: 1 }], { shopperName: 'Lex Eastern', note: null });
    await order(central, [{ productId: eggsId, quantity: 1 }], {
      shopperName: 'Bo Central',
      note: null,
      startsAt: SATURDAY_9AM_CENTRAL,
    });
    const one = await app.inject({
      method: 'GET',
      url: slipsUrl('2030-06-08', `&point=${central.pointId}`),
      headers: bearer(farm),
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toContain(`packing-slips-2030-06-08-place-${central.pointId}.pdf`);
    const text = pdfText(one.rawPayload);
    expect(text).toContain('Bo Central');
    expect(text).not.toContain('Lex Eastern');

    const other = await setUpMarket(app, {}, { farmName: 'Not Yours Farm' });
    const none = await app.inject({
      method: 'GET',
      url: slipsUrl('2030-06-08', `&point=${other.pointId}`),
      headers: bearer(farm),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain('choose another place, or all places');
    const bad = await app.inject({ method: 'GET', url: slipsUrl('2030-06-08', '&point=abc'), headers: bearer(farm) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Pickup place');
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
    const tomatoes = await buildProduct(app, farm, {
      name: 'Heirloom Tomatoes',
      priceCents: 300,
      priceUnit: 'lb',
      stockQuantity: 100,
    });
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
        product_name: 'Farm Fresh Eggs',
        name: 'Farm Fresh Eggs',
        price_unit: 'dozen',
        weight_unit: null,
        pack_min: null,
        pack_max: null,
        quantity: 3,
        order_count: 2,
        requested_quantity: 4,
        request_count: 1,
        dates: ['2030-06-08', '2030-06-15'],
      },
      {
        product_id: tomatoes,
        product_name: 'Heirloom Tomatoes',
        name: 'Heirloom Tomatoes',
        price_unit: 'lb',
        weight_unit: null,
        pack_min: null,
        pack_max: null,
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

  it('counts by-weight packs on the harvest list with their weight range, a line per range, never as pounds', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Pork Ridge' });
    const shoulder = await buildProduct(app, farm, {
      name: 'Pork shoulder',
      category: 'meat',
      priceCents: 600,
      priceUnit: 'lb',
      weightUnit: 'lb',
      packMin: 1.5,
      packMax: 2.5,
      stockQuantity: 20,
    });
    const box = await buildProduct(app, farm, {
      name: 'Half-bushel tomato box',
      category: 'vegetables',
      priceCents: 200,
      priceUnit: 'lb',
      weightUnit: 'lb',
      packMin: 9,
      packMax: 11,
      stockQuantity: 20,
    });
    await order(farm, [{ productId: shoulder, quantity: 1 }]);
    await order(farm, [
      { productId: shoulder, quantity: 1 },
      { productId: box, quantity: 1 },
    ]);
    await order(farm, [{ productId: shoulder, quantity: 3 }], {}, false);
    // The farm changes the shoulder's packs: the packs ordered before keep their own range.
    await app.ctx.db.update(products).set({ packMin: 3, packMax: 4 }).where(eq(products.id, shoulder));
    await order(farm, [{ productId: shoulder, quantity: 1 }], { startsAt: NEXT_SATURDAY_9AM });

    const res = await app.inject({
      method: 'GET',
      url: '/api/orders/harvest?from=2030-06-08&to=2030-06-15',
      headers: bearer(farm),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.json().lines.map((l: Record<string, unknown>) => ({
      name: l.name,
      quantity: l.quantity,
      requested: l.requested_quantity,
      unit: l.weight_unit,
      range: [l.pack_min, l.pack_max],
    }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { name: 'Half-bushel tomato box', quantity: 1, requested: 0, unit: 'lb', range: [9, 11] },
        { name: 'Pork shoulder', quantity: 2, requested: 3, unit: 'lb', range: [1.5, 2.5] },
        { name: 'Pork shoulder', quantity: 1, requested: 0, unit: 'lb', range: [3, 4] },
      ]),
    );
    expect(lines).toHaveLength(3);
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
