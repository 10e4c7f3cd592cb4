import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';
import { products } from '../../db/schema';
import { setUserStatus } from '../../test/factories';
import { withDatabase } from '../../test/global-setup';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp, testConfig } from '../../test/test-app';
import { listingIndexLoaded } from './listing-index/listing-index.service';

const redisUrl = process.env.REDIS_URL;
const onPostgres = process.env.TEST_DB_ENGINE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** Issue 9 item 3: a write on one instance shows in search, on the map and on the product page of every instance within 1 s. */
const withinOneSecond = { timeout: 1000, interval: 50 };
const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };

/**
 * Two instances sharing one PostgreSQL database (and Redis, as deployed). Instance A writes (the way
 * any module does: straight to the tables, so the database triggers are what keeps search fresh),
 * instance B must show it within a second everywhere a shopper looks. B is warmed first so every
 * in-memory answer (map index, listing index, product page guest cache) exists before the write.
 */
describe.runIf(onPostgres)('search freshness across two instances (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let farm: TestProducer;
  let productId: number;

  const onB = async (url: string) => (await b.inject({ method: 'GET', url })).json();
  const productNamesOnB = async (query: string) =>
    ((await onB(`/api/search/products?${query}`)).products as { name: string; price: number }[]).map((p) => p.name);
  const listedFarmsOnB = async (query: string) =>
    ((await onB(`/api/search/producers?${query}`)).producers as { farm_name: string }[]).map((p) => p.farm_name);
  const mapIdsOnB = async () => ((await onB('/api/search/producers')).producers as { id: number }[]).map((p) => p.id);
  const viewportIdsOnB = async () =>
    ((await onB('/api/search/producers?bbox=-85,37.5,-84,38.5&zoom=16')).producers as { id: number }[]).map((p) => p.id);

  beforeAll(async () => {
    a = await buildTestApp({ redisUrl });
    const name = (await a.ctx.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
    const databaseUrl = withDatabase(process.env.TEST_DATABASE_URL as string, name);
    const database = await openPostgres(databaseUrl);
    // Each instance keeps its own listing index (decision 460), fresh from the change feed.
    const config = testConfig({ redisUrl, databaseUrl });
    const appB = await buildApp({ config, database, logger: false, rateLimitPerMinute: 100_000 });
    await appB.ready();
    expect(await listingIndexLoaded(appB.ctx)).not.toBeNull();
    b = Object.assign(appB, {
      closeAll: async () => {
        await appB.close();
        await database.close();
      },
    }) as TestApp;
    farm = await buildProducer(a, { farmName: 'Freshness Farm', ...LEXINGTON });
    productId = await buildProduct(a, farm, { name: 'Quince Butter', category: 'jellies', priceCents: 700 });
    // Warm B: every cache it may keep is filled before the writes below.
    await vi.waitFor(async () => expect(await productNamesOnB('search=quince')).toEqual(['Quince Butter']), withinOneSecond);
    expect(await mapIdsOnB()).toContain(farm.id);
    expect(await viewportIdsOnB()).toContain(farm.id);
    expect((await b.inject({ method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await b?.closeAll();
    await a?.closeAll();
  });

  it('shows a new product on B within a second', async () => {
    await buildProduct(a, farm, { name: 'Medlar Jelly', category: 'jellies', priceCents: 900 });
    await vi.waitFor(async () => {
      expect(await productNamesOnB('search=medlar')).toEqual(['Medlar Jelly']);
      expect(await productNamesOnB('category=jellies')).toContain('Medlar Jelly');
      expect(await listedFarmsOnB('search=medlar')).toEqual(['Freshness Farm']);
    }, withinOneSecond);
  });

  it('shows a price change on B within a second, in search and on the product page', async () => {
    await a.ctx.db.update(products).set({ priceCents: 1100 }).where(eq(products.id, productId));
    await vi.waitFor(async () => {
      const found = (await onB('/api/search/products?search=quince')).products as { price: number }[];
      expect(found[0].price).toBe(11);
      expect((await onB(`/api/products/${productId}`)).product.price).toBe(11);
    }, withinOneSecond);
  });

  it('hides a suspended producer on B within a second: search, map, viewport and product page', async () => {
    await setUserStatus(a, farm.id, 'suspended');
    await vi.waitFor(async () => {
      expect(await productNamesOnB('search=quince')).toEqual([]);
      expect(await listedFarmsOnB('search=quince')).toEqual([]);
      expect(await mapIdsOnB()).not.toContain(farm.id);
      expect(await viewportIdsOnB()).not.toContain(farm.id);
      expect((await b.inject({ method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(404);
    }, withinOneSecond);
    await setUserStatus(a, farm.id, 'active');
    await vi.waitFor(async () => expect(await productNamesOnB('search=quince')).toEqual(['Quince Butter']), withinOneSecond);
  });

  it('hides a producer whose subscription lapsed on B within a second', async () => {
    await setSubscription(a, farm.id, { status: 'past_due' });
    await vi.waitFor(async () => {
      expect(await productNamesOnB('search=quince')).toEqual([]);
      expect(await mapIdsOnB()).not.toContain(farm.id);
      expect((await b.inject({ method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(404);
    }, withinOneSecond);
  });

  it('keeps no global row on the write path (the catalogue-version table is gone)', async () => {
    const table = await a.ctx.db.execute<{ name: string | null }>(
      sql`select to_regclass('search_catalog_version')::text as name`,
    );
    expect(table.rows[0].name).toBeNull();
  });
});
