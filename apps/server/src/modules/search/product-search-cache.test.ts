import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { MAX_AGE_MS } from './product-search-cache';
import { pollSearchChanges } from './search-changes';

const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const SEARCH = `/api/search/products?search=cider&latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=25`;

let app: TestApp;
let orchard: TestProducer;

const names = async (url = SEARCH) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return (response.json().products as { name: string }[]).map((p) => p.name).sort();
};

const withinASecond = { timeout: 1000, interval: 50 };

beforeAll(async () => {
  // The cache is off unless asked for (decision 120); these tests ask for it.
  process.env.SEARCH_RESULT_CACHE = 'on';
  app = await buildTestApp();
  orchard = await buildProducer(app, { farmName: 'Bluegrass Orchard', ...LEXINGTON });
  await buildProduct(app, orchard, { name: 'Apple Cider', category: 'other' });
  // The feed reports these writes once; settled here, its generation cannot turn the second of two
  // identical requests into a miss (a poll landing between them on a busy machine did).
  await pollSearchChanges(app.ctx);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  delete process.env.SEARCH_RESULT_CACHE;
  await app.closeAll();
});

describe('product search result cache', () => {
  it('answers a repeated query with the same body', async () => {
    const first = await app.inject({ method: 'GET', url: SEARCH });
    const second = await app.inject({ method: 'GET', url: SEARCH });
    expect(second.body).toBe(first.body);
    expect(second.headers['x-search-cache']).toBe('hit');
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.json()).toMatchObject({ total: 1, products: [{ name: 'Apple Cider', farm_name: 'Bluegrass Orchard' }] });
  });

  it('shows a new product and hides a suspended producer within a second (the change feed, decision 121)', async () => {
    expect(await names()).toEqual(['Apple Cider']);
    await buildProduct(app, orchard, { name: 'Pear Cider', category: 'other' });
    await vi.waitFor(async () => expect(await names()).toEqual(['Apple Cider', 'Pear Cider']), withinASecond);
    await setUserStatus(app, orchard.id, 'suspended');
    await vi.waitFor(async () => expect(await names()).toEqual([]), withinASecond);
    await setUserStatus(app, orchard.id, 'active');
    await vi.waitFor(async () => expect(await names()).toEqual(['Apple Cider', 'Pear Cider']), withinASecond);
  });

  it('is off by default: every answer is read fresh', async () => {
    delete process.env.SEARCH_RESULT_CACHE;
    try {
      const response = await app.inject({ method: 'GET', url: SEARCH });
      expect(response.headers['x-search-cache']).toBe('off');
    } finally {
      process.env.SEARCH_RESULT_CACHE = 'on';
    }
  });

  it('hides a producer whose trial ran out by the clock within MAX_AGE_MS', async () => {
    await setSubscription(app, orchard.id, { status: 'trialing', trialEndsAt: new Date(Date.now() + 1000) });
    expect(await names()).toEqual(['Apple Cider', 'Pear Cider']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + MAX_AGE_MS + 1);
    expect(await names()).toEqual([]);
  });
});
