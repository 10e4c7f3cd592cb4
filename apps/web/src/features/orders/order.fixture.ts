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
