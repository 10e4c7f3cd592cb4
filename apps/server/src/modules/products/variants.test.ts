import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema';
import { bearer } from '../../test/factories';
import { buildProducer, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { listingIndexCaughtUp } from '../search/listing-index/listing-index.service';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const send = (method: Method, url: string, user?: { token: string }, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, payload });

const beef = (variants: object[], overrides: object = {}) =>
  validProduct({
    name: 'Grass-fed beef',
    category: 'meat',
    description: 'Raised on pasture in Woodford County',
    price: null,
    price_unit: null,
    stock_quantity: null,
    inspection: 'usda',
    establishment_number: 'EST. 45678',
    variants: variants as never,
    ...overrides,
  });

const ribeye = { name: 'Ribeye', price: 18.99, weight_unit: 'lb', pack_min: 1, pack_max: 1.4, stock_quantity: 12 };
const strip = { name: 'NY strip', price: 16.99, weight_unit: 'lb', pack_min: 0.8, pack_max: 1.2, stock_quantity: 8 };
const ground = { name: 'Ground beef', price: 8.49, weight_unit: 'lb', pack_min: 1, pack_max: 1 };

describe('variants of a product', () => {
  it('stores variants in order, shows the cheapest as "from" and keeps variant ids across edits', async () => {
    const producer = await buildProducer(app);
    const created = await send('POST', '/api/products', producer, beef([ribeye, strip, ground]));
    expect(created.statusCode).toBe(201);
    const { product } = created.json();
    expect(product.variants.map((v: { name: string }) => v.name)).toEqual(['Ribeye', 'NY strip', 'Ground beef']);
    expect(product.variants[0]).toMatchObject({
      price: 18.99,
      weight_unit: 'lb',
      pack_min: 1,
      pack_max: 1.4,
      stock_quantity: 12,
    });
    expect(product).toMatchObject({
      price: 8.49,
      price_unit: 'lb',
      weight_unit: 'lb',
      pack_min: 1,
      pack_max: 1,
      price_from: true,
    });
    expect(product.stock_quantity).toBeNull();

    // Reorder, change one, drop one: the kept variants keep their ids; the dropped one stays for old orders.
    const [r, s, g] = product.variants;
    const edited = await send(
      'PUT',
      `/api/products/${product.id}`,
      producer,
      beef([
        { ...strip, id: s.id, price: 17.49 },
        { ...ribeye, id: r.id },
      ]),
    );
    expect(edited.statusCode).toBe(200);
    const after = edited.json().product;
    expect(after.variants.map((v: { id: number; price: number }) => [v.id, v.price])).toEqual([
      [s.id, 17.49],
      [r.id, 18.99],
    ]);
    expect(after).toMatchObject({ price: 17.49, price_from: true });
    const [dropped] = await app.ctx.db.select().from(productVariants).where(eq(productVariants.id, g.id));
    expect(dropped.active).toBe(false);
  });

  it("refuses another product's variant id, a variant cap overrun and two variants with one name", async () => {
    const producer = await buildProducer(app);
    const first = (await send('POST', '/api/products', producer, beef([ribeye]))).json().product;
    const second = (await send('POST', '/api/products', producer, beef([strip], { name: 'Beef roasts' }))).json().product;
    const foreign = await send('PUT', `/api/products/${second.id}`, producer, beef([{ ...ribeye, id: first.variants[0].id }]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/not one of this product's variants/);

    const many = Array.from({ length: 21 }, (_, i) => ({ name: `Cut ${i + 1}`, price: 5 }));
    const capped = await send('POST', '/api/products', producer, beef(many, { name: 'Everything' }));
    expect(capped.statusCode).toBe(400);
    expect(capped.json().message).toBe('A product can have at most 20 variants');

    const twice = await send('POST', '/api/products', producer, beef([ribeye, { ...strip, name: 'ribeye' }], { name: 'Twice' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Each variant needs its own name');
  });

  it('refuses by-weight fields that do not describe a pack, on the product and on a variant', async () => {
    const producer = await buildProducer(app);
    const noRange = await send('POST', '/api/products', producer, validProduct({ price: 9.99, weight_unit: 'lb' }));
    expect(noRange.statusCode).toBe(400);
    expect(noRange.json().message).toMatch(/^Pack weights are required/);
    const upside = await send(
      'POST',
      '/api/products',
      producer,
      beef([{ name: 'Brisket', price: 9, weight_unit: 'lb', pack_min: 4, pack_max: 3 }]),
    );
    expect(upside.statusCode).toBe(400);
    expect(upside.json().message).toBe('Heaviest pack must weigh at least the lightest (Brisket)');
    const noUnit = await send('POST', '/api/products', producer, validProduct({ price: 4, pack_min: 1, pack_max: 2 }));
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().message).toMatch(/^Weight unit must be lb or oz/);
  });

  it('refuses a product-level stock, weight unit or price sent beside variants instead of dropping it, with a sentence naming where it goes', async () => {
    const producer = await buildProducer(app);
    const stock = await send('POST', '/api/products', producer, beef([ribeye], { stock_quantity: 40 }));
    expect(stock.statusCode).toBe(400);
    expect(stock.json().message).toBe(
      "Stock is counted per variant once a product has variants: enter it under each variant and leave the product's stock empty",
    );
    const weight = await send('POST', '/api/products', producer, beef([ribeye], { weight_unit: 'lb' }));
    expect(weight.statusCode).toBe(400);
    expect(weight.json().message).toMatch(/^Selling by weight is chosen per variant once a product has variants/);
    const price = await send('POST', '/api/products', producer, beef([ribeye], { price: 18.99, price_unit: 'lb' }));
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toMatch(/^The variants set the price once a product has variants/);

    // Nothing was stored by the refused writes; an edit of a saved product is refused alike.
    const saved = (await send('POST', '/api/products', producer, beef([ribeye]))).json().product;
    const edit = await send(
      'PUT',
      `/api/products/${saved.id}`,
      producer,
      beef([{ ...ribeye, id: saved.variants[0].id }], { stock_quantity: 40 }),
    );
    expect(edit.statusCode).toBe(400);
    const patch = await send('PATCH', `/api/products/${saved.id}/availability`, producer, {
      availability: 'available',
      stock_quantity: 40,
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toMatch(/^Stock is counted per variant/);
    const after = (await send('GET', `/api/products/${saved.id}`, producer)).json().product;
    expect(after.stock_quantity).toBeNull();
    expect(after.variants[0].stock_quantity).toBe(12);
    // Without variants the same fields are the product's own.
    const plain = await send('POST', '/api/products', producer, validProduct({ name: 'Eggs', stock_quantity: 40 }));
    expect(plain.json().product.stock_quantity).toBe(40);
  });

  it("gives a price without a unit its category's usual one, and refuses one where the category has none", async () => {
    const producer = await buildProducer(app);
    const eggs = await send('POST', '/api/products', producer, validProduct({ name: 'Brown eggs', price_unit: null }));
    expect(eggs.statusCode).toBe(201);
    expect(eggs.json().product.price_unit).toBe('dozen');
    const tomatoes = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({ name: 'Tomatoes', category: 'produce', price: 4, price_unit: '', allergens: [] }),
    );
    expect(tomatoes.statusCode).toBe(400);
    expect(tomatoes.json().message).toBe('Price unit is required with a price: say what the price buys (each, bunch, lb, jar…)');
    // "Ask for price" needs no unit.
    const ask = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({ name: 'Melons', category: 'produce', price: null, price_unit: null, allergens: [] }),
    );
    expect(ask.statusCode).toBe(201);
    const pies = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({
        name: 'Pies',
        category: 'baked_goods',
        price: null,
        price_unit: null,
        stock_quantity: null,
        variants: [{ name: 'Apple', price: 18 }] as never,
      }),
    );
    expect(pies.json().product.variants[0].price_unit).toBe('each');
    const odd = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({
        name: 'Odds',
        category: 'other',
        price: null,
        price_unit: null,
        stock_quantity: null,
        allergens: [],
        variants: [{ name: 'Big', price: 3 }] as never,
      }),
    );
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Price unit is required with a price: say what the price buys (each, bunch, lb, jar…) (Big)');
  });

  it('sells a product by weight without variants: the price is per lb and the pack range is kept', async () => {
    const producer = await buildProducer(app);
    const res = await send(
      'POST',
      '/api/products',
      producer,
      validProduct({ name: 'Aged cheddar', category: 'dairy', price: 12.5, weight_unit: 'lb', pack_min: 0.4, pack_max: 0.6 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({
      price: 12.5,
      price_unit: 'lb',
      weight_unit: 'lb',
      pack_min: 0.4,
      pack_max: 0.6,
      price_from: false,
      variants: [],
    });
  });
});

describe('meat listings', () => {
  it('needs the inspection for meat, the establishment number for inspected meat, and refuses custom-exempt retail cuts', async () => {
    const producer = await buildProducer(app);
    const none = await send('POST', '/api/products', producer, beef([ribeye], { inspection: null, establishment_number: null }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/inspected/);
    const noNumber = await send('POST', '/api/products', producer, beef([ribeye], { establishment_number: null }));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toMatch(/establishment number/);
    const custom = await send('POST', '/api/products', producer, beef([ribeye], { inspection: 'custom_exempt' }));
    expect(custom.statusCode).toBe(400);
    expect(custom.json().message).toMatch(/share of a live animal/);
    const eggs = await send('POST', '/api/products', producer, validProduct({ inspection: 'usda' }));
    expect(eggs.statusCode).toBe(400);
    expect(eggs.json().message).toMatch(/meat and poultry only/);
  });
});

describe('search by variant', () => {
  it('finds a product by a variant name and lists it "from" the cheapest variant, by weight', async () => {
    const producer = await buildProducer(app);
    const { product } = (
      await send('POST', '/api/products', producer, beef([ribeye, ground], { name: 'Pasture beef box' }))
    ).json();
    await listingIndexCaughtUp(app.ctx);
    const found = (await send('GET', '/api/search/products?search=ribeye')).json();
    const listing = found.products.find((p: { id: number }) => p.id === product.id);
    expect(listing).toMatchObject({
      name: 'Pasture beef box',
      price: 8.49,
      price_from: true,
      weight_unit: 'lb',
      pack_min: 1,
      pack_max: 1,
    });
  });
});
