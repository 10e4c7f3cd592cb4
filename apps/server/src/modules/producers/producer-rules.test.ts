import { MAP_WARNING } from '@farmstand/shared/schemas/producers';
import { REGULATED_TEXTS } from '@farmstand/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, validProduct, validProfile } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { listingIndexCaughtUp } from '../search/listing-index/listing-index.service';

// Rules with holes (herdshare milk sale, ZIP of another town, unmappable address, demoted producer).
let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => app.closeAll());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user?: { token: string }, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

describe('herdshare listings never sell milk', () => {
  it('refuses a price per gallon in the description or the name, on create and update', async () => {
    const producer = await buildProducer(app);
    const herdshare = { category: 'herdshare' as const, price_unit: 'month (boarding fee)', allergens: [] };
    const refused = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({ ...herdshare, description: 'Milk $8 per gallon' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REGULATED_TEXTS.herdshareMilkSale);
    const byName = await send('POST', '/api/products', producer, validProduct({ ...herdshare, name: 'Raw milk $6/gal' }));
    expect(byName.statusCode).toBe(400);

    const id = await buildProduct(app, producer, { ...herdshare, name: 'Jersey share', description: 'Monthly care fee' });
    const update = await send('PUT', `/api/products/${id}`, producer, {
      ...validProduct({ ...herdshare, name: 'Jersey share' }),
      description: 'We sell raw milk at the farm',
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(REGULATED_TEXTS.herdshareMilkSale);
  });
});

describe('farm addresses', () => {
  it('refuses a ZIP code of another place, naming where it is', async () => {
    const user = await buildUser(app, { userType: 'producer' });
    const res = await send('POST', '/api/producers', user, validProfile({ city: 'Georgetown', state: 'KY', zip: '90210' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Beverly Hills, CA');
    const sameState = await send('POST', '/api/producers', user, validProfile({ city: 'Paducah', state: 'KY', zip: '40507' }));
    expect(sameState.statusCode).toBe(400);
    expect(sameState.json().message).toContain('Lexington');
    const right = await send('POST', '/api/producers', user, validProfile({ city: 'Georgetown', state: 'KY', zip: '40324' }));
    expect(right.statusCode).toBe(201);
    expect(right.json()).toMatchObject({ map_warning: null });
    expect(right.json().latitude).toBeCloseTo(38.21, 1);
  });

  it('saves an address it cannot place but warns the producer the farm is off the map', async () => {
    const user = await buildUser(app, { userType: 'producer' });
    const res = await send('POST', '/api/producers', user, validProfile({ city: 'Nowhereville', zip: '00000' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ latitude: null, longitude: null, map_warning: MAP_WARNING });
    const own = await send('GET', '/api/producers/me/profile', user);
    expect(own.json().map_warning).toBe(MAP_WARNING);
  });
});

describe('a producer demoted to consumer', () => {
  it('loses the public page and listings like a suspended account', async () => {
    const producer = await buildProducer(app, { farm_name: 'Demoted Dairy' });
    const productId = await buildProduct(app, producer);
    const fan = await buildUser(app, { userType: 'consumer' });
    expect((await send('POST', `/api/favorites/${producer.id}`, fan)).statusCode).toBe(200);
    expect(JSON.stringify((await send('GET', '/api/favorites', fan)).json())).toContain('Demoted Dairy');
    expect((await send('GET', `/api/producers/${producer.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/products/${productId}`)).statusCode).toBe(200);

    const change = await send('PUT', `/api/admin/users/${producer.id}/type`, admin, { newType: 'consumer' });
    expect(change.statusCode).toBe(200);

    expect((await send('GET', `/api/producers/${producer.id}`)).statusCode).toBe(404);
    expect((await send('GET', `/api/products/${productId}`)).statusCode).toBe(404);
    const list = await send('GET', '/api/producers');
    expect(list.json().producers.map((p: { user_id: number }) => p.user_id)).not.toContain(producer.id);
    // Search, the map, the type-ahead and a shopper's favourites forget the farm too (search once
    // its index has applied the change, within a poll of the change feed: decision 460).
    await listingIndexCaughtUp(app.ctx);
    for (const url of [
      '/api/search/producers?q=Demoted',
      '/api/search/products?q=Demoted',
      '/api/search/producers?north=40&south=36&east=-80&west=-90&zoom=12',
      '/api/search/suggestions?q=Demoted',
    ]) {
      expect(JSON.stringify((await send('GET', url)).json()), url).not.toContain('Demoted Dairy');
    }
    expect(JSON.stringify((await send('GET', '/api/favorites', fan)).json())).not.toContain('Demoted Dairy');
    const review = await send('POST', '/api/reviews', fan, {
      producerId: producer.id,
      rating: 5,
      content: 'Lovely milk and kind people.',
    });
    expect(review.statusCode).toBe(404);
    // Nor can a shopper ask about or reserve a product the public no longer sees.
    const inquiry = await send('POST', '/api/orders/inquire', fan, { productId, message: 'Is there milk this week?' });
    expect(inquiry.statusCode).toBe(404);
    const order = await send('POST', '/api/orders', fan, {
      producerUserId: producer.id,
      items: [{ productId, quantity: 1 }],
      pointId: 1,
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      shopperName: 'Fan',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toMatch(/no longer listed/);

    // Made a producer again, everything is back: nothing was deleted.
    await send('PUT', `/api/admin/users/${producer.id}/type`, admin, { newType: 'producer' });
    expect((await send('GET', `/api/producers/${producer.id}`)).statusCode).toBe(200);
    expect(JSON.stringify((await send('GET', '/api/favorites', fan)).json())).toContain('Demoted Dairy');
  });
});
