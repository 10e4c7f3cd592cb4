import { TEXTS } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** One favourites check for a whole page of producer cards. */
describe('GET /api/favorites/check?producerIds=…', () => {
  let app: TestApp;
  let consumer: TestUser;
  let a: TestProducer;
  let b: TestProducer;
  beforeAll(async () => {
    app = await buildTestApp();
    consumer = await buildUser(app, { userType: 'consumer' });
    a = await buildProducer(app, { farmName: 'Batch A' });
    b = await buildProducer(app, { farmName: 'Batch B' });
    await app.inject({ method: 'POST', url: `/api/favorites/${a.id}`, headers: bearer(consumer) });
  });
  afterAll(() => app.closeAll());

  it('maps every asked producer id to whether the consumer saved it', async () => {
    const res = await app.inject({ url: `/api/favorites/check?producerIds=${a.id},${b.id},999999`, headers: bearer(consumer) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ favorites: { [String(a.id)]: true, [String(b.id)]: false, '999999': false } });
  });

  it('ignores repeats and spaces', async () => {
    const res = await app.inject({ url: `/api/favorites/check?producerIds=${a.id},%20${a.id},`, headers: bearer(consumer) });
    expect(res.json()).toEqual({ favorites: { [String(a.id)]: true } });
  });

  it('refuses bad lists with a readable 400', async () => {
    for (const query of ['', '?producerIds=', '?producerIds=1,abc', '?producerIds=0', '?producerIds=99999999999']) {
      const res = await app.inject({ url: `/api/favorites/check${query}`, headers: bearer(consumer) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/producer ids/i);
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await app.inject({ url: `/api/favorites/check?producerIds=${many}`, headers: bearer(consumer) })).statusCode).toBe(
      400,
    );
  });

  it('asks guests to sign in and refuses producers and admins', async () => {
    const guest = await app.inject({ url: `/api/favorites/check?producerIds=${a.id}` });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(TEXTS.favoritesSignIn);
    const producer = await app.inject({ url: `/api/favorites/check?producerIds=${a.id}`, headers: bearer(a) });
    expect(producer.statusCode).toBe(403);
    expect(producer.json().message).toBe(TEXTS.producersCannotFavorite);
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await app.inject({ url: `/api/favorites/check?producerIds=${a.id}`, headers: bearer(admin) })).statusCode).toBe(403);
  });
});
