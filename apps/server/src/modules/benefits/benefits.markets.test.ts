import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import { advanceHours, marketPoint, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Double Dollars belong to the market where the food is picked up (decision 540), and the tender
 * plan judges the programmes on the pickup day (decision 541). Farms are in Lexington, KY; the clock
 * starts Wednesday 5 June 2030 at noon and the pickups are on Saturday 8 June.
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

const LEXINGTON = 'Lexington Farmers Market';
const BEREA = 'Berea Farmers Market';
type Farm = TestProducer & { pointId: number };

async function send(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) {
  return app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
}

/**
 * A KY farm at the Lexington market (its first place says it is `market`), selling tomatoes at
 * $3.25 a lb, taking SNAP (verified) and WIC FMNP through `wicEndsOn`. Its own market, saved the way
 * farms did before places named theirs, is Berea.
 */
async function farmAt(market: string | null, wicEndsOn = '2030-10-31') {
  const farm = await setUpMarket(app);
  const tomato = await buildProduct(app, farm, {
    name: 'Heirloom Tomatoes',
    category: 'produce',
    priceCents: 325,
    priceUnit: 'lb',
    stockQuantity: 100,
  });
  const saved = await send('PUT', '/api/benefits/mine', farm, {
    fns_number: '1234567',
    wic_fmnp: { accepted: true, expires_on: wicEndsOn },
    senior_fmnp: { accepted: false, expires_on: null },
    incentive_market: BEREA,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const verified = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
  expect(verified.statusCode, verified.body).toBe(200);
  const marked = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, marketPoint({ incentive_market: market }));
  expect(marked.statusCode, marked.body).toBe(200);
  return { farm, tomato };
}

/** A second place of the farm, Saturday afternoon. */
async function afternoonPlace(farm: Farm, values: { name: string; kind: 'farm' | 'market'; market: string | null }) {
  const made = await send(
    'POST',
    '/api/pickup/mine/points',
    farm,
    marketPoint({
      kind: values.kind,
      name: values.name,
      schedule: [{ weekday: 6, start: '14:00', end: '16:00' }],
      incentive_market: values.market,
    }),
  );
  expect(made.statusCode, made.body).toBe(201);
  return made.json().point.id as number;
}

async function acceptedOrder(farm: Farm, shopper: TestUser, productId: number, extra: Record<string, unknown> = {}) {
  const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId, quantity: 8 }], extra));
  expect(placed.statusCode, placed.body).toBe(201);
  const id: number = placed.json().order.id;
  expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
  return id;
}

const AFTERNOON = { startsAt: '2030-06-08T18:00:00.000Z' };
const toSaturdayMorning = () => advanceHours(70);

describe('Double Dollars at the pickup place’s market', () => {
  it('matches Double Dollars only at a participating market’s pickup place and files them under that market', async () => {
    const { farm, tomato } = await farmAt(LEXINGTON);
    const stand = await afternoonPlace(farm, { name: 'Farm stand', kind: 'farm', market: null });
    const shopper = await buildUser(app);
    const atMarket = await acceptedOrder(farm, shopper, tomato);
    const atStand = await acceptedOrder(farm, shopper, tomato, { pointId: stand, ...AFTERNOON });

    // 8 lb of tomatoes, $26.00: at the market the produce match is capped at $12.00.
    const marketPlan = (await send('GET', `/api/benefits/orders/${atMarket}`, shopper)).json().benefits;
    expect(marketPlan).toMatchObject({
      total_cents: 2600,
      snap_cents: 2600,
      incentive_match_cents: 1200,
      incentive_name: 'Kentucky Double Dollars',
      incentive_market: LEXINGTON,
      takes: ['snap', 'wic_fmnp', 'incentive'],
    });
    // The farm stand is no participating market: SNAP and WIC, no match, though the farm named Berea once.
    const standPlan = (await send('GET', `/api/benefits/orders/${atStand}`, shopper)).json().benefits;
    expect(standPlan).toMatchObject({
      snap_cents: 2600,
      incentive_match_cents: 0,
      incentive_name: null,
      incentive_market: null,
      takes: ['snap', 'wic_fmnp'],
    });
    // The farm's public badge names the market its place is, not the one it named for itself.
    const shown = (await app.inject({ method: 'GET', url: `/api/benefits/producers/${farm.id}` })).json();
    expect(shown).toMatchObject({
      takes: ['snap', 'wic_fmnp', 'incentive'],
      incentive_market: LEXINGTON,
      incentive_markets: [LEXINGTON],
    });

    toSaturdayMorning();
    const refused = await send('PUT', `/api/benefits/orders/${atStand}/tenders`, farm, { snap: 1300, incentive: 1000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This producer does not take Incentive match');
    expect((await send('PUT', `/api/benefits/orders/${atStand}/tenders`, farm, { snap: 2600 })).statusCode).toBe(200);
    const recorded = await send('PUT', `/api/benefits/orders/${atMarket}/tenders`, farm, { snap: 1300, incentive: 1200 });
    expect(recorded.statusCode, recorded.body).toBe(200);

    // The ledger files the match under the market of the place, on screen, in the CSV and the PDF.
    const ledger = (await send('GET', '/api/benefits/ledger?month=2030-06', farm)).json();
    expect(ledger.rows).toContainEqual({
      kind: 'incentive',
      label: 'Incentive match',
      market: LEXINGTON,
      orders: 1,
      cents: 1200,
    });
    expect(ledger.rows.filter((r: { market: string | null }) => r.market === BEREA)).toEqual([]);
    const csv = (await send('GET', '/api/benefits/ledger?month=2030-06&format=csv', farm)).body;
    expect(csv).toContain(`${atMarket},2030-06-08,`);
    expect(csv.split('\r\n').find((line) => line.startsWith(`${atMarket},`))).toContain(`12.00,${LEXINGTON},`);
    expect(csv.split('\r\n').find((line) => line.startsWith(`${atStand},`))).not.toContain(LEXINGTON);
    const pdf = await send('GET', '/api/benefits/ledger?month=2030-06&format=pdf', farm);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('caps the match per shopper per market, not per farm', async () => {
    const a = await farmAt(LEXINGTON);
    const b = await farmAt(LEXINGTON);
    // Farm A also sells at Berea that afternoon: another market, its own cap.
    const berea = await afternoonPlace(a.farm, { name: 'Berea market', kind: 'market', market: BEREA });
    const shopper = await buildUser(app);
    const atA = await acceptedOrder(a.farm, shopper, a.tomato);
    const atB = await acceptedOrder(b.farm, shopper, b.tomato);
    const atBerea = await acceptedOrder(a.farm, shopper, a.tomato, { pointId: berea, ...AFTERNOON });

    toSaturdayMorning();
    expect((await send('PUT', `/api/benefits/orders/${atA}/tenders`, a.farm, { snap: 1300, incentive: 1000 })).statusCode).toBe(
      200,
    );

    // Another farm at the same market: $10.00 of the shopper's $20.00 there is left.
    const planB = (await send('GET', `/api/benefits/orders/${atB}`, b.farm)).json().benefits;
    expect(planB).toMatchObject({ incentive_cap_left_cents: 1000, incentive_match_cents: 1000, incentive_market: LEXINGTON });
    const overCap = await send('PUT', `/api/benefits/orders/${atB}/tenders`, b.farm, { snap: 1300, incentive: 1200 });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json().message).toBe('Kentucky Double Dollars can add at most $10.00 more today for this shopper');
    expect((await send('PUT', `/api/benefits/orders/${atB}/tenders`, b.farm, { snap: 1300, incentive: 1000 })).statusCode).toBe(
      200,
    );

    // The same farm at Berea: the Lexington matches do not count there.
    const planBerea = (await send('GET', `/api/benefits/orders/${atBerea}`, a.farm)).json().benefits;
    expect(planBerea).toMatchObject({ incentive_cap_left_cents: 2000, incentive_match_cents: 1200, incentive_market: BEREA });
    const atBereaRecorded = await send('PUT', `/api/benefits/orders/${atBerea}/tenders`, a.farm, { snap: 1300, incentive: 1200 });
    expect(atBereaRecorded.statusCode, atBereaRecorded.body).toBe(200);

    const rows = (await send('GET', '/api/benefits/ledger?month=2030-06', a.farm)).json().rows;
    expect(rows.filter((r: { kind: string }) => r.kind === 'incentive')).toEqual([
      { kind: 'incentive', label: 'Incentive match', market: LEXINGTON, orders: 1, cents: 1000 },
      { kind: 'incentive', label: 'Incentive match', market: BEREA, orders: 1, cents: 1200 },
    ]);
  });

  it('offers the incentive of the pickup place’s state, whatever the farm’s own state', async () => {
    // An Indiana farm across the river sells Kentucky-grown tomatoes at the Lexington market.
    const farm = await setUpMarket(app, {}, { state: 'IN', city: 'Jeffersonville', zip: '47130' });
    const tomato = await buildProduct(app, farm, {
      name: 'Heirloom Tomatoes',
      category: 'produce',
      priceCents: 325,
      priceUnit: 'lb',
      stockQuantity: 100,
      originState: 'KY',
    });
    const saved = await send('PUT', '/api/benefits/mine', farm, {
      fns_number: '7654321',
      wic_fmnp: { accepted: false, expires_on: null },
      senior_fmnp: { accepted: false, expires_on: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null })).statusCode).toBe(
      200,
    );
    const marked = await send(
      'PUT',
      `/api/pickup/mine/points/${farm.pointId}`,
      farm,
      marketPoint({ incentive_market: LEXINGTON }),
    );
    expect(marked.statusCode, marked.body).toBe(200);

    const shown = (await app.inject({ method: 'GET', url: `/api/benefits/producers/${farm.id}` })).json();
    expect(shown).toMatchObject({ state: 'IN', takes: ['snap', 'incentive'], incentive_name: 'Kentucky Double Dollars' });
    expect(shown.incentive_places).toEqual([
      { point_id: farm.pointId, name: LEXINGTON, state: 'KY', market: LEXINGTON, incentive_name: 'Kentucky Double Dollars' },
    ]);
    const shopper = await buildUser(app);
    const id = await acceptedOrder(farm, shopper, tomato);
    const plan = (await send('GET', `/api/benefits/orders/${id}`, shopper)).json().benefits;
    expect(plan).toMatchObject({
      incentive_match_cents: 1200,
      incentive_name: 'Kentucky Double Dollars',
      incentive_market: LEXINGTON,
    });
    toSaturdayMorning();
    const recorded = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { snap: 1300, incentive: 1200 });
    expect(recorded.statusCode, recorded.body).toBe(200);
  });

  it('lists only the places that are participating markets in the farm’s public answer, each with its market', async () => {
    const { farm } = await farmAt(LEXINGTON);
    await afternoonPlace(farm, { name: 'Farm stand', kind: 'farm', market: null });
    const berea = await afternoonPlace(farm, { name: 'Berea market', kind: 'market', market: BEREA });
    const shown = (await app.inject({ method: 'GET', url: `/api/benefits/producers/${farm.id}` })).json();
    expect(shown.incentive_markets).toEqual([BEREA, LEXINGTON]);
    expect(shown.incentive_places).toEqual([
      { point_id: berea, name: 'Berea market', state: 'KY', market: BEREA, incentive_name: 'Kentucky Double Dollars' },
      { point_id: farm.pointId, name: LEXINGTON, state: 'KY', market: LEXINGTON, incentive_name: 'Kentucky Double Dollars' },
    ]);
  });

  it('keeps the market a match was filed under before places named theirs', async () => {
    const { farm, tomato } = await farmAt(LEXINGTON);
    const shopper = await buildUser(app);
    const id = await acceptedOrder(farm, shopper, tomato);
    toSaturdayMorning();
    expect((await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { snap: 1300, incentive: 1200 })).statusCode).toBe(200);
    // The place is no market any more: the recorded match stays under the market it was given at.
    expect(
      (await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, marketPoint({ incentive_market: null }))).statusCode,
    ).toBe(200);
    const rows = (await send('GET', '/api/benefits/ledger?month=2030-06', farm)).json().rows;
    expect(rows).toContainEqual({ kind: 'incentive', label: 'Incentive match', market: LEXINGTON, orders: 1, cents: 1200 });
  });
});

describe('the tender plan on the pickup day', () => {
  it('judges WIC dates on the pickup day in the tender plan', async () => {
    // WIC authorisation ends Friday; the order is picked up Saturday.
    const { farm, tomato } = await farmAt(LEXINGTON, '2030-06-07');
    const shopper = await buildUser(app);
    const refusedPlan = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [{ productId: tomato, quantity: 8 }], { plannedBenefits: ['wic_fmnp'] }),
    );
    expect(refusedPlan.statusCode).toBe(400);
    const id = await acceptedOrder(farm, shopper, tomato);
    // Wednesday: the farm takes WIC today, but not on Saturday, when the coupons would be handed over.
    const plan = (await send('GET', `/api/benefits/orders/${id}`, shopper)).json().benefits;
    expect(plan.takes).toEqual(['snap', 'incentive']);
    expect(plan.coupon_cents).toEqual({ wic_fmnp: 0, senior_fmnp: 0 });
    expect(plan.lines[0]).toMatchObject({ snap: true, wic_fmnp: false });
    toSaturdayMorning();
    const wic = await send('PUT', `/api/benefits/orders/${id}/tenders`, farm, { wic_fmnp: 2600 });
    expect(wic.statusCode).toBe(400);
    expect(wic.json().message).toBe('This producer does not take WIC FMNP coupons');
  });
});
