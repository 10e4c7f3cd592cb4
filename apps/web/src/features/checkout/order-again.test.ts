import type { Product } from '@farmstand/shared/schemas/products';
import { describe, expect, it } from 'vitest';
import { orderItemFixture } from '@/lib/order.fixture';
import { productFixture } from '@/lib/product.fixture';
import { orderAgain } from './order-again';

const TODAY = '2030-06-05';
const eggs = productFixture({ id: 1, name: 'Eggs', category: 'eggs', price: 5.5, price_unit: 'dozen', stock_quantity: 40 });
const products = (...list: (Product | [number, null])[]) =>
  new Map<number, Product | null>(list.map((p) => (Array.isArray(p) ? p : [p.id, p])));

describe('ordering a past order again', () => {
  it('puts every line back as it is listed today and says nothing changed when nothing did', () => {
    const order = {
      items: [orderItemFixture({ product_id: 1, name: 'Eggs', unit_price: 5.5, price_unit: 'dozen', quantity: 2 })],
    };
    const again = orderAgain(order, products(eggs), TODAY);
    expect(again.changes).toEqual([]);
    expect(again.lines).toMatchObject([{ productId: 1, name: 'Eggs', price: 5.5, quantity: 2 }]);
  });

  it('says a new price with the old one, lowers a quantity to the stock left, and asks for what the shopper first wanted', () => {
    const order = {
      items: [orderItemFixture({ id: 1, product_id: 1, name: 'Eggs', unit_price: 5, quantity: 2, ordered_quantity: 3 })],
    };
    const again = orderAgain(order, products({ ...eggs, price: 6, stock_quantity: 2 }), TODAY);
    expect(again.changes).toEqual(['Eggs: only 2 left, so 2 instead of 3.', 'Eggs is now $6.00/dozen (was $5.00).']);
    expect(again.lines[0]).toMatchObject({ quantity: 2, price: 6, max: 2 });
  });

  it('leaves out, and says so, what is gone, sold out, out of season, unpriced, or now sold only by variant', () => {
    const berries = productFixture({
      id: 2,
      name: 'Strawberries',
      availability: 'seasonal',
      seasonal_start: '2030-07-01',
      seasonal_end: '2030-08-15',
    });
    const beef = productFixture({
      id: 4,
      name: 'Grass-fed beef',
      price: null,
      variants: [
        {
          id: 9,
          name: 'Ribeye',
          price: 18.99,
          price_unit: 'lb',
          weight_unit: 'lb',
          pack_min: 1,
          pack_max: 1.4,
          stock_quantity: 0,
          availability: 'available',
        },
      ],
    });
    const order = {
      items: [
        orderItemFixture({ id: 1, product_id: 1, name: 'Eggs' }),
        orderItemFixture({ id: 2, product_id: 2, name: 'Strawberries' }),
        orderItemFixture({ id: 3, product_id: 3, name: 'Honey' }),
        orderItemFixture({ id: 4, product_id: 4, name: 'Grass-fed beef', variant_id: 9, variant_name: 'Ribeye' }),
        orderItemFixture({ id: 5, product_id: 4, name: 'Grass-fed beef' }),
        orderItemFixture({ id: 6, product_id: 5, name: 'Jam' }),
        orderItemFixture({ id: 7, product_id: null, name: 'Pie' }),
      ],
    };
    const again = orderAgain(
      order,
      products(
        { ...eggs, availability: 'sold_out' },
        berries,
        [3, null],
        beef,
        productFixture({ id: 5, name: 'Jam', price: null }),
      ),
      TODAY,
    );
    expect(again.lines).toEqual([]);
    expect(again.changes).toEqual([
      'Eggs is sold out: left out.',
      'Strawberries is out of season: back from Jul 1. Left out.',
      'Honey is no longer listed: left out.',
      'Grass-fed beef (Ribeye) is sold out: left out.',
      'Grass-fed beef now comes in several kinds: choose one on its page.',
      'Jam has no price now: ask the farm. Left out.',
      'Pie is no longer listed: left out.',
    ]);
  });
});
