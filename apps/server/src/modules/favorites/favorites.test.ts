import { DEFAULT_SETTINGS, TEXTS } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let consumer: TestUser;
let producer: TestProducer;
let otherProducer: TestProducer;

beforeAll(async () => {
  app = await buildTestApp();
  consumer = await buildUser(app, { userType: 'consumer' });
  producer = await buildProducer(app, { farmName: 'Bluegrass Apiaries', verified: true });
  otherProducer = await buildProducer(app, { farmName: 'Other Farm' });
  await buildProduct(app, producer, { name: 'Honey', category: 'honey' });
});
afterAll(async () => app.closeAll());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: { token: string }) =>
  app.inject({ method, url, headers: user ? bearer(user) : {} });

describe('favourites', () => {
  it('lets a consumer add, check, count, list and remove a favourite, idempotently', async () => {
    expect((await call('GET', `/api/favorites/check/${producer.id}`, consumer)).json()).toEqual({ isFavorited: false });
    const added = await call('POST', `/api/favorites/${producer.id}`, consumer);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ isFavorited: true, count: 1 });
    expect((await call('POST', `/api/favorites/${producer.id}`, consumer)).json()).toEqual({ isFavorited: true, count: 1 });
    expect((await call('GET', `/api/favorites/check/${producer.id}`, consumer)).json()).toEqual({ isFavorited: true });
    expect((await call('GET', `/api/favorites/count/${producer.id}`)).json()).toEqual({ count: 1 });

    const list = await call('GET', '/api/favorites', consumer);
    expect(list.statusCode).toBe(200);
    expect(list.json().favorites).toEqual([
      expect.objectContaining({ user_id: producer.id, farm_name: 'Bluegrass Apiaries', verified: true, product_count: 1 }),
    ]);
    expect(Date.parse(list.json().favorites[0].favorited_at)).not.toBeNaN();

    expect((await call('DELETE', `/api/favorites/${producer.id}`, consumer)).json()).toEqual({ isFavorited: false, count: 0 });
    // Removing twice never takes the count below 0.
    expect((await call('DELETE', `/api/favorites/${producer.id}`, consumer)).json()).toEqual({ isFavorited: false, count: 0 });
    expect((await call('GET', `/api/favorites/count/${producer.id}`)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/favorites', consumer)).json()).toEqual({ favorites: [] });
  });

  it('asks guests to sign in', async () => {
    for (const [method, url] of [
      ['GET', '/api/favorites'],
      ['GET', `/api/favorites/check/${producer.id}`],
      ['POST', `/api/favorites/${producer.id}`],
      ['DELETE', `/api/favorites/${producer.id}`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(TEXTS.favoritesSignIn);
    }
  });

  it('refuses producers and admins', async () => {
    const producerCall = await call('POST', `/api/favorites/${otherProducer.id}`, producer);
    expect(producerCall.statusCode).toBe(403);
    expect(producerCall.json().message).toBe(TEXTS.producersCannotFavorite);
    expect((await call('GET', '/api/favorites', producer)).statusCode).toBe(403);
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await call('POST', `/api/favorites/${producer.id}`, admin)).statusCode).toBe(403);
  });

  it('answers 404 for a user who is not a producer and 400 for a bad id', async () => {
    expect((await call('POST', `/api/favorites/${consumer.id}`, consumer)).statusCode).toBe(404);
    expect((await call('POST', '/api/favorites/999999', consumer)).statusCode).toBe(404);
    expect((await call('POST', '/api/favorites/abc', consumer)).statusCode).toBe(400);
  });

  it('is refused while the feature is switched off', async () => {
    await app.ctx.settings.set('features', { ...DEFAULT_SETTINGS.features, enable_favorites: false });
    expect((await call('POST', `/api/favorites/${producer.id}`, consumer)).statusCode).toBe(403);
    await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
    expect((await call('POST', `/api/favorites/${producer.id}`, consumer)).statusCode).toBe(200);
  });
});
