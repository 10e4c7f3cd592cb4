import { DEFAULT_SETTINGS, TEXTS } from '@farmstand/shared';
import { REGULATED_TEXTS } from '@farmstand/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, subscriptions } from '../../db/schema';
import { bearer, buildUser, setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, user?: { token: string }, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, payload });

describe('create and read', () => {
  it('creates a product (201 with product_id) and lists it under /mine', async () => {
    const producer = await buildProducer(app);
    const res = await send('POST', '/api/products', producer, validProduct({ allergens: [' milk ', '', 'eggs'] }));
    expect(res.statusCode).toBe(201);
    const { product_id, product } = res.json();
    expect(product).toMatchObject({
      id: product_id,
      producer_user_id: producer.id,
      name: 'Farm Fresh Eggs',
      price: 5.5,
      allergens: ['milk', 'eggs'],
      active: true,
      farm_name: 'Bluegrass Acres',
      city: 'Lexington',
      state: 'KY',
      delivery_available: true,
      delivery_radius: 15,
      producer_email: producer.email,
      primary_image_url: null,
      additional_images: [],
    });
    const mine = (await send('GET', '/api/products/mine', producer)).json();
    expect(mine).toMatchObject({ active_count: 1, max_products: 10, max_images_per_product: 5 });
    expect(mine.products[0].id).toBe(product_id);
  });

  it('GET /api/products/{id} is public; guests get no contact details', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const guest = await send('GET', `/api/products/${id}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().product).toMatchObject({ id, producer_email: null, producer_phone: null, farm_name: 'Bluegrass Acres' });
    const consumer = await buildUser(app);
    expect((await send('GET', `/api/products/${id}`, consumer)).json().product.producer_email).toBe(producer.email);
    expect((await send('GET', '/api/products/999999')).statusCode).toBe(404);
  });

  it('hides deleted, removed and lapsed or suspended producers’ products from the public, not from the owner or admins', async () => {
    const producer = await buildProducer(app);
    const admin = await buildUser(app, { userType: 'admin' });
    const consumer = await buildUser(app);
    const deleted = await buildProduct(app, producer);
    await send('DELETE', `/api/products/${deleted}`, producer);
    const removed = await buildProduct(app, producer);
    await app.ctx.db.update(products).set({ moderationStatus: 'removed' }).where(eq(products.id, removed));
    for (const id of [deleted, removed]) {
      expect((await send('GET', `/api/products/${id}`)).statusCode).toBe(404);
      expect((await send('GET', `/api/products/${id}`, consumer)).statusCode).toBe(404);
      expect((await send('GET', `/api/products/${id}`, producer)).statusCode).toBe(200);
      expect((await send('GET', `/api/products/${id}`, admin)).statusCode).toBe(200);
    }

    const lapsed = await buildProducer(app);
    const lapsedProduct = await buildProduct(app, lapsed);
    await app.ctx.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.userId, lapsed.id));
    expect((await send('GET', `/api/products/${lapsedProduct}`)).statusCode).toBe(404);
    expect((await send('GET', `/api/products/${lapsedProduct}`, lapsed)).statusCode).toBe(200);

    const suspended = await buildProducer(app);
    const suspendedProduct = await buildProduct(app, suspended);
    await setUserStatus(app, suspended.id, 'suspended');
    expect((await send('GET', `/api/products/${suspendedProduct}`)).statusCode).toBe(404);
    expect((await send('GET', `/api/products/${suspendedProduct}`, admin)).statusCode).toBe(200);
  });
});

describe('roles and ownership', () => {
  it('guests get 401; consumers and admins cannot create; a producer without a profile is told to create one', async () => {
    expect((await send('POST', '/api/products', undefined, validProduct())).statusCode).toBe(401);
    expect((await send('GET', '/api/products/mine')).statusCode).toBe(401);
    const consumer = await buildUser(app, { userType: 'consumer' });
    const res = await send('POST', '/api/products', consumer, validProduct());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only producer accounts can manage products');
    expect((await send('GET', '/api/products/mine', consumer)).statusCode).toBe(403);
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await send('POST', '/api/products', admin, validProduct())).statusCode).toBe(403);
    const noProfile = await buildUser(app, { userType: 'producer' });
    const refused = await send('POST', '/api/products', noProfile, validProduct());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Please create your producer profile before adding products');
  });

  it('another producer gets 403 on update, delete, restore and availability; the owner and an admin succeed', async () => {
    const owner = await buildProducer(app);
    const other = await buildProducer(app);
    const consumer = await buildUser(app);
    const admin = await buildUser(app, { userType: 'admin' });
    const id = await buildProduct(app, owner);
    const calls: [Method, string, object | undefined][] = [
      ['PUT', `/api/products/${id}`, validProduct({ name: 'Renamed' })],
      ['PATCH', `/api/products/${id}/availability`, { availability: 'sold_out' }],
      ['DELETE', `/api/products/${id}`, undefined],
      ['POST', `/api/products/${id}/restore`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, other, payload)).statusCode).toBe(403);
      expect((await send(method, url, consumer, payload)).statusCode).toBe(403);
      expect((await send(method, url, undefined, payload)).statusCode).toBe(401);
    }
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, owner, payload)).statusCode).toBe(200);
    }
    const byAdmin = await send('PUT', `/api/products/${id}`, admin, validProduct({ name: 'Admin fix' }));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().product.name).toBe('Admin fix');
    expect((await send('PUT', '/api/products/999999', owner, validProduct())).statusCode).toBe(404);
  });
});

describe('product limit', () => {
  it('refuses the 11th active product with 409; deleting frees a slot; restoring counts again', async () => {
    const producer = await buildProducer(app);
    const ids: number[] = [];
    for (let i = 0; i < DEFAULT_SETTINGS.features.max_products_per_producer; i++)
      ids.push(await buildProduct(app, producer, { name: `Item ${i}` }));
    const eleventh = await send('POST', '/api/products', producer, validProduct({ name: 'One too many' }));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toContain(TEXTS.productLimitReached);

    expect((await send('DELETE', `/api/products/${ids[0]}`, producer)).json().product.active).toBe(false);
    expect((await send('POST', '/api/products', producer, validProduct({ name: 'Fits now' }))).statusCode).toBe(201);

    const restore = await send('POST', `/api/products/${ids[0]}/restore`, producer);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toContain(TEXTS.productLimitReached);
    const mine = (await send('GET', '/api/products/mine', producer)).json();
    expect(mine.active_count).toBe(10);
    expect(mine.products).toHaveLength(11);
    // Deleted products come last in the owner's list.
    expect(mine.products.at(-1)).toMatchObject({ id: ids[0], active: false });
  });

  it('does not count a product an admin removed against the limit', async () => {
    await app.ctx.settings.set('features', { ...DEFAULT_SETTINGS.features, max_products_per_producer: 1 });
    try {
      const producer = await buildProducer(app);
      const removed = await buildProduct(app, producer);
      await app.ctx.db.update(products).set({ moderationStatus: 'removed' }).where(eq(products.id, removed));
      expect((await send('POST', '/api/products', producer, validProduct())).statusCode).toBe(201);
      const mine = (await send('GET', '/api/products/mine', producer)).json();
      expect(mine.active_count).toBe(1);
    } finally {
      await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
    }
  });

  it('follows the max_products_per_producer setting', async () => {
    await app.ctx.settings.set('features', { ...DEFAULT_SETTINGS.features, max_products_per_producer: 1 });
    try {
      const producer = await buildProducer(app);
      await buildProduct(app, producer);
      expect((await send('POST', '/api/products', producer, validProduct())).statusCode).toBe(409);
    } finally {
      await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
    }
  });
});

describe('validation', () => {
  it.each([
    [{ name: '' }, 'Product name is required'],
    [{ name: undefined }, 'Product name is required'],
    [{ category: undefined }, 'Category is required'],
    [{ category: 'spaceships' }, 'Category must be one of: '],
    [{ availability: undefined }, 'Availability is required'],
    [{ availability: 'maybe' }, 'Availability must be one of: available, sold_out, seasonal'],
    [{ price: -1 }, 'Price must be 0 or more'],
    [{ price: 1.234 }, 'Price can have at most 2 decimals'],
    [{ price: '4' }, 'Price must be a number'],
    [{ stock_quantity: -1 }, 'Stock quantity must be 0 or more'],
    [{ stock_quantity: 1.5 }, 'Stock quantity must be a whole number'],
    [{ seasonal_start: '2025-06-01' }, 'Season dates apply only to seasonal products'],
    [
      { availability: 'seasonal', seasonal_start: '2025-09-01', seasonal_end: '2025-06-01' },
      'Season end must be on or after the season start',
    ],
    [{ availability: 'seasonal', seasonal_start: 'June' }, 'Season start must be a date'],
    [{ allergens: 'milk, eggs' }, 'Allergens must be a list'],
  ])('refuses %o', async (override, message) => {
    const producer = await buildProducer(app);
    const res = await send('POST', '/api/products', producer, { ...validProduct(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('accepts null price and stock (ask / untracked), 0, two decimals, and season dates for seasonal', async () => {
    const producer = await buildProducer(app);
    const res = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({ price: null, stock_quantity: null, price_unit: '' }),
    );
    expect(res.json().product).toMatchObject({ price: null, stock_quantity: null, price_unit: null });
    const zero = await send('POST', '/api/products', producer, validProduct({ price: 0, stock_quantity: 0 }));
    expect(zero.json().product).toMatchObject({ price: 0, stock_quantity: 0 });
    const cents = await send('POST', '/api/products', producer, validProduct({ price: 12.99 }));
    expect(cents.json().product.price).toBe(12.99);
    const seasonal = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({ availability: 'seasonal', seasonal_start: '2025-06-01', seasonal_end: '2025-09-30' }),
    );
    expect(seasonal.statusCode).toBe(201);
    expect(seasonal.json().product).toMatchObject({ seasonal_start: '2025-06-01', seasonal_end: '2025-09-30' });
  });

  it('availability update: changes availability and stock; leaving seasonal clears the dates', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer, {
      availability: 'seasonal',
      seasonal_start: '2025-06-01',
      seasonal_end: '2025-09-30',
    });
    const res = await send('PATCH', `/api/products/${id}/availability`, producer, {
      availability: 'sold_out',
      stock_quantity: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      availability: 'sold_out',
      stock_quantity: 0,
      seasonal_start: null,
      seasonal_end: null,
    });
    const keepStock = await send('PATCH', `/api/products/${id}/availability`, producer, { availability: 'available' });
    expect(keepStock.json().product.stock_quantity).toBe(0);
    const bogus = await send('PATCH', `/api/products/${id}/availability`, producer, { availability: 'bogus' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toContain('Availability must be one of: available, sold_out, seasonal');
    expect(
      (await send('PATCH', `/api/products/${id}/availability`, producer, { availability: 'available', stock_quantity: -2 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('regulated categories', () => {
  it('herdshare: Kentucky producers only, never priced per gallon or other milk volume', async () => {
    const ky = await buildProducer(app);
    const ok = await send(
      'POST',
      '/api/products',
      ky,
      validProduct({ category: 'herdshare', price: 30, price_unit: 'month (boarding fee)' }),
    );
    expect(ok.statusCode).toBe(201);
    for (const unit of ['gallon', 'per gallon', '1/2 gal', 'quart', 'Liter']) {
      const res = await send('POST', '/api/products', ky, validProduct({ category: 'herdshare', price_unit: unit }));
      expect(res.statusCode, unit).toBe(400);
      expect(res.json().message).toBe(REGULATED_TEXTS.herdshareVolume);
    }
    const oh = await buildProducer(app, { state: 'OH', city: 'Cincinnati', zip: '45202' });
    const res = await send('POST', '/api/products', oh, validProduct({ category: 'herdshare', price_unit: 'share' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REGULATED_TEXTS.herdshareState);
    // The rule also holds on update.
    const id = ok.json().product_id;
    expect(
      (await send('PUT', `/api/products/${id}`, ky, validProduct({ category: 'herdshare', price_unit: 'gallon' }))).statusCode,
    ).toBe(400);
  });

  it('pet food: Tennessee producers only, labelled for pet consumption only', async () => {
    const tn = await buildProducer(app, { state: 'TN', city: 'Nashville', zip: '37203' });
    const unlabelled = await send(
      'POST',
      '/api/products',
      tn,
      validProduct({ category: 'pet_food', description: 'Raw goat milk' }),
    );
    expect(unlabelled.statusCode).toBe(400);
    expect(unlabelled.json().message).toBe(REGULATED_TEXTS.petFoodLabel);
    const labelled = await send(
      'POST',
      '/api/products',
      tn,
      validProduct({ category: 'pet_food', description: 'Raw goat milk. For pet consumption only.', price_unit: 'gallon' }),
    );
    expect(labelled.statusCode).toBe(201);
    const ky = await buildProducer(app);
    const res = await send(
      'POST',
      '/api/products',
      ky,
      validProduct({ category: 'pet_food', description: 'For pet consumption only' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REGULATED_TEXTS.petFoodState);
  });
});
