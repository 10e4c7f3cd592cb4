import { gunzipSync } from 'node:zlib';
import { haversineMiles } from '@farmstand/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { POLL_MS } from './search-changes';

const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const GEORGETOWN = { latitude: 38.2098, longitude: -84.5588 }; // ~12 mi
const LOUISVILLE = { latitude: 38.2527, longitude: -85.7585 }; // ~70 mi

let app: TestApp;
let georgetown: TestProducer;
let louisville: TestProducer;

const mapIds = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return (response.json().producers as { id: number }[]).map((p) => p.id);
};
/** A write shows on the map within a second: the change feed polls every POLL_MS (decision 121). */
const withinASecond = { timeout: 1000, interval: POLL_MS / 5 };

beforeAll(async () => {
  app = await buildTestApp();
  georgetown = await buildProducer(app, { farmName: 'Georgetown Dairy', ...GEORGETOWN });
  louisville = await buildProducer(app, { farmName: 'Louisville Orchard', ...LOUISVILLE, verified: true });
  await buildProduct(app, georgetown, { name: 'Raw Milk', category: 'dairy' });
  await buildProduct(app, louisville, { name: 'Apples', category: 'produce' });
  await buildProduct(app, louisville, { name: 'Cider', category: 'produce' });
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => app.closeAll());

describe('map answers from the in-memory snapshot', () => {
  it('filters by radius nearest first with exact distances, and counts products per producer', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=100`,
    });
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.producers.map((p: { id: number }) => p.id)).toEqual([georgetown.id, louisville.id]);
    expect(body.producers[0].distance).toBeCloseTo(
      haversineMiles(LEXINGTON.latitude, LEXINGTON.longitude, GEORGETOWN.latitude, GEORGETOWN.longitude),
      2,
    );
    expect(body.producers[1]).toMatchObject({ farm_name: 'Louisville Orchard', product_count: 2, verified: true });
    expect(await mapIds(`/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=25`)).toEqual([
      georgetown.id,
    ]);
    expect(await mapIds('/api/search/producers?category=produce')).toEqual([louisville.id]);
    expect(await mapIds('/api/search/producers?verified=true&category=dairy')).toEqual([]);
  });

  it("answers 'any distance' like no location, and gzips the shared answer for clients that accept it", async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/search/producers' });
    const anyDistance = await app.inject({
      method: 'GET',
      url: `/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=999`,
    });
    expect(anyDistance.body).toBe(plain.body);
    expect(plain.json().producers.every((p: { distance: null }) => p.distance === null)).toBe(true);
    await vi.waitFor(async () => {
      const gzipped = await app.inject({ method: 'GET', url: '/api/search/producers', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    });
  });

  it('shows a new listing and hides a suspended producer within a second', async () => {
    expect(await mapIds('/api/search/producers')).toEqual([georgetown.id, louisville.id]);
    const newcomer = await buildProducer(app, { farmName: 'Another Farm', ...GEORGETOWN });
    await buildProduct(app, georgetown, { name: 'Butter', category: 'dairy' });
    await setUserStatus(app, louisville.id, 'suspended');

    await vi.waitFor(async () => {
      const response = await app.inject({ method: 'GET', url: '/api/search/producers' });
      const producers = response.json().producers as { id: number; product_count: number }[];
      expect(producers.map((p) => p.id)).toEqual([newcomer.id, georgetown.id]);
      expect(producers[1].product_count).toBe(2);
    }, withinASecond);
    await setUserStatus(app, louisville.id, 'active');
    await vi.waitFor(async () => expect(await mapIds('/api/search/producers')).toContain(louisville.id), withinASecond);
  });
});

describe('map answers by viewport and zoom (decision 122)', () => {
  const KENTUCKY = 'bbox=-89.6,36.5,-81.9,39.2';
  it('clusters producers that share a grid cell at a low zoom and counts them', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/search/producers?${KENTUCKY}&zoom=6` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    const counted = body.producers.length + body.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0);
    expect(counted).toBe(body.total);
    // Georgetown's farms (a few hundred metres apart) share a cell: one cluster with their bounds.
    const cluster = body.clusters.find((c: { count: number }) => c.count >= 2);
    expect(cluster).toMatchObject({ count: expect.any(Number), lat: expect.any(Number), lng: expect.any(Number) });
    expect(cluster.bounds).toHaveLength(4);
    expect(cluster.bounds[0]).toBeLessThanOrEqual(cluster.lat);
    expect(cluster.bounds[2]).toBeGreaterThanOrEqual(cluster.lat);
  });

  it("answers the spec's markers (same fields) once zoomed in, and only inside the viewport", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/search/producers?bbox=-84.6,38.15,-84.5,38.25&zoom=16',
    });
    const body = response.json();
    expect(body.clusters).toEqual([]);
    expect(body.producers.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.producers[0]).sort()).toEqual(
      [
        'city',
        'description',
        'distance',
        'farm_name',
        'id',
        'lat',
        'lng',
        'product_count',
        'profile_image_url',
        'state',
        'verified',
      ].sort(),
    );
    expect(body.producers.map((p: { id: number }) => p.id)).not.toContain(louisville.id);
    const none = await app.inject({ method: 'GET', url: '/api/search/producers?bbox=-120,40,-119,41&zoom=10' });
    expect(none.json()).toEqual({ producers: [], clusters: [], total: 0 });
  });

  it('rejects a malformed viewport with a 400 naming the field', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/search/producers?bbox=1,2,3&zoom=5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/bbox/);
    const zoom = await app.inject({ method: 'GET', url: `/api/search/producers?${KENTUCKY}&zoom=99` });
    expect(zoom.statusCode).toBe(400);
  });
});
