import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../jobs/clock';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { asUser, buildMarket, buildMarketPlace, setVendorStatus } from '../../test/market-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { listingIndexCaughtUp } from '../search/listing-index/listing-index.service';

let app: TestApp;
let market: Awaited<ReturnType<typeof buildMarket>>;
let approved: TestProducer;
let applied: TestProducer;

beforeAll(async () => {
  app = await buildTestApp();
  // Saturday, July 3, 2027, 22:00 in Kentucky: already Sunday, July 4 in UTC.
  app.ctx.clock = new ManualClock(new Date('2027-07-04T02:00:00Z'));
  market = await buildMarket(app, { name: 'Paris Farmers Market', city: 'Paris', closedDates: ['2027-07-10'] });
  await buildMarket(app, { name: 'Berea Market', city: 'Berea', latitude: 37.5687, longitude: -84.2963, incentiveId: null });
  approved = await buildProducer(app, { farmName: 'Approved Acres', latitude: 38.2, longitude: -84.25 });
  applied = await buildProducer(app, { farmName: 'Waiting Farm', latitude: 38.21, longitude: -84.26 });
  await buildProduct(app, approved, { name: 'Sweet Corn', category: 'produce', priceCents: 600 });
  await buildProduct(app, approved, { name: 'Hidden Jam', category: 'jellies', priceCents: 500, active: false });
  await buildProduct(app, applied, { name: 'Waiting Eggs', category: 'eggs', priceCents: 500 });
  const place = await buildMarketPlace(app, approved.id, { booth: 'Stall 14' });
  await setVendorStatus(app, market.id, approved.id, 'approved', place);
  await setVendorStatus(app, market.id, applied.id, 'applied');
  await listingIndexCaughtUp(app.ctx);
});
afterAll(() => app.closeAll());

describe('the public market page', () => {
  it('lists only approved vendors with their public products, and the coming market days in the market’s zone skipping closed dates', async () => {
    const res = await asUser(app, null).get(`/api/markets/${market.slug}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      name: 'Paris Farmers Market',
      daysText: ['Saturdays 7 AM–12 PM'],
      // Still Saturday in Kentucky: today is a market day; July 10 is closed.
      nextDate: '2027-07-03',
      vendorCount: 1,
      benefits: {
        snap: true,
        credit: true,
        wicFmnp: false,
        seniorFmnp: false,
        incentive: { name: 'Kentucky Double Dollars', capCents: 2000 },
      },
      closedDates: ['2027-07-10'],
    });
    expect(page.upcoming.slice(0, 3)).toEqual(['2027-07-03', '2027-07-17', '2027-07-24']);
    expect(page.upcoming).toHaveLength(8);
    expect(page.vendors).toEqual([
      {
        producerId: approved.id,
        farmName: 'Approved Acres',
        city: expect.any(String),
        booth: 'Stall 14',
        products: [expect.objectContaining({ name: 'Sweet Corn', price: 6 })],
      },
    ]);
  });

  it('answers 404 for an unknown market', async () => {
    const res = await asUser(app, null).get('/api/markets/no-such-market');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Market not found');
  });

  it('says a market out of season has no next date', async () => {
    const ended = await buildMarket(app, { seasonStart: '2027-04-03', seasonEnd: '2027-06-26' });
    const page = (await asUser(app, null).get(`/api/markets/${ended.slug}`)).json();
    expect(page.nextDate).toBeNull();
    expect(page.upcoming).toEqual([]);
  });
});

describe('the market list', () => {
  it('finds markets by name or town and sorts them nearest first around a centre', async () => {
    const byTown = (await asUser(app, null).get('/api/markets?q=berea')).json().markets;
    expect(byTown.map((m: { name: string }) => m.name)).toEqual(['Berea Market']);
    expect(byTown[0].benefits.incentive).toBeNull();

    // From Richmond, KY: Berea (14 mi) before Lexington's market (26 mi).
    const near = (await asUser(app, null).get('/api/markets?lat=37.7479&lng=-84.2947&radius=20')).json().markets;
    expect(near.map((m: { name: string }) => m.name)).toEqual(['Berea Market']);
    const all = (await asUser(app, null).get('/api/markets?lat=37.7479&lng=-84.2947')).json().markets;
    expect(all[0].name).toBe('Berea Market');
    expect(all[0].distanceMiles).toBeCloseTo(12.4, 0);
    expect(all.find((m: { slug: string }) => m.slug === market.slug).vendorCount).toBe(1);
  });

  it('refuses a latitude out of range with a readable 400', async () => {
    const res = await asUser(app, null).get('/api/markets?lat=123&lng=0');
    expect(res.statusCode).toBe(400);
  });
});

describe('a farm’s card says which markets it attends', () => {
  it('lists the approved vendor’s markets on its page and its search row, and none for a farm that only applied', async () => {
    const page = (await asUser(app, null).get(`/api/producers/${approved.id}`)).json();
    expect(page.markets).toEqual([{ slug: market.slug, name: 'Paris Farmers Market' }]);
    expect((await asUser(app, null).get(`/api/producers/${applied.id}`)).json().markets).toEqual([]);

    const rows = (await asUser(app, null).get('/api/search/producers?search=&latitude=38.2&longitude=-84.25&radius=10')).json()
      .producers;
    const row = (name: string) => rows.find((r: { farm_name: string }) => r.farm_name === name);
    expect(row('Approved Acres').markets).toEqual([{ slug: market.slug, name: 'Paris Farmers Market' }]);
    expect(row('Waiting Farm').markets).toEqual([]);
  });
});
