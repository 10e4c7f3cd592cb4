import type { MarketOffer, MarketOrder } from '@farmstand/shared/schemas/market-basket';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';

type Vendor = MarketOffer['vendors'][number];
type Product = Vendor['products'][number];

/** Tests' offered product: by the piece, stock not tracked, SNAP-eligible. */
export const testOfferProduct = (over: Partial<Product> = {}): Product => ({
  id: 31,
  name: 'Eggs',
  category: 'eggs',
  imageUrl: null,
  price: 6,
  priceUnit: 'dozen',
  weightUnit: null,
  packMin: null,
  packMax: null,
  stockQuantity: null,
  variants: [],
  snapEligible: true,
  ...over,
});

export const testVendor = (over: Partial<Vendor> = {}): Vendor => ({
  producerUserId: 7,
  farmName: 'Bluegrass Farm',
  producerId: 70,
  pointId: 5,
  booth: 'Stall 4',
  closesAt: '2026-12-11T05:00:00.000Z',
  open: true,
  takesSnap: true,
  products: [testOfferProduct()],
  ...over,
});

/**
 * Tests' offer: Lexington Farmers Market on Saturday 12 December 2026, 8 AM–12 PM Eastern, ordering
 * open until Thursday 11 December, midnight; two vendors (one takes SNAP).
 */
export const testOffer = (over: Partial<MarketOffer> = {}): MarketOffer => ({
  marketId: 3,
  slug: 'lexington-farmers-market',
  name: 'Lexington Farmers Market',
  timeZone: 'America/New_York',
  date: '2026-12-12',
  pickupStart: '2026-12-12T13:00:00.000Z',
  pickupEnd: '2026-12-12T17:00:00.000Z',
  opensAt: '2026-12-06T13:00:00.000Z',
  closesAt: '2026-12-11T01:00:00.000Z',
  open: true,
  notice: null,
  days: ['2026-12-12', '2026-12-19'],
  vendors: [
    testVendor(),
    testVendor({
      producerUserId: 8,
      farmName: 'Red River Greens',
      producerId: 80,
      pointId: 6,
      booth: null,
      takesSnap: false,
      products: [
        testOfferProduct({ id: 41, name: 'Kale', category: 'vegetables', price: 3.5, priceUnit: 'bunch', stockQuantity: 2 }),
      ],
    }),
  ],
  ...over,
});

/** Tests' market order: Dana's two parts (eggs from Bluegrass Farm, kale from Red River Greens), open. */
export const testMarketOrder = (over: Partial<MarketOrder> = {}): MarketOrder => ({
  id: 21,
  marketId: 3,
  marketName: 'Lexington Farmers Market',
  marketSlug: 'lexington-farmers-market',
  timeZone: 'America/New_York',
  date: '2026-12-12',
  pickupStart: '2026-12-12T13:00:00.000Z',
  pickupEnd: '2026-12-12T17:00:00.000Z',
  shopperName: 'Dana',
  status: 'open',
  totalCents: 1900,
  pickedUpAt: null,
  createdAt: '2026-12-07T15:00:00.000Z',
  parts: [
    testOrder({
      id: 101,
      status: 'requested',
      market_order_id: 21,
      producer: { user_id: 7, farm_name: 'Bluegrass Farm' },
      items: [
        orderItemFixture({
          id: 1,
          product_id: 31,
          name: 'Eggs',
          price_unit: 'dozen',
          unit_price: 6,
          quantity: 2,
          line_total: 12,
        }),
      ],
      subtotal: 12,
      total: 12,
    }),
    testOrder({
      id: 102,
      status: 'accepted',
      market_order_id: 21,
      producer: { user_id: 8, farm_name: 'Red River Greens' },
      items: [
        orderItemFixture({
          id: 2,
          product_id: 41,
          name: 'Kale',
          price_unit: 'bunch',
          unit_price: 3.5,
          quantity: 2,
          line_total: 7,
          ordered_quantity: 3,
          short_reason: 'Frost took a row',
        }),
      ],
      subtotal: 7,
      total: 7,
    }),
  ],
  ...over,
});
