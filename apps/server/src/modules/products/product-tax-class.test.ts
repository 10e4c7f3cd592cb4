import { TAX_CLASS_MESSAGE } from '@farmstand/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../test/factories';
import { buildProducer, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * A product's sales-tax class (decision 574): the producer sets it from the editor's questions;
 * a new product without one takes its category's class, a changed one keeps its own unless its
 * category changes. Every view of the product says it.
 */
let app: TestApp;
let farm: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  farm = await buildProducer(app);
});
afterAll(async () => {
  await app.closeAll();
});

type Method = 'GET' | 'POST' | 'PUT';
const send = (method: Method, url: string, payload?: object, user: TestUser | null = farm) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

const candles = (overrides: object = {}) =>
  validProduct({
    name: 'Beeswax Candles',
    category: 'other',
    description: 'Hand-dipped.',
    price: 8,
    price_unit: 'pair',
    ...overrides,
  });

describe('product tax class', () => {
  it('stores the tax class a producer sets and reads it back in the owner and public views', async () => {
    const created = await send('POST', '/api/products', validProduct({ name: 'Fudge', tax_class: 'candy' }));
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().product_id;
    expect(created.json().product.tax_class).toBe('candy');

    const updated = await send('PUT', `/api/products/${id}`, validProduct({ name: 'Fudge', tax_class: 'prepared_food' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().product.tax_class).toBe('prepared_food');

    const mine = await send('GET', '/api/products/mine');
    expect(mine.json().products.find((p: { id: number }) => p.id === id).tax_class).toBe('prepared_food');
    const page = await send('GET', `/api/products/${id}`, undefined, null);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().product.tax_class).toBe('prepared_food');
  });

  it("gives a new product without a tax class its category's class", async () => {
    const eggs = await send('POST', '/api/products', validProduct());
    expect(eggs.json().product.tax_class).toBe('food');
    const craft = await send('POST', '/api/products', candles());
    expect(craft.statusCode, craft.body).toBe(201);
    expect(craft.json().product.tax_class).toBe('non_food');
  });

  it('keeps a product’s class when an update leaves it out, and takes the new category’s when the category changes', async () => {
    const created = await send('POST', '/api/products', validProduct({ name: 'Sweet Tea', tax_class: 'soft_drink' }));
    const id: number = created.json().product_id;
    const kept = await send('PUT', `/api/products/${id}`, validProduct({ name: 'Sweet Tea, half gallon' }));
    expect(kept.json().product.tax_class).toBe('soft_drink');

    const craft = await send('POST', '/api/products', candles());
    const craftId: number = craft.json().product_id;
    const recategorized = await send('PUT', `/api/products/${craftId}`, validProduct({ name: 'Duck Eggs' }));
    expect(recategorized.statusCode, recategorized.body).toBe(200);
    expect(recategorized.json().product.tax_class).toBe('food');
  });

  it('refuses a tax class that is not one of the five with a 400 naming them', async () => {
    for (const tax_class of ['luxury', 7, '']) {
      const res = await send('POST', '/api/products', validProduct({ tax_class: tax_class as never }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(TAX_CLASS_MESSAGE);
    }
    expect(TAX_CLASS_MESSAGE).toBe('Sales tax class must be one of: food, candy, soft_drink, prepared_food, non_food');
  });
});
