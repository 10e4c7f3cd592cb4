import { toCentsOrNull } from '@farmstand/shared/format/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { producers, products } from '../../../db/schema';
import { setUserStatus } from '../../../test/factories';
import { goldenAnswers } from '../../../test/golden/golden-answers';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../../test/listing-factories';
import { buildTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { listingIndexCaughtUp, listingIndexLoaded } from './listing-index.service';

/**
 * The in-memory listing index (decisions 125, 460) answers every product search byte for byte as
 * the SQL ranking did when it was the reference (the golden file, golden/product-search.json) — same
 * rows, order, distances, totals — on both engines: from the base built at start, and from the
 * overlay after writes reported by the change feed.
 */
const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const PLACES = [
  { latitude: 38.06, longitude: -84.5 },
  { latitude: 38.2098, longitude: -84.5588 },
  { latitude: 38.2527, longitude: -85.7585 }, // Louisville, ~60 mi
  { latitude: 36.1627, longitude: -86.7816 }, // Nashville, ~200 mi
  { latitude: 38.06, longitude: -84.5 }, // the same place as the first: ties by distance
];
const WORDS = [
  'Honey',
  'Sourdough',
  'Tomatoes',
  'Eggs',
  'Jam',
  'Wildflower',
  'Goat Cheese',
  'Apple Butter',
  'Crème Fraîche',
  'Jalapeños',
];
const CATEGORIES = ['honey', 'bread', 'produce', 'eggs', 'jellies', 'honey', 'dairy', 'jellies', 'dairy', 'produce'] as const;
const AVAILABILITY = ['available', 'pre_order', 'seasonal', 'sold_out'] as const;
/** Ties and a missing price, for the price order. */
const PRICES = [4.5, 12, null, 4.5, 8.25, 30] as const;

const QUERIES = [
  '',
  'limit=5&offset=3',
  'category=honey',
  'availability=pre_order',
  'category=jellies&availability=available',
  'search=honey',
  'search=honey&category=honey',
  'search=sourdogh',
  'search=tomatos',
  'search=wildflowr%20honey',
  'search=goat%20cheese',
  'search=the',
  'search=valley',
  'search=apple&offset=2&limit=3',
  'search=zzzqqq',
  // Accented words are stemmed as PostgreSQL stems them (decision 310).
  `search=${encodeURIComponent('fraîche')}`,
  `search=${encodeURIComponent('Crème Fraîches')}`,
  `search=${encodeURIComponent('jalapeño')}`,
  `search=${encodeURIComponent('jalapeño')}&category=produce`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=5`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=25`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=100&category=eggs`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&offset=7&limit=4`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=25&search=honey`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&search=jam`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&search=honey&limit=3`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&search=special&limit=2&offset=1`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=100&limit=2&offset=2`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=100&search=eggs&availability=available`,
  // The other orders (product-order.ts): price (none last), distance (unmapped last), newest.
  'sort=price',
  'sort=price&category=honey&offset=2&limit=3',
  'sort=price&search=special&limit=4&offset=2',
  'sort=newest&search=honey',
  'sort=newest&availability=available',
  'sort=relevance&search=honey',
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=25&sort=distance`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&sort=distance&offset=30&limit=20`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=100&sort=price&search=eggs`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&sort=newest&category=jellies`,
  `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999&sort=price&search=jam`,
];

/** Writes the catalogue; its own index is not asked. */
let writer: TestApp;
let indexApp: TestApp;
let farms: TestProducer[];

type Answer = {
  status: number;
  /** The bytes sent: the index writes its JSON itself (decision 260), byte for byte as the schema's serialiser. */
  raw: string;
  body: { products: { id: number; distance: number | null }[]; total: number };
};
const ask = async (app: TestApp, query: string): Promise<Answer> => {
  const response = await app.inject({ method: 'GET', url: `/api/search/products?${query}` });
  return { status: response.statusCode, raw: response.body, body: response.json() };
};

/** Every query answered by the index equals the golden answer of this step, byte for byte. */
const golden = goldenAnswers('product-search');

async function expectParity(step: string) {
  for (const query of QUERIES) {
    const answer = await ask(indexApp, query);
    expect(answer.status, query).toBe(200);
    golden.check(step, query, answer.raw);
  }
}

beforeAll(async () => {
  writer = await buildTestApp();
  farms = [];
  for (const [i, place] of PLACES.entries()) {
    farms.push(await buildProducer(writer, { farmName: i === 1 ? 'Honey Valley Farm' : `Ridge ${i} Farm`, ...place }));
  }
  farms.push(await buildProducer(writer, { farmName: 'Unmapped Jam Kitchen', latitude: null, longitude: null }));
  let n = 0;
  for (const farm of farms) {
    for (const [w, word] of WORDS.entries()) {
      if ((w + farm.producerId) % 3 === 0) continue;
      await buildProduct(writer, farm, {
        name: `${word} ${n % 2 ? 'Classic' : 'Special'}`,
        category: CATEGORIES[w],
        availability: AVAILABILITY[n % AVAILABILITY.length],
        priceCents: toCentsOrNull(PRICES[n % PRICES.length]),
        description: n % 4 === 0 ? 'Made with local honey and apples' : 'Small batch',
      });
      n++;
    }
  }
  // Built after the data: the index's base holds every listing.
  const app = await buildApp({
    config: testConfig(),
    database: writer.ctx.database,
    logger: false,
    rateLimitPerMinute: 100_000,
  });
  await app.ready();
  indexApp = Object.assign(app, { closeAll: () => app.close() }) as TestApp;
  expect(await listingIndexLoaded(indexApp.ctx)).not.toBeNull();
});

afterAll(async () => {
  golden.save();
  await indexApp?.closeAll();
  await writer?.closeAll();
});

describe('the listing index', () => {
  it('answers every search shape as the golden answers, from its base', async () => {
    await expectParity('base');
    // A farm without coordinates has no distance (SQL once said 12,436.82 mi: least() skips nulls).
    const anyDistance = await ask(
      indexApp,
      `search=kitchen&latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=999`,
    );
    expect(anyDistance.body.products.length).toBeGreaterThan(0);
    expect(anyDistance.body.products.every((product) => product.distance === null)).toBe(true);
  });

  it('stays exact after writes, which the change feed brings into its overlay', async () => {
    const [near, , , , , unmapped] = farms;
    await buildProduct(writer, near, { name: 'Newest Honey Comb', category: 'honey' });
    const [old] = await writer.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.producerId, near.producerId))
      .limit(1);
    await writer.ctx.db.update(products).set({ category: 'bread', name: 'Renamed Sourdough' }).where(eq(products.id, old.id));
    await writer.ctx.db.update(producers).set({ farmName: 'Wildflower Hollow' }).where(eq(producers.id, farms[2].producerId));
    await writer.ctx.db.update(producers).set({ latitude: 38.1, longitude: -84.4 }).where(eq(producers.id, unmapped.producerId));
    // What a result shows but does not rank by (decision 260): the index keeps it, fresh from the feed.
    const [shown] = await writer.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.producerId, farms[1].producerId))
      .limit(1);
    await writer.ctx.db
      .update(products)
      .set({
        priceCents: 725,
        priceUnit: 'jar "large"',
        description: 'Now with a \\ backslash, "quotes" and ünïcode',
        stockQuantity: 3,
        primaryImageUrl: '/uploads/new.webp',
        seasonalStart: '2026-05-01',
        seasonalEnd: '2026-09-30',
        originState: 'IN',
      })
      .where(eq(products.id, shown.id));
    await writer.ctx.db
      .update(producers)
      .set({ deliveryAvailable: true, deliveryRadius: 12, city: 'Paris', verificationStatus: 'approved' })
      .where(eq(producers.id, farms[1].producerId));
    await setUserStatus(writer, farms[3].id, 'suspended');
    await setSubscription(writer, farms[4].id, { status: 'canceled' });
    await listingIndexCaughtUp(indexApp.ctx);
    expect((await ask(indexApp, 'search=comb')).body.products).toHaveLength(1);
    await expectParity('after writes');
  });

  it('hides a producer whose trial runs out by the clock, with no write', async () => {
    // The trial's end passes on the app's clock alone, which stands still meanwhile.
    const clock = indexApp.ctx.clock;
    let now = Date.now();
    indexApp.ctx.clock = { now: () => new Date(now) };
    try {
      await setSubscription(writer, farms[0].id, { status: 'trialing', trialEndsAt: new Date(now + 1500) });
      await listingIndexCaughtUp(indexApp.ctx);
      const before = (await ask(indexApp, 'search=honey')).body.total;
      now += 1600;
      expect((await ask(indexApp, 'search=honey')).body.total).toBeLessThan(before);
      await expectParity('after the trial ran out');
    } finally {
      indexApp.ctx.clock = clock;
    }
  });
});
