import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { marketPoint, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp, testConfig } from '../../test/test-app';
import { listingIndexCaughtUp, listingIndexLoaded } from './listing-index/listing-index.service';

/**
 * Product cards show the benefits their farm takes today (decision 516) without a request per
 * card: every product search row carries its farm's `benefit_takes` (the benefits policy's answer
 * for the farms' day, read from the index's timelines; the incentive where a pickup place of the
 * farm is a participating market, decision 540) and the product's `origin_state`, and the
 * farm page carries its farm's. The clock starts Wednesday 5 June 2030 at noon (EDT).
 */
let writer: TestApp;
let reader: TestApp;
let admin: TestUser;
let snapAndWic: TestProducer;
let none: TestProducer;
let corn: number;

const WEDNESDAY = new Date('2030-06-05T16:00:00Z');
const FRIDAY = new Date('2030-06-07T16:00:00Z');

async function saveBenefits(farm: TestProducer, body: object, verifySnap: boolean) {
  const saved = await writer.inject({ method: 'PUT', url: '/api/benefits/mine', headers: bearer(farm), payload: body });
  expect(saved.statusCode, saved.body).toBe(200);
  if (!verifySnap) return;
  const verified = await writer.inject({
    method: 'POST',
    url: `/api/admin/benefits/${farm.id}/review`,
    headers: bearer(admin),
    payload: { approve: true, note: null },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

const noCoupon = { accepted: false, expires_on: null };

/** Each row of a product search as `name → [benefit_takes, origin_state]`. */
async function cards(app: TestApp, query: string) {
  const answer = await app.inject({ method: 'GET', url: `/api/search/products?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  const rows: { name: string; benefit_takes: string[]; origin_state: string | null }[] = answer.json().products;
  return Object.fromEntries(rows.map((row) => [row.name, [row.benefit_takes, row.origin_state]]));
}

beforeAll(async () => {
  writer = await buildTestApp();
  useTestClock(writer, WEDNESDAY);
  admin = await buildUser(writer, { userType: 'admin' });
  snapAndWic = await buildProducer(writer, { farmName: 'Double Creek Farm' });
  none = await buildProducer(writer, { farmName: 'Plain Acres' });
  // SNAP verified, WIC coupons through Thursday, and Double Dollars at its pickup place that is a
  // participating market (decision 540).
  await saveBenefits(
    snapAndWic,
    { fns_number: '1234567', wic_fmnp: { accepted: true, expires_on: '2030-06-06' }, senior_fmnp: noCoupon },
    true,
  );
  const market = await writer.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(snapAndWic),
    payload: marketPoint({ incentive_market: 'Lexington Farmers Market' }),
  });
  expect(market.statusCode, market.body).toBe(201);
  await buildProduct(writer, snapAndWic, { name: 'Creek Tomatoes', category: 'produce' });
  corn = await buildProduct(writer, snapAndWic, { name: 'Creek Sweet Corn', category: 'produce', originState: 'IN' });
  await buildProduct(writer, none, { name: 'Plain Tomatoes', category: 'produce' });
  await buildProduct(writer, snapAndWic, { name: 'Creek Beef Share', category: 'meat', inspection: 'custom_exempt' });
  // Built after the data: its index's base holds every farm and listing.
  const app = await buildApp({ config: testConfig(), database: writer.ctx.database, logger: false, rateLimitPerMinute: 100_000 });
  await app.ready();
  reader = Object.assign(app, { closeAll: () => app.close() }) as TestApp;
  useTestClock(reader, WEDNESDAY);
  expect(await listingIndexLoaded(reader.ctx)).not.toBeNull();
});

afterAll(async () => {
  await reader?.closeAll();
  await writer?.closeAll();
});

describe('benefits on product cards', () => {
  it('gives each search row what its farm takes today and where the product was grown, from the index’s base', async () => {
    useTestClock(reader, WEDNESDAY);
    expect(await cards(reader, 'category=produce')).toEqual({
      'Creek Tomatoes': [['snap', 'wic_fmnp', 'incentive'], null],
      'Creek Sweet Corn': [['snap', 'wic_fmnp', 'incentive'], 'IN'],
      'Plain Tomatoes': [[], null],
    });
    // A custom-exempt share is a live animal: the card's rules need its inspection too.
    const meat = await reader.inject({ method: 'GET', url: '/api/search/products?category=meat' });
    expect(meat.json().products.map((row: { inspection: string | null }) => row.inspection)).toEqual(['custom_exempt']);
    // The benefits filter and the cards read the same day.
    expect(Object.keys(await cards(reader, 'search=tomatoes&benefits=coupons'))).toEqual(['Creek Tomatoes']);
  });

  it('follows the clock with no write: WIC leaves the cards the day after its authorisation ends', async () => {
    useTestClock(reader, FRIDAY);
    expect(await cards(reader, 'search=tomatoes')).toEqual({
      'Creek Tomatoes': [['snap', 'incentive'], null],
      'Plain Tomatoes': [[], null],
    });
    useTestClock(reader, WEDNESDAY);
  });

  it('follows a farm’s change through the change feed: its rows answer from the overlay', async () => {
    useTestClock(writer, WEDNESDAY);
    await saveBenefits(
      none,
      { fns_number: null, wic_fmnp: noCoupon, senior_fmnp: { accepted: true, expires_on: '2030-10-31' } },
      false,
    );
    await writer.ctx.db.update(products).set({ originState: 'TN' }).where(eq(products.id, corn));
    await listingIndexCaughtUp(reader.ctx);
    useTestClock(reader, WEDNESDAY);
    expect(await cards(reader, 'category=produce')).toEqual({
      'Creek Tomatoes': [['snap', 'wic_fmnp', 'incentive'], null],
      'Creek Sweet Corn': [['snap', 'wic_fmnp', 'incentive'], 'TN'],
      'Plain Tomatoes': [['senior_fmnp'], null],
    });
    useTestClock(reader, FRIDAY);
    expect((await cards(reader, 'search=corn'))['Creek Sweet Corn']).toEqual([['snap', 'incentive'], 'TN']);
  });

  it('gives the farm page what the farm takes today, for its product cards', async () => {
    useTestClock(writer, WEDNESDAY);
    const page = await writer.inject({ method: 'GET', url: `/api/producers/${snapAndWic.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().benefit_takes).toEqual(['snap', 'wic_fmnp', 'incentive']);
    // The corn was moved to Tennessee by the test before.
    expect(page.json().products.map((p: { name: string; origin_state: string | null }) => [p.name, p.origin_state])).toEqual(
      expect.arrayContaining([
        ['Creek Tomatoes', null],
        ['Creek Sweet Corn', 'TN'],
      ]),
    );
    useTestClock(writer, FRIDAY);
    expect((await writer.inject({ method: 'GET', url: `/api/producers/${snapAndWic.id}` })).json().benefit_takes).toEqual([
      'snap',
      'incentive',
    ]);
    const plain = await writer.inject({ method: 'GET', url: `/api/producers/${none.id}` });
    expect(plain.json().benefit_takes).toEqual(['senior_fmnp']);
  });
});
