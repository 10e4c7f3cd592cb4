import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { geocodeOffline } from './gazetteer';

/** Plain town names, 'Town ST' and 'Town, State name'. */
describe('town names in the offline gazetteer', () => {
  it('a town name alone finds the largest town of that name in the five states', () => {
    expect(geocodeOffline('Louisville')).toMatchObject({ formatted: 'Louisville, KY' });
    expect(geocodeOffline('Louisville')?.latitude).toBeCloseTo(38.2, 0);
    expect(geocodeOffline('Lexington')).toMatchObject({ formatted: 'Lexington, KY' });
    expect(geocodeOffline('Nashville')).toMatchObject({ formatted: 'Nashville, TN' });
    expect(geocodeOffline('columbus')).toMatchObject({ formatted: 'Columbus, OH' });
    expect(geocodeOffline('Columbus US')).toMatchObject({ formatted: 'Columbus, OH' });
    expect(geocodeOffline('Morgantown')?.formatted).toMatch(/^Morgantown, (KY|WV|IN)$/);
  });

  it("'Town ST' and 'Town State name', with or without a comma", () => {
    expect(geocodeOffline('Louisville KY')).toMatchObject({ formatted: 'Louisville, KY' });
    expect(geocodeOffline('Louisville OH')).toMatchObject({ formatted: 'Louisville, OH' });
    expect(geocodeOffline('Lexington, Kentucky')).toMatchObject({ formatted: 'Lexington, KY' });
    expect(geocodeOffline('Charleston West Virginia')).toMatchObject({ formatted: 'Charleston, WV' });
    expect(geocodeOffline('Nashville, Tennessee, USA')).toMatchObject({ formatted: 'Nashville, TN' });
    expect(geocodeOffline('Bowling Green')).toMatchObject({ formatted: 'Bowling Green, KY' });
  });

  it('a ZIP that contradicts the town written beside it loses to the town; a ZIP that agrees is kept', () => {
    expect(geocodeOffline('Georgetown, KY 90210')).toMatchObject({ formatted: 'Georgetown, KY' });
    expect(geocodeOffline('Georgetown, KY 90210')?.longitude).toBeCloseTo(-84.5, 0);
    expect(geocodeOffline('Lexington KY 40507')).toMatchObject({ formatted: 'Lexington, KY 40507' });
    expect(geocodeOffline('123 Main St, Louisville, KY 40202')).toMatchObject({ formatted: 'Louisville, KY 40202' });
    // A ZIP with words the gazetteer does not know is still the ZIP.
    expect(geocodeOffline('Old Mill Road 40507')).toMatchObject({ formatted: 'Lexington, KY 40507' });
    expect(geocodeOffline('90210')).toMatchObject({ formatted: 'Beverly Hills, CA 90210' });
  });

  it('still misses what is not a town', () => {
    expect(geocodeOffline('Atlantis')).toBeNull();
    expect(geocodeOffline('Nowhere Special')).toBeNull();
    expect(geocodeOffline('Louisville, Narnia')).toBeNull();
  });

  describe('through the API', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildTestApp();
    });
    afterAll(() => app.closeAll());

    it.each(['Louisville', 'Lexington', 'Nashville', 'Louisville KY'])('GET /api/geocode?q=%s finds it', async (q) => {
      const res = await app.inject({ url: `/api/geocode?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().formatted).toMatch(/^(Louisville|Lexington|Nashville), (KY|TN)$/);
    });

    it('producer search by a town name alone', async () => {
      const res = await app.inject({ url: '/api/producers?location=Louisville' });
      expect(res.statusCode).toBe(200);
    });

    it('a profile whose ZIP is unknown is placed by its town', async () => {
      const producer = await buildUser(app, { userType: 'producer' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/producers',
        headers: bearer(producer),
        payload: { farm_name: 'Town Farm', address: '1 Main St', city: 'Nashville', state: 'TN', zip: '37999' },
      });
      expect(res.statusCode).toBe(201);
      const mine = await app.inject({ url: '/api/producers/me/profile', headers: bearer(producer) });
      expect(mine.json().latitude ?? mine.json().profile?.latitude).toBeCloseTo(36.1, 0);
    });
  });
});
