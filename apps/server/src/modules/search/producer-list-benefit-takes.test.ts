import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp, testConfig } from '../../test/test-app';
import { listingIndexCaughtUp, listingIndexLoaded } from './listing-index/listing-index.service';

/**
 * Producer list cards name the benefits their farm takes at pickup today (decisions 516, 552), as
 * the farm page and the product cards do: every row of the list carries its farm's `benefit_takes`,
 * read from the index's timelines for the farms' day, with no request per card. The clock starts
 * Wednesday 5 June 2030 at noon (EDT).
 */
let writer: TestApp;
let reader: TestApp;
let admin: TestUser;
let creek: TestProducer;
let plain: TestProducer;

const WEDNESDAY = new Date('2030-06-05T16:00:00Z');
const FRIDAY = new Date('2030-06-07T16:00:00Z');
const noCoupon = { accepted: false, expires_on: null };

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

/** Each row of the producer list as `farm name → benefit_takes`. */
async function farmCards(app: TestApp, query: string) {
  const answer = await app.inject({ method: 'GET', url: `/api/search/producers?view=list${query ? `&${query}` : ''}` });
  expect(answer.statusCode, answer.body).toBe(200);
  const rows: { farm_name: string; benefit_takes: string[] }[] = answer.json().producers;
  return Object.fromEntries(rows.map((row) => [row.farm_name, row.benefit_takes]));
}

beforeAll(async () => {
  writer = await buildTestApp();
  useTestClock(writer, WEDNESDAY);
  admin = await buildUser(writer, { userType: 'admin' });
  creek = await buildProducer(writer, { farmName: 'Double Creek Farm' });
  plain = await buildProducer(writer, { farmName: 'Plain Acres' });
  // SNAP verified and WIC coupons through Thursday.
  await saveBenefits(
    creek,
    { fns_number: '1234567', wic_fmnp: { accepted: true, expires_on: '2030-06-06' }, senior_fmnp: noCoupon },
    true,
  );
  await buildProduct(writer, creek, { name: 'Creek Tomatoes', category: 'produce' });
  await buildProduct(writer, plain, { name: 'Plain Tomatoes', category: 'produce' });
  // Built after the data: its index's base holds every farm.
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

describe('benefits on producer list cards', () => {
  it('gives each producer row what its farm takes at pickup today, from the index’s base', async () => {
    useTestClock(reader, WEDNESDAY);
    expect(await farmCards(reader, '')).toEqual({ 'Double Creek Farm': ['snap', 'wic_fmnp'], 'Plain Acres': [] });
    expect(await farmCards(reader, 'search=creek')).toEqual({ 'Double Creek Farm': ['snap', 'wic_fmnp'] });
    // The list filtered by a benefit reads the same day as its cards.
    expect(await farmCards(reader, 'benefits=coupons')).toEqual({ 'Double Creek Farm': ['snap', 'wic_fmnp'] });
  });

  it('follows the clock with no write: WIC leaves the card the day after its authorisation ends', async () => {
    useTestClock(reader, FRIDAY);
    expect(await farmCards(reader, '')).toEqual({ 'Double Creek Farm': ['snap'], 'Plain Acres': [] });
    expect(await farmCards(reader, 'benefits=coupons')).toEqual({});
    useTestClock(reader, WEDNESDAY);
  });

  it('gives a farm that changed what it takes now, through the change feed', async () => {
    useTestClock(writer, WEDNESDAY);
    await saveBenefits(
      plain,
      { fns_number: null, wic_fmnp: noCoupon, senior_fmnp: { accepted: true, expires_on: '2030-10-31' } },
      false,
    );
    await listingIndexCaughtUp(reader.ctx);
    useTestClock(reader, WEDNESDAY);
    expect(await farmCards(reader, '')).toEqual({ 'Double Creek Farm': ['snap', 'wic_fmnp'], 'Plain Acres': ['senior_fmnp'] });
    expect(await farmCards(reader, 'search=plain&benefits=coupons')).toEqual({ 'Plain Acres': ['senior_fmnp'] });
  });

  it('says what the farm takes in the list row as its farm page does', async () => {
    useTestClock(writer, WEDNESDAY);
    useTestClock(reader, WEDNESDAY);
    const list = await farmCards(reader, '');
    for (const farm of [creek, plain]) {
      const page = await writer.inject({ method: 'GET', url: `/api/producers/${farm.id}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(list[page.json().farm_name]).toEqual(page.json().benefit_takes);
    }
  });
});
