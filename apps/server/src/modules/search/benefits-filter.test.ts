import { KENTUCKY_DOUBLE_DOLLARS } from '@farmstand/shared/benefits/programmes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRandom } from '../../seed/random';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { marketPoint } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { indexOf, PLAIN_DISPLAY } from '../../test/test-catalogue';
import type { BenefitsRow } from '../benefits/benefits.repository';
import { type BenefitsWanted, type BenefitTimeline, benefitTimeline, dayNumber, maskOn } from './benefit-filter';
import type { IndexQuery, ListingData, ProducerData, ProducerQuery } from './listing-index/listing-index';
import {
  listingIndexCaughtUp,
  listingIndexLoaded,
  startListingIndex,
  stopListingIndex,
} from './listing-index/listing-index.service';
import { mapGridTuning } from './producer-map-grid';
import { pollSearchChanges } from './search-changes';

/**
 * The `benefits` filter of search (decision 516) on product search, the producer list and the map,
 * composed with text, a category and a distance. Around Lexington, KY; the farms' day starts as
 * Wednesday 5 June 2030 (noon EDT):
 *   Georgetown (~12 mi): SNAP verified; it named a market for itself once, but its one pickup place
 *     is its farm stand;
 *   Frankfort (~23 mi): SNAP pending, WIC FMNP coupons through Thursday 6 June;
 *   Louisville (~70 mi): SNAP verified and Kentucky Double Dollars at its pickup place, a
 *     participating market (decision 540);
 *   Lexington (0 mi): takes no benefit.
 */

const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const near = (miles: number) => `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=${miles}`;
const mapNear = (miles: number) => `lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=${miles}`;
const WEDNESDAY_NOON = Date.parse('2030-06-05T16:00:00Z');
/** The change feed reaches the map within a poll and a reload: a generous wait on a slow machine. */
const untilTheFeedHasIt = { timeout: 20_000, interval: 100 };

let app: TestApp;
let admin: TestUser;
let clock = WEDNESDAY_NOON;
const farms = {} as Record<'georgetown' | 'frankfort' | 'louisville' | 'lexington', TestProducer>;
/** Georgetown's farm stand, its one pickup place. */
let stand: number;

async function send(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) {
  return app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
}

async function json(url: string) {
  const response = await send('GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** Product names of a product search (sorted), checked against its total. */
async function productNames(query: string): Promise<string[]> {
  const body = await json(`/api/search/products?${query}`);
  expect(body.total, query).toBe(body.products.length);
  return body.products.map((product: { name: string }) => product.name).sort();
}

/** Farm names of the /search list (sorted), checked against its total. */
async function listed(query: string): Promise<string[]> {
  const body = await json(`/api/search/producers?view=list&${query}`);
  expect(body.total, query).toBe(body.producers.length);
  return body.producers.map((producer: { farm_name: string }) => producer.farm_name).sort();
}

/** Farm names on the map (sorted): markers only (a viewport at street level clusters none). */
async function mapped(query: string): Promise<string[]> {
  const body = await json(`/api/search/producers?${query}`);
  expect(body.clusters ?? [], query).toEqual([]);
  expect(body.total, query).toBe(body.producers.length);
  return body.producers.map((producer: { farm_name: string }) => producer.farm_name).sort();
}

/** How many farms a clustered viewport holds, walked and read from the grid's cells (both must agree). */
async function inViewport(query: string): Promise<number> {
  const totals: number[] = [];
  const walkUpTo = mapGridTuning.walkUpTo;
  try {
    for (const tuning of [walkUpTo, 0]) {
      mapGridTuning.walkUpTo = tuning;
      totals.push((await json(`/api/search/producers?bbox=-87,37,-83,39&zoom=6&${query}`)).total);
    }
  } finally {
    mapGridTuning.walkUpTo = walkUpTo;
  }
  expect(totals[1], query).toBe(totals[0]);
  return totals[0];
}

const NONE: string[] = [];
const GEORGETOWN = ['Georgetown Eggs'];
const FRANKFORT = ['Frankfort Eggs', 'Frankfort Tomatoes'];
const LOUISVILLE = ['Louisville Honey', 'Louisville Tomatoes'];
const all = (...lists: string[][]) => lists.flat().sort();

async function saveBenefits(farm: TestProducer, body: object) {
  const saved = await send('PUT', '/api/benefits/mine', farm, {
    fns_number: null,
    wic_fmnp: { accepted: false },
    senior_fmnp: { accepted: false },
    incentive_market: null,
    ...body,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A pickup place of the farm; `incentive_market`: the participating market it is, or null. */
async function addPlace(farm: TestProducer, values: { name: string; kind: 'farm' | 'market'; incentive_market: string | null }) {
  const added = await send('POST', '/api/pickup/mine/points', farm, marketPoint(values));
  expect(added.statusCode, added.body).toBe(201);
  return added.json().point.id as number;
}

async function verifySnap(farm: TestProducer) {
  const reviewed = await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
}

beforeAll(async () => {
  app = await buildTestApp();
  app.ctx.clock = { now: () => new Date(clock) };
  admin = await buildUser(app, { userType: 'admin' });
  const place = (name: string, latitude: number, longitude: number, city: string) =>
    buildProducer(app, { farmName: `${name} Homestead`, latitude, longitude, city, state: 'KY' });
  farms.georgetown = await place('Georgetown', 38.2098, -84.5588, 'Georgetown');
  farms.frankfort = await place('Frankfort', 38.2009, -84.8733, 'Frankfort');
  farms.louisville = await place('Louisville', 38.2527, -85.7585, 'Louisville');
  farms.lexington = await place('Lexington', LEXINGTON.latitude, LEXINGTON.longitude, 'Lexington');
  await buildProduct(app, farms.georgetown, { name: 'Georgetown Eggs', category: 'eggs' });
  await buildProduct(app, farms.frankfort, { name: 'Frankfort Eggs', category: 'eggs' });
  await buildProduct(app, farms.frankfort, { name: 'Frankfort Tomatoes', category: 'produce', priceCents: 300 });
  await buildProduct(app, farms.louisville, { name: 'Louisville Tomatoes', category: 'produce', priceCents: 400 });
  await buildProduct(app, farms.louisville, { name: 'Louisville Honey', category: 'honey', priceCents: 900 });
  await buildProduct(app, farms.lexington, { name: 'Lexington Eggs', category: 'eggs' });

  await saveBenefits(farms.georgetown, { fns_number: '1111111', incentive_market: 'Georgetown Farmers Market' });
  stand = await addPlace(farms.georgetown, { kind: 'farm', name: 'Georgetown farm stand', incentive_market: null });
  await verifySnap(farms.georgetown);
  await saveBenefits(farms.frankfort, { fns_number: '2222222', wic_fmnp: { accepted: true, expires_on: '2030-06-06' } });
  await saveBenefits(farms.louisville, { fns_number: '3333333' });
  await addPlace(farms.louisville, { kind: 'market', name: 'Louisville market', incentive_market: 'Louisville Farmers Market' });
  await verifySnap(farms.louisville);
  // The Lexington farm never saved its benefits: it has no row at all.
  await listingIndexCaughtUp(app.ctx);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.closeAll();
});

/** Every surface with every value, composed with text, a category and a distance, on the farms' day 5 June. */
async function expectTheFifthOfJune() {
  // Product search.
  expect(await productNames('')).toEqual(all(GEORGETOWN, FRANKFORT, LOUISVILLE, ['Lexington Eggs']));
  expect(await productNames('benefits=snap')).toEqual(all(GEORGETOWN, LOUISVILLE));
  expect(await productNames('benefits=coupons')).toEqual(FRANKFORT);
  expect(await productNames('benefits=incentive')).toEqual(LOUISVILLE);
  expect(await productNames('benefits=snap&category=produce')).toEqual(['Louisville Tomatoes']);
  expect(await productNames('benefits=coupons&category=honey')).toEqual(NONE);
  expect(await productNames('benefits=snap&search=eggs')).toEqual(GEORGETOWN);
  expect(await productNames('benefits=coupons&search=tomatoes')).toEqual(['Frankfort Tomatoes']);
  expect(await productNames(`benefits=snap&${near(25)}`)).toEqual(GEORGETOWN);
  expect(await productNames(`benefits=snap&${near(100)}`)).toEqual(all(GEORGETOWN, LOUISVILLE));
  expect(await productNames(`benefits=incentive&${near(25)}`)).toEqual(NONE);
  expect(await productNames(`benefits=coupons&category=produce&${near(25)}`)).toEqual(['Frankfort Tomatoes']);
  expect(await productNames(`benefits=snap&search=tomatoes&${near(100)}`)).toEqual(['Louisville Tomatoes']);
  expect(await productNames(`benefits=snap&search=tomatoes&${near(999)}`)).toEqual(['Louisville Tomatoes']);
  const cheapest = await json(`/api/search/products?benefits=snap&sort=price&${near(100)}`);
  expect(cheapest.products.map((product: { name: string }) => product.name)).toEqual([
    'Louisville Tomatoes',
    'Georgetown Eggs',
    'Louisville Honey',
  ]);
  expect(cheapest.total).toBe(3);

  // The /search list.
  expect(await listed('')).toEqual([
    'Frankfort Homestead',
    'Georgetown Homestead',
    'Lexington Homestead',
    'Louisville Homestead',
  ]);
  expect(await listed('benefits=snap')).toEqual(['Georgetown Homestead', 'Louisville Homestead']);
  expect(await listed('benefits=coupons')).toEqual(['Frankfort Homestead']);
  expect(await listed('benefits=incentive')).toEqual(['Louisville Homestead']);
  expect(await listed('benefits=snap&category=produce')).toEqual(['Louisville Homestead']);
  expect(await listed(`benefits=snap&${near(25)}`)).toEqual(['Georgetown Homestead']);
  expect(await listed(`benefits=snap&${near(999)}`)).toEqual(['Georgetown Homestead', 'Louisville Homestead']);
  expect(await listed(`benefits=coupons&search=Homestead&${near(25)}`)).toEqual(['Frankfort Homestead']);
  expect(await listed('benefits=incentive&search=eggs')).toEqual(NONE);

  // The map: alone (still the map shape), with a category, a radius, a viewport and text.
  expect(await mapped('benefits=snap')).toEqual(['Georgetown Homestead', 'Louisville Homestead']);
  expect(await mapped('benefits=coupons')).toEqual(['Frankfort Homestead']);
  expect(await mapped('benefits=incentive')).toEqual(['Louisville Homestead']);
  expect(await mapped('benefits=snap&category=produce')).toEqual(['Louisville Homestead']);
  expect(await mapped(`benefits=snap&${mapNear(25)}`)).toEqual(['Georgetown Homestead']);
  expect(await mapped(`benefits=incentive&${mapNear(25)}`)).toEqual(NONE);
  const viewport = 'bbox=-86,37.5,-84,38.5&zoom=16';
  expect(await mapped(`${viewport}&benefits=snap`)).toEqual(['Georgetown Homestead', 'Louisville Homestead']);
  expect(await mapped(`${viewport}&benefits=coupons&${mapNear(25)}`)).toEqual(['Frankfort Homestead']);
  expect(await mapped('view=map&search=Homestead&benefits=snap')).toEqual(['Georgetown Homestead', 'Louisville Homestead']);
  expect(await inViewport('')).toBe(4);
  expect(await inViewport('benefits=snap')).toBe(2);
  expect(await inViewport('benefits=coupons')).toBe(1);
  expect(await inViewport('benefits=incentive&category=honey')).toBe(1);
}

describe('the benefits filter of search', () => {
  it('reads each farm’s timeline from the benefits policy: WIC and the incentive it earns end with the authorisation', () => {
    const row = {
      producerUserId: 1,
      fnsNumber: '1234567',
      snapStatus: 'pending',
      snapNote: null,
      snapReviewedAt: null,
      snapReviewedBy: null,
      wicFmnpAccepted: true,
      wicFmnpExpiresOn: '2030-06-06',
      seniorFmnpAccepted: false,
      seniorFmnpExpiresOn: null,
      incentiveMarket: 'Lexington Farmers Market',
      createdAt: new Date(WEDNESDAY_NOON),
      updatedAt: new Date(WEDNESDAY_NOON),
    } satisfies BenefitsRow;
    const atMarket = [{ incentive: KENTUCKY_DOUBLE_DOLLARS, market: 'Lexington Farmers Market' }];
    const timeline = benefitTimeline(row, 'KY', atMarket);
    // WIC (2) and the incentive (8) through 6 June, nothing from the 7th; with no place a market, no incentive.
    expect([maskOn(timeline, dayNumber('2000-01-01')), maskOn(timeline, dayNumber('2030-06-06'))]).toEqual([10, 10]);
    expect(maskOn(timeline, dayNumber('2030-06-07'))).toBe(0);
    expect(maskOn(benefitTimeline(row, 'KY', []), dayNumber('2030-06-06'))).toBe(2);
    expect(benefitTimeline(undefined, 'KY', atMarket)).toEqual({ first: 0, days: [], masks: [] });
  });

  it('keeps only the farms taking the benefit today, on every surface, from the changed farms and from a fresh index', async () => {
    // The farms were written after the index loaded: the index answers for them from its overlay.
    await expectTheFifthOfJune();
    // Loaded afresh, the same farms are in its base.
    stopListingIndex(app.ctx);
    startListingIndex(app.ctx, { warn: () => undefined });
    await listingIndexLoaded(app.ctx);
    await expectTheFifthOfJune();
  }, 120_000);

  it('shows a farm once an admin verifies its number, without a restart, and drops its coupons when they end', async () => {
    expect(await productNames('benefits=snap')).not.toContain('Frankfort Eggs');
    await verifySnap(farms.frankfort);
    await listingIndexCaughtUp(app.ctx);
    expect(await productNames('benefits=snap')).toEqual(all(GEORGETOWN, FRANKFORT, LOUISVILLE));
    expect(await listed(`benefits=snap&${near(25)}`)).toEqual(['Frankfort Homestead', 'Georgetown Homestead']);
    await vi.waitFor(async () => {
      await pollSearchChanges(app.ctx);
      expect(await mapped('benefits=snap')).toEqual(['Frankfort Homestead', 'Georgetown Homestead', 'Louisville Homestead']);
    }, untilTheFeedHasIt);

    // Thursday 6 June: the WIC authorisation's last day.
    clock += 24 * 3_600_000;
    expect(await productNames('benefits=coupons')).toEqual(FRANKFORT);
    expect(await mapped(`benefits=coupons&${mapNear(25)}`)).toEqual(['Frankfort Homestead']);
    expect(await inViewport('benefits=coupons')).toBe(1);
    // Friday 7 June: ended, with no write at all; SNAP stays.
    clock += 24 * 3_600_000;
    expect(await productNames('benefits=coupons')).toEqual(NONE);
    expect(await productNames('benefits=coupons&search=tomatoes')).toEqual(NONE);
    expect(await productNames(`benefits=coupons&${near(25)}`)).toEqual(NONE);
    expect(await listed('benefits=coupons')).toEqual(NONE);
    expect(await mapped('benefits=coupons')).toEqual(NONE);
    expect(await mapped('bbox=-86,37.5,-84,38.5&zoom=16&benefits=coupons')).toEqual(NONE);
    expect(await inViewport('benefits=coupons')).toBe(0);
    expect(await inViewport('benefits=snap')).toBe(3);
    expect(await productNames('benefits=snap&category=produce')).toEqual(['Frankfort Tomatoes', 'Louisville Tomatoes']);

    // A fresh index reads the same, and the same farm again on a day the authorisation ran.
    stopListingIndex(app.ctx);
    startListingIndex(app.ctx, { warn: () => undefined });
    await listingIndexLoaded(app.ctx);
    expect(await productNames('benefits=coupons')).toEqual(NONE);
    expect(await listed('benefits=coupons')).toEqual(NONE);
    clock = WEDNESDAY_NOON;
    expect(await productNames('benefits=coupons')).toEqual(FRANKFORT);
    expect(await listed(`benefits=coupons&${near(25)}`)).toEqual(['Frankfort Homestead']);
    expect(await mapped('benefits=coupons')).toEqual(['Frankfort Homestead']);
  }, 120_000);

  it('follows an admin switching the state’s incentive off and on, without a restart', async () => {
    clock = WEDNESDAY_NOON;
    const kdd = (active: boolean) => ({
      ...KENTUCKY_DOUBLE_DOLLARS,
      sources: [{ title: 'Kentucky Double Dollars', url: 'https://kentuckydoubledollars.org/using-kdd/' }],
      active,
    });
    const { id: _id, ...off } = kdd(false);
    expect((await send('PUT', '/api/admin/benefits/incentives/ky_double_dollars', admin, off)).statusCode).toBe(200);
    await listingIndexCaughtUp(app.ctx);
    expect(await productNames('benefits=incentive')).toEqual(NONE);
    expect(await listed('benefits=incentive')).toEqual(NONE);
    await vi.waitFor(async () => {
      await pollSearchChanges(app.ctx);
      expect(await mapped('benefits=incentive')).toEqual(NONE);
    }, untilTheFeedHasIt);

    const { id: _same, ...on } = kdd(true);
    expect((await send('PUT', '/api/admin/benefits/incentives/ky_double_dollars', admin, on)).statusCode).toBe(200);
    await listingIndexCaughtUp(app.ctx);
    expect(await productNames('benefits=incentive')).toEqual(LOUISVILLE);
    await vi.waitFor(async () => {
      await pollSearchChanges(app.ctx);
      expect(await mapped('benefits=incentive')).toEqual(['Louisville Homestead']);
    }, untilTheFeedHasIt);
  }, 120_000);

  it('finds a farm under Double Dollars only while one of its active pickup places is a participating market', async () => {
    clock = WEDNESDAY_NOON;
    // Georgetown's farm stand becomes its market place: the farm takes the match there, without a restart.
    const market = marketPoint({ kind: 'market', name: 'Georgetown market', incentive_market: 'Georgetown Farmers Market' });
    expect((await send('PUT', `/api/pickup/mine/points/${stand}`, farms.georgetown, market)).statusCode).toBe(200);
    await listingIndexCaughtUp(app.ctx);
    expect(await productNames('benefits=incentive')).toEqual(all(GEORGETOWN, LOUISVILLE));
    expect(await listed(`benefits=incentive&${near(25)}`)).toEqual(['Georgetown Homestead']);
    await vi.waitFor(async () => {
      await pollSearchChanges(app.ctx);
      expect(await mapped('benefits=incentive')).toEqual(['Georgetown Homestead', 'Louisville Homestead']);
    }, untilTheFeedHasIt);

    // The place removed, no active place is a market: the farm drops out again, SNAP stays.
    expect((await send('DELETE', `/api/pickup/mine/points/${stand}`, farms.georgetown)).statusCode).toBe(200);
    await listingIndexCaughtUp(app.ctx);
    expect(await productNames('benefits=incentive')).toEqual(LOUISVILLE);
    expect(await productNames(`benefits=snap&${near(25)}`)).toContain('Georgetown Eggs');
    await vi.waitFor(async () => {
      await pollSearchChanges(app.ctx);
      expect(await mapped('benefits=incentive')).toEqual(['Louisville Homestead']);
    }, untilTheFeedHasIt);
  }, 120_000);

  it('refuses a value it does not know with a message that names the ones it does', async () => {
    for (const url of [
      '/api/search/products?benefits=ebt',
      '/api/search/producers?benefits=wic',
      '/api/search/producers?view=list&benefits=SNAP',
    ]) {
      const response = await send('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain(
        'Benefits must be one of: snap (takes SNAP), coupons (takes WIC or Senior FMNP coupons), incentive',
      );
    }
    // Empty is no filter, as for every other parameter.
    expect(await productNames('benefits=')).toHaveLength(6);
  });
});

/**
 * Every path of the index with the filter, base and overlay (bits of common words, postings of rare
 * ones, counts per cell, rings, sorts, pages), without a database: a filter only takes answers
 * away, so the filtered answer is the unfiltered one without the farms not taking the benefit.
 */
describe('the benefits filter in the listing index', () => {
  const WORDS = ['honey', 'bread', 'eggs', 'jam', 'cheese'];
  const CATEGORIES = ['honey', 'bread', 'eggs', 'jellies', 'dairy'];
  const NOW = Date.UTC(2026, 10, 23);
  const CHANGE_DAY = dayNumber('2030-06-07');
  const random = createRandom(516);
  const timelineOf = (): BenefitTimeline =>
    random.chance(0.2)
      ? { first: 0, days: [], masks: [] }
      : random.chance(0.5)
        ? { first: random.int(0, 15), days: [], masks: [] }
        : { first: random.int(0, 15), days: [CHANGE_DAY], masks: [random.int(0, 15)] };
  const towns = Array.from({ length: 8 }, () => ({ latitude: 37 + random.next() * 2, longitude: -86 + random.next() * 3 }));
  const producerOf = (id: number): ProducerData => {
    const town = towns[id % towns.length];
    const placeless = id % 53 === 0;
    return {
      producerId: id,
      latitude: placeless ? null : town.latitude + (random.next() - 0.5) * 0.4,
      longitude: placeless ? null : town.longitude + (random.next() - 0.5) * 0.4,
      visibleUntil: id % 17 === 0 ? NOW - 1 : Number.POSITIVE_INFINITY,
      farmLexemes: [`farm${id % 7}`],
      farmName: `Farm ${id}`,
      farmLower: `farm ${id}`,
      verified: id % 3 === 0,
      userId: 10_000 + id,
      city: 'Town',
      state: 'KY',
      deliveryAvailable: false,
      deliveryRadius: null,
      // Some farms never saved their benefits: no timeline.
      benefits: id % 11 === 0 ? undefined : timelineOf(),
    };
  };
  let productId = 100_000;
  const listingsOf = (producer: ProducerData, count: number): ListingData[] =>
    Array.from({ length: count }, (_, k) => {
      const word = WORDS[(producer.producerId + k) % WORDS.length];
      const rare = (producer.producerId * 7 + k) % 97 === 0;
      return {
        productId: productId--,
        producerId: producer.producerId,
        name: word,
        category: CATEGORIES[(producer.producerId + 2 * k) % CATEGORIES.length],
        availability: k % 4 === 0 ? 'sold_out' : 'available',
        nameLexemes: k % 2 === 0 ? [word, ...(rare ? ['smoked'] : [])] : [],
        docLexemes: [word, k % 5 === 0 ? 'special' : 'plain', `farm${producer.producerId % 7}`, ...(rare ? ['smoked'] : [])],
        display: { ...PLAIN_DISPLAY, price: 1 + ((producer.producerId * 13 + k) % 17) },
      };
    });
  const producers = Array.from({ length: 500 }, (_, i) => producerOf(i + 1));
  const listings = producers.flatMap((producer) => listingsOf(producer, 6));
  const index = indexOf(producers, listings, [...WORDS, 'special', 'plain', 'farm3', 'smoked']);
  // Farms written since the build: the overlay answers for them, with timelines of their own.
  const current = new Map(producers.map((producer) => [producer.producerId, producer]));
  const farmOf = new Map(listings.map((listing) => [listing.productId, listing.producerId]));
  const changed = [3, 40, 41, 77, 150, 151, 152, 300, 499].map((id) => producerOf(id));
  index.applyProducers(
    changed.map((producer) => {
      const own = listingsOf(producer, 4);
      for (const listing of own) farmOf.set(listing.productId, producer.producerId);
      current.set(producer.producerId, producer);
      return { producerId: producer.producerId, producer, listings: own };
    }),
  );
  const takes = (producerId: number, wanted: BenefitsWanted) => {
    const timeline = current.get(producerId)?.benefits;
    return timeline !== undefined && (maskOn(timeline, wanted.day) & wanted.bits) !== 0;
  };

  const TEXTS: (string[][] | null)[] = [
    null,
    [['honey']],
    [['smoked']],
    [['cheese', 'jam']],
    [['bread'], ['special']],
    [['eggs'], ['farm3']],
  ];
  const queries = function* (): Generator<Omit<IndexQuery, 'now' | 'benefits'>> {
    for (let trial = 0; trial < 160; trial++) {
      const centred = trial % 4 !== 0;
      yield {
        groups: TEXTS[trial % TEXTS.length],
        category: trial % 4 === 1 ? CATEGORIES[trial % CATEGORIES.length] : undefined,
        availability: trial % 7 === 2 ? 'available' : undefined,
        area: centred
          ? {
              center: { latitude: 36.8 + random.next() * 2.4, longitude: -86.2 + random.next() * 3.4 },
              radiusMiles: [5, 25, 60, 150, null][trial % 5],
            }
          : undefined,
        sort: trial % 9 === 4 ? 'price' : trial % 9 === 5 ? 'newest' : trial % 9 === 6 && centred ? 'distance' : undefined,
        offset: [0, 0, 5, 20][trial % 4],
        limit: [20, 7, 20, 50][trial % 4],
      };
    }
  };

  it('answers every product search as the unfiltered answer without the farms not taking the benefit', () => {
    const mismatches: string[] = [];
    for (const day of [CHANGE_DAY - 1, CHANGE_DAY, CHANGE_DAY - 1]) {
      for (const query of queries()) {
        const bits = random.pick([1, 6, 8, 15]);
        const wanted = { bits, day };
        const full = index.search({ ...query, offset: 0, limit: 100_000, now: NOW });
        const kept = full.page.filter(({ id }) => takes(farmOf.get(id) as number, wanted));
        const expected = { page: kept.slice(query.offset, query.offset + query.limit), total: kept.length };
        const actual = index.search({ ...query, benefits: wanted, now: NOW });
        if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(JSON.stringify({ query, wanted }));
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers every producer list as the unfiltered list without the farms not taking the benefit', () => {
    const mismatches: string[] = [];
    for (const day of [CHANGE_DAY, CHANGE_DAY - 1]) {
      for (const query of queries()) {
        const bits = random.pick([1, 6, 8, 15]);
        const wanted = { bits, day };
        const text = query.groups ? query.groups.map((group) => group[0]).join(' ') : undefined;
        const list: ProducerQuery = {
          text,
          groups: query.groups ?? [],
          category: query.category,
          verifiedOnly: query.offset === 5,
          area: query.area,
          requireCoordinates: query.limit === 7,
          limit: query.limit,
          offset: query.offset,
          now: NOW,
        };
        const full = index.searchProducers({ ...list, limit: null, offset: 0 });
        const kept = full.page.filter(({ producerId }) => takes(producerId, wanted));
        const expected = { page: kept.slice(list.offset, list.offset + (list.limit as number)), total: kept.length };
        const actual = index.searchProducers({ ...list, benefits: wanted });
        if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(JSON.stringify({ list, wanted }));
      }
    }
    expect(mismatches).toEqual([]);
  });
});
