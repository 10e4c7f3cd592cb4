import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { MAX_AGE_MS } from './product-search-cache';

const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const SEARCH = `/api/search/products?search=cider&latitude=${LEXINGTON.latitude}&longitude=${LEXINGTON.longitude}&radius=25`;

let app: TestApp;
let orchard: TestProducer;

const names = async (url = SEARCH) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return (response.json().products as { name: string }[]).map((p) => p.name).sort();
};

beforeAll(async () => {
  app = await buildTestApp();
  orchard = await buildProducer(app, { farmName: 'Bluegrass Orchard', ...LEXINGTON });
  await buildProduct(app, orchard, { name: 'Apple Cider', category: 'other' });
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => app.closeAll());

describe('product search result cache', () => {
  it('answers a repeated query with the same body', async () => {
    const first = await app.inject({ method: 'GET', url: SEARCH });
    const second = await app.inject({ method: 'GET', url: SEARCH });
    expect(second.body).toBe(first.body);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.json()).toMatchObject({ total: 1, products: [{ name: 'Apple Cider', farm_name: 'Bluegrass Orchard' }] });
  });

  it('shows a new product and hides a suspended producer at once (writes bump the catalogue version)', async () => {
    expect(await names()).toEqual(['Apple Cider']);
    await buildProduct(app, orchard, { name: 'Pear Cider', category: 'other' });
    expect(await names()).toEqual(['Apple Cider', 'Pear Cider']);
    await setUserStatus(app, orchard.id, 'suspended');
    expect(await names()).toEqual([]);
    await setUserStatus(app, orchard.id, 'active');
    expect(await names()).toEqual(['Apple Cider', 'Pear Cider']);
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
