import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { geocodeOffline } from './gazetteer';

describe('offline gazetteer', () => {
  it('finds ZIP codes and towns in the five states', () => {
    expect(geocodeOffline('40403')).toMatchObject({ formatted: 'Berea, KY 40403' });
    expect(geocodeOffline('Berea, KY')?.latitude).toBeCloseTo(37.57, 1);
    expect(geocodeOffline('Athens, Ohio')?.formatted).toBe('Athens, OH');
    expect(geocodeOffline('Knoxville, TN')?.longitude).toBeCloseTo(-83.9, 0);
    expect(geocodeOffline('Morgantown, WV')).not.toBeNull();
    expect(geocodeOffline('Bloomington, IN')).not.toBeNull();
  });

  it('returns null for what it does not know', () => {
    expect(geocodeOffline('Atlantis')).toBeNull();
    expect(geocodeOffline('00000')).toBeNull();
  });
});

describe('GET /api/geocode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  it('answers latitude, longitude and formatted', async () => {
    const res = await app.inject({ url: '/api/geocode?q=40502' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ formatted: 'Lexington, KY 40502' });
  });

  it('answers 404 Location not found, and 400 for an empty query', async () => {
    const miss = await app.inject({ url: '/api/geocode?q=Nowhere%20Special' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json().message).toBe('Location not found');
    expect((await app.inject({ url: '/api/geocode?q=%20' })).statusCode).toBe(400);
  });
});
