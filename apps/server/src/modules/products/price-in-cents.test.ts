import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema';
import { bearer } from '../../test/factories';
import { buildProducer, buildProduct, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

describe('a price in integer cents (decision 558)', () => {
  it('stores a product’s and its variants’ dollars as whole cents and answers them in dollars as before', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer, {
      name: 'Honey',
      price: null,
      price_unit: null,
      stock_quantity: null,
      variants: [
        { name: 'Pint', price: 12.35, price_unit: 'jar' },
        { name: 'Quart', price: 100_000, price_unit: 'jar' },
      ],
    });
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, id));
    expect(row.priceCents).toBe(1235);
    const variants = await app.ctx.db.select().from(productVariants).where(eq(productVariants.productId, id));
    expect(variants.map((v) => v.priceCents).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1235, 10_000_000]);
    const page = (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;
    expect(page.price).toBe(12.35);
    expect(page.variants.map((v: { price: number }) => v.price)).toEqual([12.35, 100_000]);
  });

  it('refuses a price past $100,000 with 400 and its message, never reaching the column', async () => {
    const producer = await buildProducer(app);
    for (const price of [100_000.01, 21_474_836.48, 1e12]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(producer),
        payload: validProduct({ price }),
      });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().message).toMatch(/Price is too high/);
    }
  });
});
