import { haversineMiles } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundingBox } from '../../lib/geo';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Real towns: the search centre is Lexington, KY.
const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const TOWNS = {
  georgetown: { latitude: 38.2098, longitude: -84.5588 }, // ~12 mi north
  frankfort: { latitude: 38.2009, longitude: -84.8733 }, // ~23 mi north-west
  louisville: { latitude: 38.2527, longitude: -85.7585 }, // ~70 mi west
  nashville: { latitude: 36.1627, longitude: -86.7816 }, // ~180 mi south-west
};
const miles = (town: { latitude: number; longitude: number }) =>
  haversineMiles(LEXINGTON.latitude, LEXINGTON.longitude, town.latitude, town.longitude);

let app: TestApp;
const farms: Record<keyof typeof TOWNS, TestProducer> = {} as never;

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};
const near = (extra = '') => `latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}${extra}`;

beforeAll(async () => {
  app = await buildTestApp();
  for (const [town, point] of Object.entries(TOWNS) as [keyof typeof TOWNS, (typeof TOWNS)['georgetown']][]) {
    farms[town] = await buildProducer(app, {
      farmName: `${town[0].toUpperCase()}${town.slice(1)} Homestead`,
      ...point,
      verified: town === 'georgetown' || town === 'louisville',
    });
  }
  await buildProduct(app, farms.georgetown, {
    name: 'Sourdough Bread',
    category: 'bread',
    description: 'Naturally leavened loaf',
    priceCents: 800,
  });
  await buildProduct(app, farms.frankfort, { name: 'Sourdough Starter', category: 'bread', priceCents: 1200 });
  await buildProduct(app, farms.louisville, { name: 'Wildflower Honey', category: 'honey', priceCents: 450 });
  await buildProduct(app, farms.nashville, {
    name: 'Pasture Eggs',
    category: 'eggs',
    availability: 'pre_order',
    priceCents: 500,
  });
});
afterAll(async () => app.closeAll());

describe('GET /api/search/products', () => {
  it('filters by radius against hand-computed great-circle distances, nearest first', async () => {
    const { status, body } = await get(`/api/search/products?${near('&radius=25')}`);
    expect(status).toBe(200);
    expect(body.products.map((p: { farm_name: string }) => p.farm_name)).toEqual(['Georgetown Homestead', 'Frankfort Homestead']);
    expect(body.products[0].distance).toBeCloseTo(miles(TOWNS.georgetown), 1);
    expect(body.products[1].distance).toBeCloseTo(miles(TOWNS.frankfort), 1);
    expect(miles(TOWNS.louisville)).toBeGreaterThan(25);

    const wider = await get(`/api/search/products?${near('&radius=100')}`);
    expect(wider.body.total).toBe(3);
    const anywhere = await get(`/api/search/products?${near('&radius=999')}`);
    expect(anywhere.body.total).toBe(4);
    expect(anywhere.body.products.at(-1).farm_name).toBe('Nashville Homestead');
  });

  it('uses the fixed 50-mile radius when a location is set without one', async () => {
    const { body } = await get(`/api/search/products?${near()}`);
    expect(body.total).toBe(2);
  });

  it('finds sourdough through a typo and ranks it above weaker matches', async () => {
    const { body } = await get('/api/search/products?search=sourdogh');
    expect(body.products.map((p: { name: string }) => p.name).sort()).toEqual(['Sourdough Bread', 'Sourdough Starter']);
    const honey = await get('/api/search/products?search=hony');
    expect(honey.body.products.map((p: { name: string }) => p.name)).toEqual(['Wildflower Honey']);
    const byFarm = await get('/api/search/products?search=Nashvile%20Homestead');
    expect(byFarm.body.products.map((p: { name: string }) => p.name)).toEqual(['Pasture Eggs']);
  });

  it('ignores empty values and filters category and availability', async () => {
    const all = await get('/api/search/products?search=&category=&availability=&latitude=&longitude=&radius=');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect((await get('/api/search/products?category=bread')).body.total).toBe(2);
    expect((await get('/api/search/products?availability=pre_order')).body.products[0].name).toBe('Pasture Eggs');
    expect((await get('/api/search/products?category=spaceships')).status).toBe(400);
    expect((await get('/api/search/products?latitude=200&longitude=0')).status).toBe(400);
  });

  it('pages with limit and offset and keeps the total', async () => {
    const first = await get('/api/search/products?limit=3&offset=0');
    const second = await get('/api/search/products?limit=3&offset=3');
    const past = await get('/api/search/products?limit=3&offset=30');
    expect([first.body.total, second.body.total, past.body.total]).toEqual([4, 4, 4]);
    expect(first.body.products).toHaveLength(3);
    expect(second.body.products).toHaveLength(1);
    expect(past.body.products).toHaveLength(0);
    const ids = [...first.body.products, ...second.body.products].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('orders by price, distance or newest when asked, with the same total', async () => {
    const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);
    const byPrice = await get('/api/search/products?sort=price');
    expect(names(byPrice.body)).toEqual(['Wildflower Honey', 'Pasture Eggs', 'Sourdough Bread', 'Sourdough Starter']);
    expect(byPrice.body.total).toBe(4);
    const nearest = await get(`/api/search/products?${near('&radius=999&sort=distance')}`);
    expect(names(nearest.body)).toEqual(['Sourdough Bread', 'Sourdough Starter', 'Wildflower Honey', 'Pasture Eggs']);
    const newest = await get('/api/search/products?sort=newest');
    const ids = newest.body.products.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const cheapNearby = await get(`/api/search/products?${near('&radius=100&sort=price&limit=2')}`);
    expect(names(cheapNearby.body)).toEqual(['Wildflower Honey', 'Sourdough Bread']);
    expect(cheapNearby.body.total).toBe(3);
    expect(cheapNearby.body.products[0].distance).toBeCloseTo(miles(TOWNS.louisville), 1);
  });

  it('refuses an unknown sort, and a distance sort without a location, saying what to send', async () => {
    const unknown = await get('/api/search/products?sort=cheapest');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('relevance, price, distance, newest');
    const nowhere = await get('/api/search/products?sort=distance');
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toContain('Sorting by distance needs a location');
    expect((await get(`/api/search/products?${near('&sort=distance')}`)).status).toBe(200);
  });

  it('geocodes a typed location (ZIP code) as the centre', async () => {
    const { body } = await get('/api/search/products?location=40324&radius=5');
    expect(body.products.map((p: { farm_name: string }) => p.farm_name)).toEqual(['Georgetown Homestead']);
  });

  it('hides lapsed, suspended, deleted and removed listings', async () => {
    const lapsed = await buildProducer(app, { farmName: 'Lapsed Trial Farm', ...TOWNS.georgetown });
    await buildProduct(app, lapsed, { name: 'Lapsed Jam', category: 'jellies' });
    await setSubscription(app, lapsed.id, { status: 'trialing', trialEndsAt: new Date(Date.now() - 1000) });
    const suspended = await buildProducer(app, { farmName: 'Suspended Farm', ...TOWNS.georgetown });
    await buildProduct(app, suspended, { name: 'Suspended Jam', category: 'jellies' });
    await setUserStatus(app, suspended.id, 'suspended');
    const cancelled = await buildProducer(app, { farmName: 'Cancelled Farm', ...TOWNS.georgetown });
    await buildProduct(app, cancelled, { name: 'Cancelled Jam', category: 'jellies' });
    await setSubscription(app, cancelled.id, {
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(Date.now() - 1000),
    });
    const paying = await buildProducer(app, { farmName: 'Paying Farm', ...TOWNS.georgetown });
    await buildProduct(app, paying, { name: 'Paid Jam', category: 'jellies' });
    await buildProduct(app, paying, { name: 'Deleted Jam', category: 'jellies', active: false });
    await buildProduct(app, paying, { name: 'Removed Jam', category: 'jellies', moderationStatus: 'removed' });
    await setSubscription(app, paying.id, { status: 'active', currentPeriodEnd: new Date(Date.now() + 86_400_000) });

    const { body } = await get('/api/search/products?category=jellies');
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Paid Jam']);
    const producers = await get(`/api/search/producers?${near('&radius=25')}`);
    const names = producers.body.producers.map((p: { farm_name: string }) => p.farm_name);
    expect(names).toContain('Paying Farm');
    expect(names).not.toContain('Lapsed Trial Farm');
    expect(names).not.toContain('Suspended Farm');
    expect(names).not.toContain('Cancelled Farm');
  });
});

describe('GET /api/search/producers', () => {
  it('lists producers within the radius in the list shape, nearest first', async () => {
    const { status, body } = await get(`/api/search/producers?${near('&radius=25')}&search=`);
    expect(status).toBe(200);
    const homesteads = body.producers.filter((p: { farm_name: string }) => p.farm_name.endsWith('Homestead'));
    expect(homesteads.map((p: { user_id: number }) => p.user_id)).toEqual([farms.georgetown.id, farms.frankfort.id]);
    expect(homesteads[0]).toMatchObject({
      city: 'Lexington',
      state: 'KY',
      subscription_status: 'trialing',
      verified: true,
      product_count: 1,
      delivery_available: false,
    });
    expect(homesteads[0].distance).toBeCloseTo(miles(TOWNS.georgetown), 1);
  });

  it('finds a producer by a misspelt farm name or by what it sells', async () => {
    const typo = await get('/api/search/producers?search=Frankfrt%20Homestead&radius=25');
    expect(typo.body.producers[0].farm_name).toBe('Frankfort Homestead');
    const selling = await get('/api/search/producers?search=honey&radius=25');
    expect(selling.body.producers.map((p: { farm_name: string }) => p.farm_name)).toEqual(['Louisville Homestead']);
  });

  it('pages the list with limit and offset and keeps the total past the last page', async () => {
    const all = await get(`/api/search/producers?${near('&radius=999')}&search=homestead`);
    const total = all.body.total as number;
    expect(total).toBeGreaterThan(2);
    const second = await get(`/api/search/producers?${near('&radius=999')}&search=homestead&limit=2&offset=2`);
    expect(second.body.total).toBe(total);
    expect(second.body.producers.map((p: { user_id: number }) => p.user_id)).toEqual(
      all.body.producers.slice(2, 4).map((p: { user_id: number }) => p.user_id),
    );
    // Past the last page no row carries the total: it is still given.
    const past = await get(`/api/search/producers?${near('&radius=999')}&search=homestead&limit=2&offset=50`);
    expect(past.body).toEqual({ producers: [], total });
  });

  it('answers the map in the map shape; verified and category filter it; 999 means any distance', async () => {
    const all = await get('/api/search/producers');
    expect(all.body.producers[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        lat: expect.any(Number),
        lng: expect.any(Number),
        verified: expect.any(Boolean),
      }),
    );
    expect(all.body.producers[0].user_id).toBeUndefined();
    const verified = await get('/api/search/producers?verified=true');
    expect(verified.body.producers.map((p: { farm_name: string }) => p.farm_name).sort()).toEqual([
      'Georgetown Homestead',
      'Louisville Homestead',
    ]);
    const bread = await get('/api/search/producers?category=bread');
    expect(bread.body.producers).toHaveLength(2);
    const close = await get(`/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=50`);
    expect(close.body.producers.map((p: { id: number }) => p.id)).toContain(farms.frankfort.id);
    expect(close.body.producers.map((p: { id: number }) => p.id)).not.toContain(farms.louisville.id);
    const any = await get(`/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=999`);
    expect(any.body.producers.map((p: { id: number }) => p.id)).toContain(farms.nashville.id);
  });

  it('leaves producers without coordinates off the map but keeps them in the list', async () => {
    const nowhere = await buildProducer(app, { farmName: 'Unmapped Farm', latitude: null, longitude: null });
    const map = await get('/api/search/producers?view=map');
    expect(map.body.producers.map((p: { id: number }) => p.id)).not.toContain(nowhere.id);
    const list = await get('/api/search/producers?search=Unmapped');
    expect(list.body.producers.map((p: { user_id: number }) => p.user_id)).toEqual([nowhere.id]);
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests products, producers and categories', async () => {
    const { body } = await get('/api/search/suggestions?q=sourd');
    expect(body.products.map((p: { name: string }) => p.name).sort()).toEqual(['Sourdough Bread', 'Sourdough Starter']);
    const farm = await get('/api/search/suggestions?q=george');
    expect(farm.body.producers[0].farm_name).toBe('Georgetown Homestead');
    const category = await get('/api/search/suggestions?q=baked');
    expect(category.body.categories).toEqual([{ value: 'baked_goods', label: 'Baked Goods' }]);
    expect((await get('/api/search/suggestions?q=')).body).toEqual({ products: [], producers: [], categories: [] });
  });
});

describe('boundingBox', () => {
  it('holds every point of the circle', () => {
    const box = boundingBox(LEXINGTON, 25);
    if (!box) throw new Error('expected a box');
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 24.99 miles away along the bearing must fall inside the box.
      const d = 24.99 / 3958.7613;
      const b = (bearing * Math.PI) / 180;
      const lat1 = (LEXINGTON.latitude * Math.PI) / 180;
      const lng1 = (LEXINGTON.longitude * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      const point = { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(point.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(point.lng).toBeLessThanOrEqual(box.maxLng);
    }
  });
});
