import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boothMatchTotals, emailOutbox, marketOrders, orderItems, orders, orderTenders } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { buildMarketOrder } from '../../test/market-basket-factories';
import {
  addVendor,
  boothEntry,
  boothSync,
  buildMarket,
  MARKET_SATURDAY,
  SATURDAY_11,
  type TestMarket,
} from '../../test/market-office-helpers';
import { marketPoint, orderPayload, setUpMarket, takeBenefits, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The market's pickup day (issue 49, decision 587): grower check-in and customer checkout with a
 * tender per farm. Lexington's market on Saturday 8 June 2030 at 11:00; three vendors: two take
 * SNAP at a place that is one of Kentucky Double Dollars' markets ($20 a card a day), one takes no
 * SNAP. The shopper's market order: 2 × $5.00 tomatoes, 2 × $6.00 eggs, 1 × $8.00 honey.
 */
let app: TestApp;
let admin: TestUser;
let market: TestMarket;
type Farm = Awaited<ReturnType<typeof setUpMarket>> & { productId: number; productName: string };
let snapFarm: Farm;
let eggFarm: Farm;
let honeyFarm: Farm;

const PICKUP_START = new Date('2030-06-08T13:00:00Z');
const PICKUP_END = new Date('2030-06-08T16:00:00Z');

async function farm(
  name: string,
  product: { name: string; priceCents: number },
  snap: boolean,
  couponsUntil: string | null = null,
): Promise<Farm> {
  const made = await setUpMarket(app, {}, { farmName: name });
  if (snap) await takeBenefits(app, admin, made, couponsUntil);
  const place = await app.inject({
    method: 'PUT',
    url: `/api/pickup/mine/points/${made.pointId}`,
    headers: bearer(made),
    payload: marketPoint({ incentive_market: 'Lexington Farmers Market' }),
  });
  expect(place.statusCode, place.body).toBe(200);
  const productId = await buildProduct(app, made, { ...product, category: 'produce', priceUnit: 'each' });
  await addVendor(app, market.id, made.id, made.pointId);
  return { ...made, productId, productName: product.name };
}

beforeAll(async () => {
  app = await buildTestApp();
  useTestClock(app);
  admin = await buildUser(app, { userType: 'admin' });
  market = await buildMarket(app, { basketOn: true, basketFeeKind: 'percent', basketFeePercentBp: 500 });
  snapFarm = await farm('Alpha Acres', { name: 'Tomatoes', priceCents: 500 }, true, '2030-10-31');
  eggFarm = await farm('Bluegrass Eggs', { name: 'Eggs', priceCents: 600 }, true);
  honeyFarm = await farm('Clover Honey', { name: 'Honey', priceCents: 800 }, false);
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app, SATURDAY_11));

async function marketOrder(shopper: TestUser, farms: Farm[] = [snapFarm, eggFarm, honeyFarm]) {
  const quantities = new Map([
    [snapFarm.id, 2],
    [eggFarm.id, 2],
    [honeyFarm.id, 1],
  ]);
  const prices = new Map([
    [snapFarm.id, 500],
    [eggFarm.id, 600],
    [honeyFarm.id, 800],
  ]);
  return buildMarketOrder(app, {
    marketId: market.id,
    customerId: shopper.id,
    marketDate: MARKET_SATURDAY,
    pickupStart: PICKUP_START,
    pickupEnd: PICKUP_END,
    shopperName: `Shopper ${shopper.id}`,
    parts: farms.map((f) => ({
      producerUserId: f.id,
      pointId: f.pointId,
      plannedBenefits: ['snap'],
      lines: [
        {
          productId: f.productId,
          name: f.productName,
          unitPriceCents: prices.get(f.id) ?? 0,
          quantity: quantities.get(f.id) ?? 1,
        },
      ],
    })),
  });
}

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

const checkIn = (f: Farm, shortages: object[] = []) =>
  send(market.volunteer, 'POST', `/api/markets/${market.id}/pickup-day/checkins`, {
    date: MARKET_SATURDAY,
    producerUserId: f.id,
    shortages,
  });

/** The shopper's row of the market day's checkout, as the booth reads it. */
const checkoutRow = async (marketOrderId: number) =>
  (await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`))
    .json()
    .shoppers.find((s: { marketOrderId: number }) => s.marketOrderId === marketOrderId);

/** A shopper's market order of the day with one farm's part. */
const oneFarmOrder = (customerId: number, part: Parameters<typeof buildMarketOrder>[1]['parts'][number]) =>
  buildMarketOrder(app, {
    marketId: market.id,
    customerId,
    marketDate: MARKET_SATURDAY,
    pickupStart: PICKUP_START,
    pickupEnd: PICKUP_END,
    parts: [part],
  });

const checkout = (id: number, body: object) => send(market.volunteer, 'POST', `/api/market-orders/${id}/checkout`, body);

async function checkInAll() {
  for (const f of [snapFarm, eggFarm, honeyFarm]) expect((await checkIn(f)).statusCode).toBe(200);
}

const matched = async (card: string) =>
  (
    await app.ctx.db
      .select()
      .from(boothMatchTotals)
      .where(and(eq(boothMatchTotals.marketId, market.id), eq(boothMatchTotals.shopperKey, card)))
  )[0]?.matchedCents ?? 0;

describe('the pickup day lists (GET /api/markets/:id/pickup-day)', () => {
  it('lists what each farm was ordered and each shopper’s bags with what each farm is owed, in cents; the CSVs hold the same rows', async () => {
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper);
    const res = await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    const mine = day.shoppers.find((s: { marketOrderId: number }) => s.marketOrderId === placed.id);
    expect(mine.owedCents).toBe(3000);
    expect(
      mine.parts.map((p: { farmName: string; owedCents: number; takesSnap: boolean }) => [p.farmName, p.owedCents, p.takesSnap]),
    ).toEqual([
      ['Alpha Acres', 1000, true],
      ['Bluegrass Eggs', 1200, true],
      ['Clover Honey', 800, false],
    ]);
    expect(day.matchCapCents).toBe(2000);
    const alpha = day.farms.find((f: { producerUserId: number }) => f.producerUserId === snapFarm.id);
    expect(alpha.lines.find((l: { orderId: number }) => l.orderId === placed.orderIds[0])).toMatchObject({
      ordered: 2,
      quantity: 2,
    });

    const checkinCsv = await send(
      market.manager,
      'GET',
      `/api/markets/${market.id}/pickup-day/checkin.csv?date=${MARKET_SATURDAY}`,
    );
    expect(checkinCsv.statusCode).toBe(200);
    expect(checkinCsv.body).toContain(`Alpha Acres,not yet,${placed.id},${placed.orderIds[0]},Tomatoes,2,2,`);
    const checkoutCsv = await send(
      market.manager,
      'GET',
      `/api/markets/${market.id}/pickup-day/checkout.csv?date=${MARKET_SATURDAY}`,
    );
    expect(checkoutCsv.body).toContain(
      `${placed.id},Shopper ${shopper.id},(859) 555-0199,open,Clover Honey,${placed.orderIds[2]},Accepted,8.00,1 × Honey`,
    );
  });

  it('refuses a shopper, a farm and a day that is not a market day', async () => {
    const shopper = await buildUser(app);
    const url = `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`;
    expect((await send(shopper, 'GET', url)).statusCode).toBe(403);
    expect((await send(snapFarm, 'GET', url)).statusCode).toBe(403);
    const friday = await send(market.manager, 'GET', `/api/markets/${market.id}/pickup-day?date=2030-06-07`);
    expect(friday.statusCode).toBe(400);
    expect(friday.json().message).toBe('2030-06-07 is not a market day of Lexington Farmers Market');
  });
});

describe('grower check-in (POST /api/markets/:id/pickup-day/checkins)', () => {
  it('records the arrival and a shortage, which shortens the line and tells the shopper as the farm’s own short harvest; sent again it changes nothing', async () => {
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper);
    const day = (await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`)).json();
    const line = day.farms
      .find((f: { producerUserId: number }) => f.producerUserId === eggFarm.id)
      .lines.find((l: { orderId: number }) => l.orderId === placed.orderIds[1]);
    const shortage = [{ itemId: line.itemId, quantity: 1, reason: 'hail took a crate' }];
    const res = await checkIn(eggFarm, shortage);
    expect(res.statusCode, res.body).toBe(200);
    const eggs = res.json().farms.find((f: { producerUserId: number }) => f.producerUserId === eggFarm.id);
    expect(eggs.arrivedAt).toBe(SATURDAY_11.toISOString());
    expect(eggs.lines.find((l: { itemId: number }) => l.itemId === line.itemId)).toMatchObject({
      ordered: 2,
      quantity: 1,
      shortReason: 'hail took a crate',
    });
    const part = res.json().shoppers.find((s: { marketOrderId: number }) => s.marketOrderId === placed.id).parts[1];
    expect(part.owedCents).toBe(600);

    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
    expect(mails.map((m) => m.subject)).toEqual([`Order #${placed.orderIds[1]} changed: less than you asked for`]);
    expect(mails[0].body).toContain('Eggs cut from 2 to 1 (hail took a crate)');

    expect((await checkIn(eggFarm, shortage)).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email))).toHaveLength(1);
  });

  it('refuses a check-in with any shortage it cannot take and writes nothing: no arrival, no shortened line, no mail', async () => {
    const greens = await farm('Dry Creek Greens', { name: 'Lettuce', priceCents: 300 }, false);
    const shopper = await buildUser(app);
    const placed = await oneFarmOrder(shopper.id, {
      producerUserId: greens.id,
      pointId: greens.pointId,
      lines: [
        { productId: greens.productId, name: 'Lettuce', unitPriceCents: 300, quantity: 3 },
        { productId: greens.productId, name: 'Spinach', unitPriceCents: 400, quantity: 1 },
      ],
    });
    const items = await app.ctx.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderIds[0]))
      .orderBy(orderItems.id);
    const res = await checkIn(greens, [
      { itemId: items[0].id, quantity: 2, reason: 'rain' },
      { itemId: items[1].id, quantity: 5, reason: 'miscounted' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Spinach for market order #${placed.id}: enter less than the 1 ordered (0 drops it)`);
    const day = (await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`)).json();
    const row = day.farms.find((f: { producerUserId: number }) => f.producerUserId === greens.id);
    expect(row.arrivedAt).toBeNull();
    const after = await app.ctx.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderIds[0]))
      .orderBy(orderItems.id);
    expect(after.map((i) => [i.quantity, i.shortReason])).toEqual([
      [3, null],
      [1, null],
    ]);
    expect(await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email))).toHaveLength(0);
  });

  it('refuses a line that is not one of the farm’s market lines, and a check-in on another day', async () => {
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper);
    const day = (await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`)).json();
    const other = day.farms
      .find((f: { producerUserId: number }) => f.producerUserId === snapFarm.id)
      .lines.find((l: { orderId: number }) => l.orderId === placed.orderIds[0]);
    const res = await checkIn(eggFarm, [{ itemId: other.itemId, quantity: 0, reason: 'none' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('is not one of this farm’s market lines');
    useTestClock(app, new Date('2030-06-01T15:00:00Z'));
    const early = await checkIn(eggFarm);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('Farms check in on the market day itself');
  });
});

describe('customer checkout (POST /api/market-orders/:id/checkout)', () => {
  it('records each farm’s tenders, moves every part to picked up with its basket fee and counts Double Dollars against the card’s cap; a second checkout is a 409 and doubles nothing', async () => {
    await checkInAll();
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper);
    const [alpha, bluegrass, clover] = placed.orderIds;
    const body = {
      cardLast4: '4321',
      tenders: [
        { orderId: alpha, snapCents: 500, incentiveCents: 500 },
        { orderId: bluegrass, snapCents: 600, incentiveCents: 600 },
        { orderId: clover, cashCents: 800 },
      ],
    };
    const res = await checkout(placed.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shopper.status).toBe('picked_up');
    const parts = await app.ctx.db.select().from(orders).where(inArray(orders.id, placed.orderIds)).orderBy(orders.id);
    expect(parts.map((p) => [p.status, p.marketFeeCents])).toEqual([
      ['picked_up', 50],
      ['picked_up', 60],
      ['picked_up', 40],
    ]);
    const tenders = await app.ctx.db.select().from(orderTenders).where(inArray(orderTenders.orderId, placed.orderIds));
    const byOrder = new Map(tenders.map((t) => [t.orderId, t]));
    expect([byOrder.get(alpha)?.snapCents, byOrder.get(alpha)?.incentiveCents]).toEqual([500, 500]);
    expect([byOrder.get(bluegrass)?.snapCents, byOrder.get(bluegrass)?.incentiveCents]).toEqual([600, 600]);
    expect(byOrder.get(clover)?.cashCents).toBe(800);
    expect(await matched('4321')).toBe(1100);
    const [row] = await app.ctx.db.select().from(marketOrders).where(eq(marketOrders.id, placed.id));
    expect(row.pickedUpAt?.toISOString()).toBe(SATURDAY_11.toISOString());

    const again = await checkout(placed.id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Market order #${placed.id} was already picked up; nothing was recorded again`);
    expect(await matched('4321')).toBe(1100);
  });

  it('accepts a part still a request when its farm checked in with the bag, and hands it over', async () => {
    await checkInAll();
    const shopper = await buildUser(app);
    const placed = await oneFarmOrder(shopper.id, {
      producerUserId: honeyFarm.id,
      pointId: honeyFarm.pointId,
      status: 'requested',
      lines: [{ productId: honeyFarm.productId, name: 'Honey', unitPriceCents: 800, quantity: 1 }],
    });
    const res = await checkout(placed.id, { tenders: [{ orderId: placed.orderIds[0], cashCents: 800 }] });
    expect(res.statusCode, res.body).toBe(200);
    const [part] = await app.ctx.db.select().from(orders).where(eq(orders.id, placed.orderIds[0]));
    expect([part.status, part.marketFeeCents]).toEqual(['picked_up', 40]);
  });

  it('hands over no bag with a line still to weigh, naming the farm that weighs it; weighed, the part is owed its weighed price', async () => {
    const placed = await oneFarmOrder((await buildUser(app)).id, {
      producerUserId: honeyFarm.id,
      pointId: honeyFarm.pointId,
      lines: [
        {
          productId: honeyFarm.productId,
          name: 'Comb honey',
          unitPriceCents: 1000,
          quantity: 1,
          byWeight: { unit: 'lb', packMin: 1, packMax: 1.5 },
        },
      ],
    });
    expect((await checkIn(honeyFarm)).statusCode).toBe(200);
    const part = placed.orderIds[0];
    expect((await checkoutRow(placed.id)).parts[0].lines[0]).toMatchObject({
      product: 'Comb honey',
      text: '1 pack × 1–1.5 lb Comb honey',
      toWeigh: true,
    });

    const refused = await checkout(placed.id, { tenders: [{ orderId: part, cashCents: 1000 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Clover Honey weighs Comb honey first, on its own pickup screen (1 line still to weigh): the amount to pay is final once every pack is weighed',
    );
    const [untouched] = await app.ctx.db.select().from(orders).where(eq(orders.id, part));
    expect(untouched.status).toBe('accepted');
    expect(await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, part))).toHaveLength(0);

    const [item] = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, part));
    const weighed = await send(honeyFarm, 'PUT', `/api/orders/${part}/items/${item.id}/weights`, { weights: [1.2] });
    expect(weighed.statusCode, weighed.body).toBe(200);
    const after = await checkoutRow(placed.id);
    expect(after.parts[0].lines[0]).toMatchObject({ text: '1 pack weighed 1.2 lb Comb honey', lineCents: 1200, toWeigh: false });
    expect(after.parts[0].owedCents).toBe(1200);
    const paid = await checkout(placed.id, { tenders: [{ orderId: part, cashCents: 1200 }] });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('leaves out a part its farm handed over at its own stall: the rest is checked out, and the market order is picked up', async () => {
    await checkInAll();
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper, [snapFarm, honeyFarm]);
    const [alpha, clover] = placed.orderIds;
    const atStall = await send(honeyFarm, 'POST', `/api/orders/${clover}/hand-over`, { tenders: { cash: 800 } });
    expect(atStall.statusCode, atStall.body).toBe(200);
    const before = await checkoutRow(placed.id);
    // Not brought to the booth: the farm's check-in lists none of that part's lines.
    const day = (await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`)).json();
    const honeyRow = day.farms.find((f: { producerUserId: number }) => f.producerUserId === honeyFarm.id);
    expect(honeyRow.lines.filter((l: { orderId: number }) => l.orderId === clover)).toEqual([]);
    expect(before.status).toBe('open');
    expect(before.owedCents).toBe(1000);
    expect(before.parts.map((p: { status: string; owedCents: number }) => [p.status, p.owedCents])).toEqual([
      ['accepted', 1000],
      ['picked_up', 0],
    ]);

    const twice = await checkout(placed.id, {
      tenders: [
        { orderId: alpha, cashCents: 1000 },
        { orderId: clover, cashCents: 800 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      `Clover Honey already handed over order #${clover} at its own stall and was paid there: leave it out`,
    );
    const res = await checkout(placed.id, { tenders: [{ orderId: alpha, cashCents: 1000 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Market order #${placed.id} picked up: $10.00 paid to 1 farms`);
    expect(res.json().shopper.status).toBe('picked_up');
    const mine = await send(shopper, 'GET', `/api/market-orders/${placed.id}`);
    expect(mine.json().status).toBe('picked_up');
    const tenders = await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, clover));
    expect(tenders.map((t) => t.cashCents)).toEqual([800]);
  });

  it('applies two checkouts of the same market order at once once', async () => {
    await checkInAll();
    const placed = await marketOrder(await buildUser(app), [honeyFarm]);
    const body = { cardLast4: null, tenders: [{ orderId: placed.orderIds[0], cashCents: 800 }] };
    const answers = await Promise.all([checkout(placed.id, body), checkout(placed.id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, placed.orderIds[0]))).toHaveLength(1);
  });

  it('takes WIC and Senior FMNP coupons from a farm that takes them, and says which farms do', async () => {
    await checkInAll();
    const placed = await marketOrder(await buildUser(app));
    const [alpha, bluegrass, clover] = placed.orderIds;
    const day = await send(market.volunteer, 'GET', `/api/markets/${market.id}/pickup-day?date=${MARKET_SATURDAY}`);
    const shopper = day.json().shoppers.find((s: { marketOrderId: number }) => s.marketOrderId === placed.id);
    expect(
      shopper.parts.map((p: { farmName: string; takesWicFmnp: boolean; takesSeniorFmnp: boolean }) => [
        p.farmName,
        p.takesWicFmnp,
        p.takesSeniorFmnp,
      ]),
    ).toEqual([
      ['Alpha Acres', true, true],
      ['Bluegrass Eggs', false, false],
      ['Clover Honey', false, false],
    ]);

    const refused = await checkout(placed.id, {
      tenders: [
        { orderId: alpha, cashCents: 1000 },
        { orderId: bluegrass, wicFmnpCents: 1200 },
        { orderId: clover, cashCents: 800 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Bluegrass Eggs: /);

    const res = await checkout(placed.id, {
      tenders: [
        { orderId: alpha, wicFmnpCents: 600, seniorFmnpCents: 400 },
        { orderId: bluegrass, cardCents: 1200 },
        { orderId: clover, cashCents: 800 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tender] = await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, alpha));
    expect([tender.wicFmnpCents, tender.seniorFmnpCents]).toEqual([600, 400]);
  });

  it('does not let a part of a market order start a standing reservation at the farm’s place', async () => {
    useTestClock(app);
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper);
    const res = await send(shopper, 'POST', '/api/standing', {
      ...orderPayload(snapFarm, [{ productId: snapFarm.productId, quantity: 2 }]),
      everyWeeks: 1,
      fromOrderId: placed.orderIds[0],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'A part of a market order cannot start a standing reservation: order from the market’s basket each market day',
    );
  });

  it('refuses SNAP to a farm that does not take SNAP, and writes nothing', async () => {
    await checkInAll();
    const placed = await marketOrder(await buildUser(app));
    const [alpha, bluegrass, clover] = placed.orderIds;
    const res = await checkout(placed.id, {
      tenders: [
        { orderId: alpha, snapCents: 1000 },
        { orderId: bluegrass, cardCents: 1200 },
        { orderId: clover, snapCents: 800 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Clover Honey: This producer does not take SNAP/EBT');
    const parts = await app.ctx.db.select().from(orders).where(inArray(orders.id, placed.orderIds));
    expect(parts.every((p) => p.status === 'accepted')).toBe(true);
    expect(await app.ctx.db.select().from(orderTenders).where(inArray(orderTenders.orderId, placed.orderIds))).toEqual([]);
    const [row] = await app.ctx.db.select().from(marketOrders).where(eq(marketOrders.id, placed.id));
    expect(row.pickedUpAt).toBeNull();
  });

  it('refuses Double Dollars past the market’s cap for the card across the booth and the basket, and keeps the booth’s total', async () => {
    await checkInAll();
    const synced = await boothSync(app, market.volunteer, market.id, [
      boothEntry({ amountCents: 1600, match: 1600, shopperKey: '7777' }),
    ]);
    expect(synced.json().results[0].status, synced.body).toBe('applied');
    const placed = await marketOrder(await buildUser(app));
    const [alpha, bluegrass, clover] = placed.orderIds;
    const res = await checkout(placed.id, {
      cardLast4: '7777',
      tenders: [
        { orderId: alpha, snapCents: 500, incentiveCents: 500 },
        { orderId: bluegrass, snapCents: 600, incentiveCents: 600 },
        { orderId: clover, cashCents: 800 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Kentucky Double Dollars left for the card ending 7777 today: $4.00 (the market’s cap is $20.00 a day, booth and baskets together)',
    );
    expect(await matched('7777')).toBe(1600);
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, alpha)))[0].status).toBe('accepted');
  });

  it('refuses tenders that do not add up to what a farm is owed, and a farm that has not checked in', async () => {
    const late = await setUpMarket(app, {}, { farmName: 'Late Farm' });
    await addVendor(app, market.id, late.id, late.pointId);
    const productId = await buildProduct(app, late, { name: 'Kale', priceCents: 300, category: 'produce' });
    await checkInAll();
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper, [honeyFarm]);
    const short = await checkout(placed.id, { tenders: [{ orderId: placed.orderIds[0], cashCents: 700 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Clover Honey is owed $8.00; its tenders add up to $7.00');

    const withLate = await buildMarketOrder(app, {
      marketId: market.id,
      customerId: shopper.id,
      marketDate: MARKET_SATURDAY,
      pickupStart: PICKUP_START,
      pickupEnd: PICKUP_END,
      parts: [{ producerUserId: late.id, pointId: late.pointId, lines: [{ productId, unitPriceCents: 300, quantity: 1 }] }],
    });
    const notHere = await checkout(withLate.id, { tenders: [{ orderId: withLate.orderIds[0], cashCents: 300 }] });
    expect(notHere.statusCode).toBe(409);
    expect(notHere.json().message).toBe('Late Farm has not checked in today: check the farm in before handing over its bag');
  });

  it('is the market’s staff’s only: a shopper, even the order’s own, gets a 403 before the body is read', async () => {
    const shopper = await buildUser(app);
    const placed = await marketOrder(shopper, [honeyFarm]);
    const res = await send(shopper, 'POST', `/api/market-orders/${placed.id}/checkout`, {});
    expect(res.statusCode).toBe(403);
    const missing = await send(market.volunteer, 'POST', '/api/market-orders/99999999/checkout', {});
    expect(missing.statusCode).toBe(404);
  });
});
