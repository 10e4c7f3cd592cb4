import { KENTUCKY_DOUBLE_DOLLARS } from '@farmstand/shared/benefits/programmes';
import type { StandCatalog, StandProduct } from '@farmstand/shared/schemas/stand';

export function standProduct(overrides: Partial<StandProduct> & Pick<StandProduct, 'id' | 'name'>): StandProduct {
  return {
    category: 'produce',
    image_url: null,
    price_cents: 300,
    weight_unit: null,
    stock: 20,
    variants: [],
    tax_class: 'food',
    benefit_product: { category: overrides.category ?? 'produce' },
    ...overrides,
  };
}

/** A Kentucky farm's day: produce, eggs with two sizes, beef by the pound, soap (taxed), cookies (SNAP-eligible candy-like). */
export function standCatalog(overrides: Partial<StandCatalog> = {}): StandCatalog {
  return {
    as_of: '2026-12-06T14:00:00.000Z',
    today: '2026-12-06',
    farm: { user_id: 7, farm_name: 'Green Valley Farm', time_zone: 'America/New_York', state: 'KY' },
    products: [
      standProduct({ id: 1, name: 'Tomatoes', price_cents: 400, stock: 30 }),
      standProduct({ id: 2, name: 'Sweet corn', price_cents: 600, stock: 12 }),
      standProduct({ id: 3, name: 'Honey', category: 'honey', price_cents: 1200, stock: 8 }),
      standProduct({
        id: 4,
        name: 'Eggs',
        category: 'eggs',
        price_cents: 500,
        stock: null,
        variants: [
          { id: 41, name: 'Dozen', price_cents: 500, weight_unit: null, stock: 10 },
          { id: 42, name: 'Half dozen', price_cents: 300, weight_unit: null, stock: 2 },
        ],
      }),
      standProduct({ id: 5, name: 'Ground beef', category: 'meat', price_cents: 899, weight_unit: 'lb', stock: 15 }),
      standProduct({ id: 6, name: 'Goat milk soap', category: 'other', price_cents: 700, stock: 25, tax_class: 'non_food' }),
      standProduct({ id: 7, name: 'Fudge', category: 'baked_goods', price_cents: 500, stock: 10, tax_class: 'candy' }),
      standProduct({ id: 8, name: 'Dog treats', category: 'pet_food', price_cents: 600, stock: 10, tax_class: 'non_food' }),
    ],
    tenders: {
      kinds: ['cash', 'card', 'snap', 'wic_fmnp', 'senior_fmnp', 'incentive', 'other'],
      incentive: KENTUCKY_DOUBLE_DOLLARS,
      market: 'Lexington Farmers Market',
    },
    tax: { state: 'KY', rate_percent: 6, source: 'KRS 139.200' },
    pickups: [
      {
        order_id: 101,
        shopper_name: 'Dana Shopper',
        status: 'accepted',
        window_start: '2026-12-06T14:00:00.000Z',
        point_name: 'Lexington Farmers Market',
        total_cents: 1800,
        lines_to_weigh: 1,
        items: [
          { id: 1001, name: 'Tomatoes', quantity: 2, unit_price_cents: 400, weight_unit: null, weights: null },
          { id: 1002, name: 'Ground beef', quantity: 1, unit_price_cents: 899, weight_unit: 'lb', weights: null },
        ],
      },
    ],
    ...overrides,
  };
}
