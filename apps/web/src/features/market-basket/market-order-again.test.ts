import { describe, expect, it } from 'vitest';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';
import { testMarketOrder, testOffer, testOfferProduct, testVendor } from './market-basket.fixture';
import { marketOrderAgain } from './market-order-again';

describe('ordering a market order again', () => {
  it('puts each farm’s lines in the market basket as offered that day: held to the stock left, a new price said', () => {
    const offer = testOffer({
      vendors: [
        testVendor({ products: [testOfferProduct({ price: 6.5 })] }),
        testVendor({
          producerUserId: 8,
          farmName: 'Red River Greens',
          products: [testOfferProduct({ id: 41, name: 'Kale', price: 3.5, priceUnit: 'bunch', stockQuantity: 2 })],
        }),
      ],
    });
    const again = marketOrderAgain(testMarketOrder().parts, offer);
    expect(again.lines).toEqual([
      expect.objectContaining({
        producerUserId: 7,
        farmName: 'Bluegrass Farm',
        productId: 31,
        variantId: null,
        price: 6.5,
        quantity: 2,
      }),
      // Kale: 3 were ordered (2 came after a frost), 2 are left to reserve.
      expect.objectContaining({ producerUserId: 8, farmName: 'Red River Greens', productId: 41, quantity: 2, max: 2 }),
    ]);
    expect(again.changes).toEqual(['Eggs is now $6.50/dozen (was $6.00).', 'Kale: only 2 left, so 2 instead of 3.']);
  });

  it('leaves out a farm not at the market that day, a farm closed for it, a product not offered and one sold out', () => {
    const parts = [
      ...testMarketOrder().parts,
      testOrder({
        id: 103,
        producer: { user_id: 9, farm_name: 'Hill Honey' },
        items: [orderItemFixture({ product_id: 51, name: 'Honey', price_unit: 'jar', unit_price: 9, quantity: 1 })],
      }),
      testOrder({
        id: 104,
        producer: { user_id: 10, farm_name: 'Late Farm' },
        items: [orderItemFixture({ product_id: 61, name: 'Bread', unit_price: 5, quantity: 1 })],
      }),
    ];
    const offer = testOffer({
      vendors: [
        testVendor({ products: [testOfferProduct({ id: 32, name: 'Duck eggs' })] }),
        testVendor({
          producerUserId: 8,
          farmName: 'Red River Greens',
          products: [testOfferProduct({ id: 41, name: 'Kale', stockQuantity: 0 })],
        }),
        testVendor({
          producerUserId: 10,
          farmName: 'Late Farm',
          open: false,
          products: [testOfferProduct({ id: 61, name: 'Bread' })],
        }),
      ],
    });
    const again = marketOrderAgain(parts, offer);
    expect(again.lines).toEqual([]);
    expect(again.changes).toEqual([
      'Eggs is not offered at the market on Saturday, Dec 12: left out.',
      'Kale is sold out for Saturday, Dec 12: left out.',
      'Honey: Hill Honey is not at the market on Saturday, Dec 12. Left out.',
      'Bread: ordering from Late Farm has closed for Saturday, Dec 12. Left out.',
    ]);
  });

  it('adds nothing while the market takes no orders for the day, and says why', () => {
    const notice = 'Ordering for Saturday 12 December opens Sunday 6 December at 8:00 AM';
    expect(marketOrderAgain(testMarketOrder().parts, testOffer({ open: false, notice }))).toEqual({
      lines: [],
      changes: [notice],
    });
  });
});
