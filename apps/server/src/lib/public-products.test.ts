import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../db/schema';
import { bearer, buildUser } from '../test/factories';
import { buildProducer, buildProduct, validProduct, validProfile } from '../test/producer-factories';
import { buildTestApp, type TestApp } from '../test/test-app';
import { PUBLIC_PRODUCT_CACHE_BOUNDS, PUBLIC_PRODUCT_TTL_MS, PublicProductCache } from './public-products';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const guestRead = (id: number) => app.inject({ method: 'GET', url: `/api/products/${id}` });

describe('guests’ product page cache', () => {
  it('serves guests the same JSON as the route schema, and signed-in viewers fresh data', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    // The guest's answer is the cache's body, byte for byte. Watched on the cache itself: on a busy
    // machine the entry may expire (2 s) or be forgotten by the change feed before a second read.
    const get = vi.spyOn(app.ctx.publicProducts, 'get');
    const first = await guestRead(id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.json().product).toMatchObject({ id, name: 'Farm Fresh Eggs', producer_email: null, producer_phone: null });
    expect(get).toHaveBeenCalledTimes(1);
    expect(await get.mock.results[0]?.value).toBe(first.body);
    get.mockRestore();
    // A change written behind the API's back is never hidden from signed-in viewers.
    await app.ctx.db.update(products).set({ name: 'Changed directly' }).where(eq(products.id, id));
    const consumer = await buildUser(app);
    const fresh = await app.inject({ method: 'GET', url: `/api/products/${id}`, headers: bearer(consumer) });
    expect(fresh.json().product).toMatchObject({ name: 'Changed directly', producer_email: producer.email });
  });

  it('an update, delete, restore or availability change is visible to the very next guest read', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const write = (method: 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(producer), payload });
    expect((await guestRead(id)).json().product.name).toBe('Farm Fresh Eggs');

    expect((await write('PUT', `/api/products/${id}`, validProduct({ name: 'Duck Eggs' }))).statusCode).toBe(200);
    expect((await guestRead(id)).json().product.name).toBe('Duck Eggs');

    expect((await write('PATCH', `/api/products/${id}/availability`, { availability: 'sold_out' })).statusCode).toBe(200);
    expect((await guestRead(id)).json().product.availability).toBe('sold_out');

    expect((await write('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
    expect((await guestRead(id)).statusCode).toBe(404);

    expect((await write('POST', `/api/products/${id}/restore`)).statusCode).toBe(200);
    expect((await guestRead(id)).statusCode).toBe(200);
  });

  it('a change to the farm profile is visible on the next guest read of its products', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    expect((await guestRead(id)).json().product.farm_name).toBe('Bluegrass Acres');
    const profile = validProfile({ farm_name: 'Renamed Farm' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/producers/me',
      headers: bearer(producer),
      payload: profile,
    });
    expect(put.statusCode).toBe(200);
    expect((await guestRead(id)).json().product.farm_name).toBe('Renamed Farm');
  });

  it('admin moderation and a producer’s suspension are visible to the next guest read', async () => {
    const admin = await buildUser(app, { userType: 'admin' });
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const asAdmin = (method: 'PUT', url: string, payload: object) => app.inject({ method, url, headers: bearer(admin), payload });
    expect((await guestRead(id)).statusCode).toBe(200);
    await asAdmin('PUT', `/api/admin/products/${id}/moderate`, { action: 'remove', reason: 'Mislabelled' });
    expect((await guestRead(id)).statusCode).toBe(404);
    await asAdmin('PUT', `/api/admin/products/${id}/moderate`, { action: 'restore' });
    expect((await guestRead(id)).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/users/${producer.id}/status`, { action: 'suspend' })).statusCode).toBe(200);
    expect((await guestRead(id)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/api/admin/users/${producer.id}/status`, { action: 'activate' })).statusCode).toBe(200);
    expect((await guestRead(id)).statusCode).toBe(200);
  });
});

describe('PublicProductCache', () => {
  it('answers a second read from the cache without loading again', async () => {
    const cache = new PublicProductCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    await cache.get(7, load);
    await cache.get(7, load);
    expect(loads).toBe(1);
  });

  it('does not store what a read saw when a write was forgotten while it ran', async () => {
    const cache = new PublicProductCache();
    let release: () => void = () => undefined;
    const slow = cache.get(1, () => new Promise((resolve) => (release = () => resolve(null))));
    cache.forget(1);
    release();
    expect(await slow).toBeNull();
    let loads = 0;
    await cache.get(1, async () => {
      loads++;
      return null;
    });
    expect(loads).toBe(1);
  });

  it('holds no page past its 2 s: 5,000 products read, then one more after the TTL leaves one page', async () => {
    let now = 1_000_000;
    const cache = new PublicProductCache({ now: () => now });
    // Guests' 404s are kept as pages are (a null body).
    for (let id = 1; id <= 5000; id++) await cache.get(id, async () => null);
    expect(cache.entries.size).toBe(5000);
    now += PUBLIC_PRODUCT_TTL_MS;
    await cache.get(5001, async () => null);
    expect(cache.entries.size).toBe(1);
  });

  it('holds the pages of the last 2 s within its byte budget, whatever guests ask for', async () => {
    const cache = new PublicProductCache();
    // An 11 KB product page, as the product page is (bench, decision 320).
    const body = 'x'.repeat(11 * 1024);
    for (let id = 1; id <= 4000; id++) cache.entries.set(id, body);
    expect(cache.entries.bytes).toBeLessThanOrEqual(PUBLIC_PRODUCT_CACHE_BOUNDS.maxBytes);
    expect(cache.entries.size).toBeLessThan(4000);
  });
});
