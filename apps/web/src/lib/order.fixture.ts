import type { Order, PickListResponse } from '@farmstand/shared/schemas/orders';

/** Tests' order line: sold by the piece, not shortened; the fields a test cares about go in `values`. */
export const orderItemFixture = (values: Partial<Order['items'][number]> = {}): Order['items'][number] => {
  const item = {
    id: 1,
    product_id: 3,
    variant_id: null,
    name: 'Strawberries',
    variant_name: null,
    price_unit: 'pint',
    unit_price: 4,
    quantity: 4,
    line_total: 16,
    ordered_quantity: null,
    short_reason: null,
    weight_unit: null,
    pack_min: null,
    pack_max: null,
    weights: null,
    ...values,
  };
  return { line_min: item.line_total, line_max: item.line_total, ...item };
};

/** The by-weight fields of an order sold by the piece, for tests' order objects. */
export const BY_PIECE_ORDER = {
  by_weight: false,
  estimated: false,
  lines_to_weigh: 0,
  lines_weighed: 0,
  estimated_total: null,
  weighed_at: null,
} satisfies Partial<Order>;

/** Tests' pick-list line: by the piece. */
export const pickLineFixture = (
  values: Partial<PickListResponse['windows'][number]['lines'][number]>,
): PickListResponse['windows'][number]['lines'][number] => ({
  product_id: 1,
  variant_id: null,
  name: 'Eggs',
  variant_name: null,
  price_unit: null,
  quantity: 1,
  weight_unit: null,
  pack_min: null,
  pack_max: null,
  ...values,
});

/**
 * Tests' order, in the shape the order components take: Dana's accepted pickup of one line of
 * strawberries ($16, by the piece) from Cumberland Farm at the Nashville market on Saturday
 * 8 June 2030, 9:00–12:00 Central. The fields a test cares about go in `overrides` (replaced
 * whole: pass a full `shopper`, `window` or `items`; totals are not worked out from the items).
 */
export const testOrder = (overrides: Partial<Order> = {}): Order => ({
  id: 12,
  status: 'accepted',
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  shopper: { id: 100, name: 'Dana', phone: null, email: 'dana@x.test' },
  fulfilment: 'pickup',
  place: { point_id: 5, kind: 'market', name: 'Nashville Farmers Market', address: null },
  window: {
    starts_at: '2030-06-08T14:00:00.000Z',
    ends_at: '2030-06-08T17:00:00.000Z',
    cutoff_at: '2030-06-07T14:00:00.000Z',
    date: '2030-06-08',
    time_zone: 'America/Chicago',
  },
  booth: null,
  delivery_address: null,
  delivery_miles: null,
  delivery_fee: 0,
  items: [orderItemFixture()],
  subtotal: 16,
  total: 16,
  ...BY_PIECE_ORDER,
  total_min: 16,
  total_max: 16,
  total_so_far: 16,
  note: null,
  decline_reason: null,
  standing_id: null,
  planned_benefits: [],
  conversation_id: null,
  market_order_id: null,
  created_at: '2030-06-05T12:00:00.000Z',
  expires_at: '2030-06-07T12:00:00.000Z',
  events: [],
  allowed: [],
  ...overrides,
});
