import { gunzipSync } from 'node:zlib';
import { haversineMiles } from '@farmstand/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { SNAPSHOT_TTL_MS } from './producer-map';

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
/** Moves the clock past the snapshot's lifetime, as if the documented delay had passed. */
const afterSnapshotExpires = () => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + SNAPSHOT_TTL_MS + 1);
};

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

  it('shows a new listing and hides a suspended producer once the snapshot expires (15 s)', async () => {
    expect(await mapIds('/api/search/producers')).toEqual([georgetown.id, louisville.id]);
    const newcomer = await buildProducer(app, { farmName: 'Another Farm', ...GEORGETOWN });
    await buildProduct(app, georgetown, { name: 'Butter', category: 'dairy' });
    await setUserStatus(app, louisville.id, 'suspended');

    afterSnapshotExpires();
    const response = await app.inject({ method: 'GET', url: '/api/search/producers' });
    const producers = response.json().producers as { id: number; product_count: number }[];
    expect(producers.map((p) => p.id)).toEqual([newcomer.id, georgetown.id]);
    expect(producers[1].product_count).toBe(2);
  });
});
