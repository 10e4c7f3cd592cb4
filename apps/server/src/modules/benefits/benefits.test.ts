import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import {
  advanceHours,
  eggs,
  marketPoint,
  move,
  orderPayload,
  placeOrder,
  SATURDAY_9AM,
  setUpMarket,
  useTestClock,
} from '../../test/orders-helpers';
import { readPdf } from '../../test/pdf-text';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Benefits at pickup (decision 516) on the Saturday market of `setUpMarket` in Lexington, KY; the
 * clock starts Wednesday 5 June 2030 at noon (EDT). The rules themselves are tested in
 * packages/shared (eligibility.test.ts); these tests check the server applies them.
 */
let app: TestApp;
const answered: string[] = [];
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

/** Every request of the file goes through here, so the last test can say none answered 5xx. */
async function send(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) {
  const response: LightMyRequestResponse = await app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload ? { payload } : {}),
  });
  answered.push(`${method} ${url} ${response.statusCode}`);
  return response;
}

const MARKET = 'Lexington Farmers Market';
const takesAll = (overrides: object = {}) => ({
  fns_number: '1234567',
  wic_fmnp: { accepted: true, expires_on: '2030-10-31' },
  senior_fmnp: { accepted: true, expires_on: '2030-10-31' },
  incentive_market: MARKET,
  ...overrides,
});

/** A KY farm selling eggs ($5.50 a dozen), tomatoes ($3.25 a lb) and dog treats ($8 a bag). */
async function kentuckyFarm() {
  const farm = await setUpMarket(app);
  const egg = await eggs(app, farm, { stockQuantity: 20 });
  const tomato = await buildProduct(app, farm, {
    name: 'Heirloom Tomatoes',
    category: 'produce',
    priceCents: 325,
    priceUnit: 'lb',
    stockQuantity: 40,
  });
  const treats = await buildProduct(app, farm, {
    name: 'Dog Treats',
    category: 'pet_food',
    priceCents: 800,
    priceUnit: 'bag',
    stockQuantity: 10,
  });
  return { farm, egg, tomato, treats };
}

/**
 * The farm takes SNAP (verified by the admin), both coupons and Kentucky Double Dollars, which its
 * market place gives as a participating market (decision 540).
 */
async function takeEverything(farm: TestProducer & { pointId: number }, admin: TestUser) {
  expect((await send('PUT', '/api/benefits/mine', farm, takesAll())).statusCode).toBe(200);
  const marked = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, marketPoint({ incentive_market: MARKET }));
  expect(marked.statusCode, marked.body).toBe(200);
  const verified = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
  expect(verified.statusCode, verified.body).toBe(200);
}

async function acceptedOrder(
  farm: TestProducer & { pointId: number },
  shopper: TestUser,
  items: { productId: number; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  const placed = await placeOrder(app, shopper, orderPayload(farm, items, extra));
  expect(placed.statusCode, placed.body).toBe(201);
  const id: number = placed.json().order.id;
  expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
  return id;
}

/** Wednesday noon → Saturday 10:00 EDT, the market's pickup day. */
const toSaturdayMorning = () => advanceHours(70);

describe('benefits at pickup', () => {
  it('saves what a farm takes; a new FNS number waits for an admin, who verifies or rejects it with a mail; the public sees only what holds today', async () => {
    const { farm } = await kentuckyFarm();
    const admin = await buildUser(app, { userType: 'admin' });

    const before = await send('GET', '/api/benefits/mine', farm);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().benefits).toMatchObject({ state: 'KY', snap_status: 'none', incentive_name: 'Kentucky Double Dollars' });

    const saved = await send(
      'PUT',
      '/api/benefits/mine',
      farm,
      takesAll({ wic_fmnp: { accepted: true, expires_on: '2030-06-06' } }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Saved. An admin checks your FNS number before shoppers see that you take SNAP.');
    expect(saved.json().benefits).toMatchObject({ fns_number: '1234567', snap_status: 'pending', snap_note: null });
    // The incentive is given where a pickup place is a participating market (decision 540).
    const marked = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, marketPoint({ incentive_market: MARKET }));
    expect(marked.statusCode, marked.body).toBe(200);

    // Unverified SNAP is not shown; the coupons and the incentive they earn are.
    const publicView = async () => (await send('GET', `/api/benefits/producers/${farm.id}`, null)).json();
    expect(await publicView()).toEqual({
      producer_user_id: farm.id,
      state: 'KY',
      takes: ['wic_fmnp', 'senior_fmnp', 'incentive'],
      incentive_name: 'Kentucky Double Dollars',
      incentive_market: MARKET,
      incentive_markets: [MARKET],
      incentive_places: [
        {
          point_id: farm.pointId,
          name: 'Lexington Farmers Market',
          state: 'KY',
          market: MARKET,
          incentive_name: 'Kentucky Double Dollars',
        },
      ],
    });

    const queue = await send('GET', '/api/admin/benefits?status=pending', admin);
    expect(queue.json().producers).toContainEqual(
      expect.objectContaining({ producer_user_id: farm.id, fns_number: '1234567', snap_status: 'pending', state: 'KY' }),
    );

    const noReason = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: false, note: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Say why the number is rejected');
    const rejected = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, {
      approve: false,
      note: 'The number belongs to another store',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().benefits).toMatchObject({ snap_status: 'rejected', snap_note: 'The number belongs to another store' });
    const [mail] = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, farm.email));
    expect(mail.subject).toContain('your SNAP retailer number was not verified');
    expect(mail.body).toContain('Note from the administrator: The number belongs to another store');
    const again = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This farm has no FNS number waiting for review');
    expect((await send('GET', '/api/benefits/mine', farm)).json().message).toBe(
      'Your FNS number was not verified: The number belongs to another store',
    );

    // Saving the same rejected number keeps the review; a changed number goes back to the admin.
    const same = await send(
      'PUT',
      '/api/benefits/mine',
      farm,
      takesAll({ wic_fmnp: { accepted: true, expires_on: '2030-06-06' } }),
    );
    expect(same.json()).toMatchObject({ message: 'Saved.', benefits: { snap_status: 'rejected' } });
    const changed = await send(
      'PUT',
      '/api/benefits/mine',
      farm,
      takesAll({ fns_number: '7654321', wic_fmnp: { accepted: true, expires_on: '2030-06-06' } }),
    );
    expect(changed.json().benefits).toMatchObject({ fns_number: '7654321', snap_status: 'pending', snap_note: null });
    const approved = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
    expect(approved.json().benefits.snap_status).toBe('verified');
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, farm.email));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining('your SNAP retailer number is verified'));
    expect((await publicView()).takes).toEqual(['snap', 'wic_fmnp', 'senior_fmnp', 'incentive']);

    // The WIC authorisation runs through Thursday 6 June (the farm's day); on Friday it is gone.
    advanceHours(24);
    expect((await publicView()).takes).toContain('wic_fmnp');
    advanceHours(24);
    expect((await publicView()).takes).toEqual(['snap', 'senior_fmnp', 'incentive']);
    const ended = await send(
      'PUT',
      '/api/benefits/mine',
      farm,
      takesAll({ wic_fmnp: { accepted: true, expires_on: '2030-06-06' } }),
    );
    expect(ended.statusCode).toBe(400);
    expect(ended.json().message).toBe('Your WIC FMNP authorisation ended on Jun 6, 2030; give the date the new one ends');

    // Removing the number: SNAP is 'none'; without a matched benefit, no incentive either.
    const none = await send(
      'PUT',
      '/api/benefits/mine',
      farm,
      takesAll({ fns_number: '', wic_fmnp: { accepted: false }, senior_fmnp: { accepted: false } }),
    );
    expect(none.json().benefits).toMatchObject({ fns_number: null, snap_status: 'none' });
    expect((await publicView()).takes).toEqual([]);

    const shopper = await buildUser(app);
    const notAFarm = await send('GET', `/api/benefits/producers/${shopper.id}`, null);
    expect(notAFarm.statusCode).toBe(404);
    expect(notAFarm.json().message).toBe('Farm not found');
    const badNumber = await send('PUT', '/api/benefits/mine', farm, takesAll({ fns_number: '12-34' }));
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().message).toContain('An FNS retailer number is 7 digits');
  });

  it('lets each person do only their part: shoppers cannot say what a farm takes, farms cannot review, and another farm never sees an order', async () => {
    const { farm, egg } = await kentuckyFarm();
    const other = await setUpMarket(app);
    const shopper = await buildUser(app);
    const admin = await buildUser(app, { userType: 'admin' });
    await takeEverything(farm, admin);
    const orderId = await acceptedOrder(farm, shopper, [{ productId: egg, quantity: 1 }]);
    toSaturdayMorning();

    const shopperSaves = await send('PUT', '/api/benefits/mine', shopper, takesAll());
    expect(shopperSaves.statusCode).toBe(403);
    expect(shopperSaves.json().message).toBe('Only producers say which benefits they take at pickup');
    const farmReviews = await send('POST', `/api/admin/benefits/${other.id}/review`, farm, { approve: true, note: null });
    expect(farmReviews.statusCode).toBe(403);
    expect((await send('GET', '/api/admin/benefits', farm)).statusCode).toBe(403);

    expect((await send('GET', `/api/benefits/orders/${orderId}`, shopper)).statusCode).toBe(200);
    expect((await send('GET', `/api/benefits/orders/${orderId}`, farm)).statusCode).toBe(200);
    const foreignRead = await send('GET', `/api/benefits/orders/${orderId}`, other);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.json().message).toBe('Order not found');
    const foreignRecord = await send('PUT', `/api/benefits/orders/${orderId}/tenders`, other, { cash: 550 });
    expect(foreignRecord.statusCode).toBe(404);
    const shopperRecords = await send('PUT', `/api/benefits/orders/${orderId}/tenders`, shopper, { cash: 550 });
    expect(shopperRecords.statusCode).toBe(403);
    expect(shopperRecords.json().message).toBe('Only the farm records what was tendered at pickup');
    expect((await send('GET', `/api/benefits/orders/${orderId}`, null)).statusCode).toBe(401);
    expect((await send('GET', '/api/benefits/ledger?month=2030-06', shopper)).statusCode).toBe(403);
    expect((await send('GET', '/api/benefits/orders/999999', shopper)).statusCode).toBe(404);
  });

  it('plans an order of eggs, produce and pet food from a KY farm, refuses records above the rules, and keeps the month’s ledger', async () => {
    const { farm, egg, tomato, treats } = await kentuckyFarm();
    const shopper = await buildUser(app);
    const admin = await buildUser(app, { userType: 'admin' });
    await takeEverything(farm, admin);
    // A second place at the same market that Saturday afternoon, so one shopper has two orders there that day.
    const stand = await send(
      'POST',
      '/api/pickup/mine/points',
      farm,
      marketPoint({
        name: 'Afternoon market',
        schedule: [{ weekday: 6, start: '14:00', end: '16:00' }],
        incentive_market: MARKET,
      }),
    );
    expect(stand.statusCode, stand.body).toBe(201);

    const first = await acceptedOrder(farm, shopper, [
      { productId: egg, quantity: 2 },
      { productId: tomato, quantity: 3 },
      { productId: treats, quantity: 1 },
    ]);
    const second = await acceptedOrder(
      farm,
      shopper,
      [
        { productId: egg, quantity: 2 },
        { productId: tomato, quantity: 3 },
      ],
      { pointId: stand.json().point.id, startsAt: '2030-06-08T18:00:00.000Z', shopperName: 'Lee "Jr", Shopper' },
    );

    const plan = await send('GET', `/api/benefits/orders/${first}`, shopper);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toEqual({
      message: 'Pay at pickup: the farm records what each benefit paid.',
      benefits: {
        order_id: first,
        // Eggs 2 × $5.50 + tomatoes 3 × $3.25 + dog treats $8.00.
        total_cents: 2875,
        snap_cents: 2075,
        coupon_cents: { wic_fmnp: 975, senior_fmnp: 975 },
        rest_cents: 800,
        check_cents: 0,
        // KDD surely matches the produce; eggs only at participating markets (check).
        incentive_match_cents: 975,
        incentive_cap_left_cents: 2000,
        incentive_name: 'Kentucky Double Dollars',
        incentive_market: MARKET,
        takes: ['snap', 'wic_fmnp', 'senior_fmnp', 'incentive'],
        lines: [
          { product_id: egg, name: 'Farm Fresh Eggs', total_cents: 1100, snap: true, wic_fmnp: false, senior_fmnp: false },
          { product_id: tomato, name: 'Heirloom Tomatoes', total_cents: 975, snap: true, wic_fmnp: true, senior_fmnp: true },
          { product_id: treats, name: 'Dog Treats', total_cents: 800, snap: false, wic_fmnp: false, senior_fmnp: false },
        ],
        tenders: null,
        recorded_at: null,
      },
    });

    // Before the pickup day nothing was handed over.
    const early = await send('PUT', `/api/benefits/orders/${first}/tenders`, farm, { cash: 2875 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Order #${first} is picked up on Saturday, June 8; record what was tendered from that day`);

    toSaturdayMorning();
    const tooMuchSnap = await send('PUT', `/api/benefits/orders/${first}/tenders`, farm, { snap: 2100, cash: 775 });
    expect(tooMuchSnap.statusCode).toBe(400);
    expect(tooMuchSnap.json().message).toBe('SNAP can pay at most $20.75 of this order: the SNAP-eligible items');
    const overTotal = await send('PUT', `/api/benefits/orders/${first}/tenders`, farm, { cash: 3000 });
    expect(overTotal.statusCode).toBe(400);
    expect(overTotal.json().message).toContain("more than the order's $28.75");
    const fractional = await send('PUT', `/api/benefits/orders/${first}/tenders`, farm, { snap: 10.5 });
    expect(fractional.statusCode).toBe(400);

    const recorded = await send('PUT', `/api/benefits/orders/${first}/tenders`, farm, { snap: 1075, incentive: 1000, cash: 800 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().message).toBe('Tenders recorded');
    expect(recorded.json().benefits.tenders).toEqual({
      snap: 1075,
      wic_fmnp: 0,
      senior_fmnp: 0,
      incentive: 1000,
      cash: 800,
      card: 0,
      check: 0,
      farm_credit: 0,
      other: 0,
    });
    expect((await move(app, farm, first, 'picked_up')).statusCode).toBe(200);

    // The same shopper's second order that day: $10.00 of the $20.00 daily cap is left.
    const secondPlan = (await send('GET', `/api/benefits/orders/${second}`, farm)).json().benefits;
    expect(secondPlan.incentive_cap_left_cents).toBe(1000);
    const overCap = await send('PUT', `/api/benefits/orders/${second}/tenders`, farm, { snap: 1200, incentive: 1200 });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json().message).toBe('Kentucky Double Dollars can add at most $10.00 more today for this shopper');
    const within = await send('PUT', `/api/benefits/orders/${second}/tenders`, farm, { snap: 1000, incentive: 1000, cash: 75 });
    expect(within.statusCode, within.body).toBe(200);
    // Correcting the first order counts the second's incentive against the cap too.
    const correction = await send('PUT', `/api/benefits/orders/${first}/tenders`, farm, {
      snap: 1075,
      incentive: 1075,
      cash: 725,
    });
    expect(correction.statusCode).toBe(400);
    expect(correction.json().message).toBe('Kentucky Double Dollars can add at most $10.00 more today for this shopper');

    const ledger = await send('GET', '/api/benefits/ledger?month=2030-06', farm);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const zero = { wic_fmnp: 0, senior_fmnp: 0, card: 0, check: 0, farm_credit: 0, other: 0 };
    expect(ledger.json()).toEqual({
      month: '2030-06',
      farm_name: `Farm ${farm.id}`,
      rows: [
        { kind: 'snap', label: 'SNAP/EBT', market: null, orders: 2, cents: 2075 },
        { kind: 'incentive', label: 'Incentive match', market: MARKET, orders: 2, cents: 2000 },
        { kind: 'cash', label: 'Cash', market: null, orders: 2, cents: 875 },
      ],
      orders: [
        {
          order_id: first,
          picked_up_on: '2030-06-08',
          shopper: 'Dana Shopper',
          tenders: { snap: 1075, incentive: 1000, cash: 800, ...zero },
          total_cents: 2875,
        },
        {
          order_id: second,
          picked_up_on: '2030-06-08',
          shopper: 'Lee "Jr", Shopper',
          tenders: { snap: 1000, incentive: 1000, cash: 75, ...zero },
          total_cents: 2075,
        },
      ],
    });

    const csv = await send('GET', '/api/benefits/ledger?month=2030-06&format=csv', farm);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="farmstand-benefits-2030-06.csv"');
    expect(csv.body).toBe(
      [
        'Order,Picked up on,Shopper,SNAP/EBT,WIC FMNP coupons,Senior FMNP coupons,Incentive match,Incentive market,Cash,Card,Check,Farm credit,Other,Total',
        `${first},2030-06-08,Dana Shopper,10.75,0.00,0.00,10.00,${MARKET},8.00,0.00,0.00,0.00,0.00,28.75`,
        `${second},2030-06-08,"Lee ""Jr"", Shopper",10.00,0.00,0.00,10.00,${MARKET},0.75,0.00,0.00,0.00,0.00,20.75`,
        '',
      ].join('\r\n'),
    );

    const pdf = await send('GET', '/api/benefits/ledger?month=2030-06&format=pdf', farm);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="farmstand-benefits-2030-06.pdf"');
    const text = (await readPdf(pdf.rawPayload)).flatMap((page) => page.texts.map((t) => t.text));
    expect(text).toEqual(
      expect.arrayContaining(['Benefits ledger: June 2030', `Farm ${farm.id}`, '$20.75', '$28.75', 'Jun 8, 2030', MARKET]),
    );

    // Another month is empty; a month that is not YYYY-MM is refused with a reason.
    expect((await send('GET', '/api/benefits/ledger?month=2030-07', farm)).json()).toMatchObject({ rows: [], orders: [] });
    for (const month of ['2030-13', '2030-6', 'June', '']) {
      const bad = await send('GET', `/api/benefits/ledger?month=${month}`, farm);
      expect(bad.statusCode, month).toBe(400);
      expect(bad.json().message).toContain('Month must be YYYY-MM');
    }
    expect((await send('GET', '/api/benefits/ledger?month=2030-06&format=xls', farm)).statusCode).toBe(400);

    const totals = await send('GET', '/api/admin/benefits/totals?month=2030-06', admin);
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json().rows.find((r: { kind: string }) => r.kind === 'snap')).toMatchObject({ orders: 2, cents: 2075 });
    expect(totals.json().rows).toHaveLength(9);
  });

  it('refuses tenders for orders that were never handed over', async () => {
    const { farm, egg } = await kentuckyFarm();
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    const id = placed.json().order.id;
    expect(placed.json().order.window.starts_at).toBe(SATURDAY_9AM);
    const requested = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { cash: 550 });
    expect(requested.statusCode).toBe(409);
    expect(requested.json().message).toBe(
      `Order #${id} is requested: tenders are recorded only for orders handed over at pickup`,
    );
    // A farm that takes nothing can still record cash; SNAP it does not take is refused.
    await move(app, farm, id, 'accepted');
    toSaturdayMorning();
    const snap = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { snap: 550 });
    expect(snap.statusCode).toBe(400);
    expect(snap.json().message).toBe('This producer does not take SNAP/EBT');
    expect((await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { cash: 550 })).statusCode).toBe(200);
    const view = (await send('GET', `/api/benefits/orders/${id}`, shopper)).json();
    expect(view.message).toBe('Recorded at pickup: $5.50 in all.');
    expect(view.benefits.takes).toEqual([]);
  });

  it('never answers with a server error', () => {
    expect(answered.filter((line) => Number(line.split(' ').pop()) >= 500)).toEqual([]);
  });
});
