import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications, producers, subscriptions } from '../../db/schema';
import { bearer, buildUser, setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, validProfile } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: { token: string }, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, payload });

describe('farm profile', () => {
  it('GET /me/profile is 404 before a profile exists, then returns the created one, geocoded', async () => {
    const user = await buildUser(app, { userType: 'producer' });
    expect((await send('GET', '/api/producers/me/profile', user)).statusCode).toBe(404);

    const created = await send('POST', '/api/producers', user, validProfile());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      user_id: user.id,
      farm_name: 'Bluegrass Acres',
      state: 'KY',
      zip: '40507',
      email: user.email,
      address: '100 Main St',
      delivery_available: true,
      delivery_radius: 15,
      profile_complete: true,
      verified: false,
      certification_count: 0,
      certifications: [],
      average_rating: null,
      review_count: 0,
    });
    // Lexington, KY 40507 — the offline gazetteer puts it near 38.05, -84.49.
    expect(body.latitude).toBeCloseTo(38.05, 0);
    expect(body.longitude).toBeCloseTo(-84.49, 0);

    const again = await send('GET', '/api/producers/me/profile', user);
    expect(again.statusCode).toBe(200);
    expect(again.json().farm_name).toBe('Bluegrass Acres');
    expect((await send('POST', '/api/producers', user, validProfile())).statusCode).toBe(409);
  });

  it('PUT /me updates and re-geocodes; 404 without a profile', async () => {
    const user = await buildProducer(app);
    const res = await send(
      'PUT',
      '/api/producers/me',
      user,
      validProfile({ city: 'Louisville', zip: '40202', delivery_available: false, delivery_radius: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Louisville', zip: '40202', delivery_available: false, delivery_radius: null });
    expect(res.json().latitude).toBeCloseTo(38.25, 0);

    const fresh = await buildUser(app, { userType: 'producer' });
    expect((await send('PUT', '/api/producers/me', fresh, validProfile())).statusCode).toBe(404);
  });

  it('state defaults to KY and the phone is optional', async () => {
    const user = await buildUser(app, { userType: 'producer' });
    const { state: _state, phone: _phone, ...rest } = validProfile();
    const res = await send('POST', '/api/producers', user, rest);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'KY', phone: null });
  });

  it.each([
    [{ farm_name: '  ' }, 'Farm name is required'],
    [{ address: '' }, 'Address is required'],
    [{ city: '' }, 'City is required'],
    [{ zip: '' }, 'ZIP code is required'],
    [{ zip: '4050' }, 'ZIP code must be 5 digits'],
    [{ zip: '40507-1234' }, 'ZIP code must be 5 digits'],
    [{ state: 'CA' }, 'State must be one of KY, IN, OH, TN, WV'],
    [{ delivery_radius: 101 }, 'Delivery radius must be between 0 and 100 miles'],
    [{ delivery_radius: -1 }, 'Delivery radius must be between 0 and 100 miles'],
    [{ delivery_available: false, delivery_radius: 10 }, 'Delivery radius applies only when delivery is offered'],
    [{ phone: '12345' }, 'Phone must be a 10-digit US phone number'],
  ])('refuses %o with a message naming the rule', async (override, message) => {
    const user = await buildUser(app, { userType: 'producer' });
    const res = await send('POST', '/api/producers', user, validProfile(override as object));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('only producers have farm profiles', async () => {
    const consumer = await buildUser(app, { userType: 'consumer' });
    const certification = { certification_type: 'gmo_free' };
    for (const [method, url, payload] of [
      ['GET', '/api/producers/me/profile', undefined],
      ['POST', '/api/producers', validProfile()],
      ['PUT', '/api/producers/me', validProfile()],
      ['POST', '/api/producers/me/certifications', certification],
      ['DELETE', '/api/producers/me/certifications/1', undefined],
    ] as const) {
      const res = await send(method, url, consumer, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Producer profiles are only available for producer accounts.');
      expect((await send(method, url, undefined, payload)).statusCode).toBe(401);
    }
  });

  it('a herdshare farm cannot move out of Kentucky while the product is live', async () => {
    const user = await buildProducer(app);
    const id = await buildProduct(app, user, { category: 'herdshare', price_unit: 'monthly boarding fee' });
    const res = await send('PUT', '/api/producers/me', user, validProfile({ state: 'OH', city: 'Cincinnati', zip: '45202' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Herdshare products are only allowed in Kentucky/);
    await send('DELETE', `/api/products/${id}`, user);
    expect(
      (await send('PUT', '/api/producers/me', user, validProfile({ state: 'OH', city: 'Cincinnati', zip: '45202' }))).statusCode,
    ).toBe(200);
  });
});

describe('certifications', () => {
  it('adds a pending certification and deletes it; another producer gets 403', async () => {
    const owner = await buildProducer(app);
    const res = await send('POST', '/api/producers/me/certifications', owner, {
      certification_type: 'organic_certified',
      certification_name: 'USDA Organic',
      issuing_authority: 'USDA',
      certificate_number: 'ORG-1',
      issue_date: '2024-01-01',
      expiry_date: '2099-01-01',
    });
    expect(res.statusCode).toBe(201);
    const cert = res.json().certification;
    expect(cert).toMatchObject({
      certification_type: 'organic_certified',
      status: 'pending',
      verified_by_admin: false,
      certificate_number: 'ORG-1',
    });

    const profile = (await send('GET', '/api/producers/me/profile', owner)).json();
    expect(profile.certification_count).toBe(1);

    const other = await buildProducer(app);
    expect((await send('DELETE', `/api/producers/me/certifications/${cert.id}`, other)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/producers/me/certifications/${cert.id}`, owner)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/producers/me/certifications/${cert.id}`, owner)).statusCode).toBe(404);
  });

  it.each([
    [{}, 'Certification type is required'],
    [{ certification_type: 'wizardry' }, 'Certification type is required'],
    [
      { certification_type: 'gmo_free', issue_date: '2025-05-01', expiry_date: '2025-04-01' },
      'Expiry date must be after the issue date',
    ],
    [{ certification_type: 'gmo_free', issue_date: 'yesterday' }, 'Issue date must be a date'],
  ])('refuses %o', async (payload, message) => {
    const owner = await buildProducer(app);
    const res = await send('POST', '/api/producers/me/certifications', owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('needs a profile first', async () => {
    const user = await buildUser(app, { userType: 'producer' });
    const res = await send('POST', '/api/producers/me/certifications', user, { certification_type: 'gmo_free' });
    expect(res.statusCode).toBe(403);
  });
});

describe('public profile GET /api/producers/{user_id}', () => {
  it('shows about, products, public certifications; contact details only to signed-in viewers', async () => {
    const owner = await buildProducer(app);
    await buildProduct(app, owner, { name: 'Honey' });
    const hidden = await buildProduct(app, owner, { name: 'Old jam' });
    await send('DELETE', `/api/products/${hidden}`, owner);
    await send('POST', '/api/producers/me/certifications', owner, { certification_type: 'gmo_free' });
    const rejected = (await send('POST', '/api/producers/me/certifications', owner, { certification_type: 'other' })).json()
      .certification;
    await app.ctx.db.update(certifications).set({ status: 'rejected' }).where(eq(certifications.id, rejected.id));

    const guest = await send('GET', `/api/producers/${owner.id}`);
    expect(guest.statusCode).toBe(200);
    const body = guest.json();
    expect(body).toMatchObject({ user_id: owner.id, farm_name: 'Bluegrass Acres', email: null, phone: null });
    expect(body).not.toHaveProperty('address');
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Honey']);
    expect(body.certifications).toHaveLength(1);
    expect(body.certifications[0]).toMatchObject({ certification_type: 'gmo_free', status: 'pending' });
    expect(body.certifications[0]).not.toHaveProperty('certificate_number');

    const consumer = await buildUser(app);
    const signedIn = (await send('GET', `/api/producers/${owner.id}`, consumer)).json();
    expect(signedIn).toMatchObject({ email: owner.email, phone: '(859) 555-0100' });
  });

  it('is 404 for unknown ids, users without a profile and suspended producers', async () => {
    expect((await send('GET', '/api/producers/999999')).json().message).toBe('Producer not found');
    const noProfile = await buildUser(app, { userType: 'producer' });
    expect((await send('GET', `/api/producers/${noProfile.id}`)).statusCode).toBe(404);
    const suspended = await buildProducer(app);
    await setUserStatus(app, suspended.id, 'suspended');
    expect((await send('GET', `/api/producers/${suspended.id}`)).statusCode).toBe(404);
  });

  it('a lapsed subscription keeps the page but hides the products', async () => {
    const owner = await buildProducer(app);
    await buildProduct(app, owner);
    await app.ctx.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, owner.id));
    const res = await send('GET', `/api/producers/${owner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toEqual([]);
  });
});

describe('GET /api/producers', () => {
  it('filters by location radius, category and certified', async () => {
    const lexington = await buildProducer(app, { farm_name: 'Zeta Lexington Farm' });
    await buildProduct(app, lexington, { category: 'honey', name: 'Clover honey' });
    const paducah = await buildProducer(app, { farm_name: 'Zeta Paducah Farm', city: 'Paducah', zip: '42001' });
    await buildProduct(app, paducah, { category: 'eggs' });
    const cert = (await send('POST', '/api/producers/me/certifications', paducah, { certification_type: 'gmo_free' })).json()
      .certification;
    await app.ctx.db.update(certifications).set({ status: 'verified' }).where(eq(certifications.id, cert.id));

    const nearRes = await send('GET', '/api/producers?location=40507&radius=25');
    expect(nearRes.statusCode).toBe(200);
    const near = nearRes.json();
    const nearNames = near.producers.map((p: { farm_name: string }) => p.farm_name);
    expect(nearNames).toContain('Zeta Lexington Farm');
    expect(nearNames).not.toContain('Zeta Paducah Farm');
    const hit = near.producers.find((p: { farm_name: string }) => p.farm_name === 'Zeta Lexington Farm');
    expect(hit).toMatchObject({ user_id: lexington.id, product_count: 1 });
    expect(hit.distance).toBeLessThan(2);

    const honey = (await send('GET', '/api/producers?category=honey&limit=100'))
      .json()
      .producers.map((p: { user_id: number }) => p.user_id);
    expect(honey).toContain(lexington.id);
    expect(honey).not.toContain(paducah.id);

    const certified = (await send('GET', '/api/producers?certified=true&limit=100'))
      .json()
      .producers.map((p: { user_id: number }) => p.user_id);
    expect(certified).toEqual([paducah.id]);

    expect((await send('GET', '/api/producers?location=Nowhere, ZZ')).statusCode).toBe(400);
  });

  it('takes subnormal coordinates and radius as the numbers they round to (fuzz counterexample: was a 500)', async () => {
    // PostgreSQL's radians() of 5e-323 underflows and errors; the shared input rules round first.
    const tiny = 'latitude=-5e-323&longitude=8.095000942804081e-172&limit=100&offset=1379532873';
    const res = await send('GET', `/api/producers?${tiny}&radius=7e-323`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Radius must be a positive number of miles/);
    const near = await send('GET', `/api/producers?${tiny}&radius=10`);
    expect(near.statusCode).toBe(200);
    expect(near.json().producers).toEqual([]);
    const search = await send('GET', `/api/search/producers?${tiny.replace('&offset=1379532873', '')}&radius=25`);
    expect(search.statusCode).toBe(200);
  });

  it('leaves out producers whose account is suspended', async () => {
    const owner = await buildProducer(app, { farm_name: 'Suspended Farm' });
    await setUserStatus(app, owner.id, 'suspended');
    const all = (await send('GET', '/api/producers?limit=100')).json();
    expect(all.producers.map((p: { farm_name: string }) => p.farm_name)).not.toContain('Suspended Farm');
    const [row] = await app.ctx.db.select().from(producers).where(eq(producers.userId, owner.id));
    expect(row).toBeDefined();
  });
});
