import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { listingIndexLoaded, startListingIndex, stopListingIndex } from '../search/listing-index/listing-index.service';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

describe('health', () => {
  it('GET /api/ping answers without touching the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('GET /api/health reports the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });

  it('GET /api/health/ready answers 503 until search has loaded its index, and a search asked meanwhile waits for it', async () => {
    const ready = () => app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await ready()).json().checks.search).toBe('ok');
    stopListingIndex(app.ctx);
    const loading = await ready();
    expect(loading.statusCode).toBe(503);
    expect(loading.json()).toMatchObject({ status: 'not ready', checks: { search: 'loading' } });
    // No engine at all: a search says so and when to come back, never a 500.
    const refused = await app.inject({ method: 'GET', url: '/api/search/products?search=honey' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(/starting up/);
    expect(refused.headers['retry-after']).toBe('5');
    startListingIndex(app.ctx, app.log);
    // Asked while the index loads: answered once it has.
    const waited = await app.inject({ method: 'GET', url: '/api/search/products?search=honey' });
    expect(waited.statusCode).toBe(200);
    expect(waited.json()).toEqual({ products: [], total: 0 });
    expect(await listingIndexLoaded(app.ctx)).not.toBeNull();
    expect((await ready()).statusCode).toBe(200);
  });
});
