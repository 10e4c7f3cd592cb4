import { z } from 'zod';
import { BENEFIT_PROGRAMMES } from '../benefits/programmes';
import { MESSAGE_MAX_LENGTH } from '../constants/messaging';
import { ORDER_LIMITS, ORDER_STATUSES, ORDER_TRANSITION_TARGETS, PICKUP_KINDS } from '../constants/orders';
import { MAX_PACK_WEIGHT, WEIGHT_UNITS } from '../format/by-weight';
import { phoneSchema } from './auth';
import { calendarDay, dbId, optionalQuery } from './common';

export {
  OPEN_ORDER_STATUSES,
  ORDER_LIMITS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  ORDER_TRANSITION_TARGETS,
  type OrderStatus,
  type OrderTransitionTarget,
} from '../constants/orders';

export const OrderLineRequest = z.object({
  productId: dbId('Product is required'),
  /** Required when the product has variants: which one (a shopper may reserve several of one product). */
  variantId: dbId('Variant id must be a positive whole number')
    .nullish()
    .transform((v) => v ?? null),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(ORDER_LIMITS.maxQuantityPerLine, `Quantity must be at most ${ORDER_LIMITS.maxQuantityPerLine}`),
});

export const PlaceOrderRequest = z.object({
  producerUserId: dbId('Producer is required'),
  items: z
    .array(OrderLineRequest, { error: 'Add at least one product' })
    .min(1, 'Add at least one product')
    .max(ORDER_LIMITS.maxLines, `At most ${ORDER_LIMITS.maxLines} products per order`),
  pointId: dbId('Choose a pickup place'),
  startsAt: z.iso.datetime({ error: 'Choose a pickup time', offset: true }),
  shopperName: z
    .string({ error: 'Name for pickup is required' })
    .trim()
    .min(1, 'Name for pickup is required')
    .max(ORDER_LIMITS.nameMax, `Name must be at most ${ORDER_LIMITS.nameMax} characters`),
  /** A phone the farm can call: 10 US digits (the one phone rule, `auth.ts#phoneSchema`); empty means none. */
  shopperPhone: phoneSchema.nullish().transform((v) => v ?? null),
  deliveryAddress: z
    .string()
    .trim()
    .max(200, 'Delivery address must be at most 200 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  note: z
    .string()
    .trim()
    .max(ORDER_LIMITS.noteMax, `Note must be at most ${ORDER_LIMITS.noteMax} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /**
   * The benefits the shopper tells the farm they plan to pay with, for this order only (decision 516;
   * optional, none by default). Refused when the farm does not take one on the pickup day.
   */
  plannedBenefits: z
    .array(z.enum(BENEFIT_PROGRAMMES, { error: 'Each planned benefit must be one of: snap, wic_fmnp, senior_fmnp' }), {
      error: 'Planned benefits must be a list of benefits (snap, wic_fmnp, senior_fmnp)',
    })
    .max(BENEFIT_PROGRAMMES.length, `Choose at most ${BENEFIT_PROGRAMMES.length} planned benefits`)
    .refine((uses) => new Set(uses).size === uses.length, 'Choose each planned benefit once')
    // In the programmes' own order, whatever order they were sent in.
    .transform((uses) => BENEFIT_PROGRAMMES.filter((p) => uses.includes(p)))
    .optional(),
});
export type PlaceOrderRequest = z.input<typeof PlaceOrderRequest>;

export const TransitionRequest = z.object({
  to: z.enum(ORDER_TRANSITION_TARGETS, { error: `Status must be one of ${ORDER_TRANSITION_TARGETS.join(', ')}` }),
  reason: z
    .string()
    .trim()
    .max(ORDER_LIMITS.reasonMax, `Reason must be at most ${ORDER_LIMITS.reasonMax} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TransitionRequest = z.input<typeof TransitionRequest>;

export const OrderItem = z.object({
  /** The line's own id: weighing and short harvests name it. */
  id: z.number(),
  product_id: z.number().nullable(),
  variant_id: z.number().nullable(),
  /** The product's name; `variant_name` the chosen variant's ("Ribeye, 2 per pack"), or null. */
  name: z.string(),
  variant_name: z.string().nullable(),
  price_unit: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number(),
  /** The line's amount: its final price once weighed, else its estimate (by weight) or exact price. */
  line_total: z.number(),
  /** What the shopper asked for when the producer had less (a short harvest), and why; else null. */
  ordered_quantity: z.number().nullable(),
  short_reason: z.string().nullable(),
  /** By weight (decision 510): unit_price is per weight_unit; each pack weighs pack_min–pack_max. */
  weight_unit: z.enum(WEIGHT_UNITS).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
  /** The estimate's range for a by-weight line (dollars), else both equal line_total. */
  line_min: z.number(),
  line_max: z.number(),
  /** Each pack's weight once weighed (one per pack), else null. */
  weights: z.array(z.number()).nullable(),
});

export const OrderEvent = z.object({
  status: z.enum(ORDER_STATUSES),
  actor: z.enum(['shopper', 'producer', 'system']),
  at: z.string(),
  reason: z.string().nullable(),
});

export const Order = z.object({
  id: z.number(),
  status: z.enum(ORDER_STATUSES),
  producer: z.object({ user_id: z.number(), farm_name: z.string() }),
  shopper: z.object({ id: z.number(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  fulfilment: z.enum(['pickup', 'delivery']),
  place: z.object({
    point_id: z.number().nullable(),
    kind: z.enum(PICKUP_KINDS),
    name: z.string(),
    address: z.string().nullable(),
  }),
  /** `date` is the window's local date and `time_zone` the place's zone (IANA), in which it is shown. */
  window: z.object({
    starts_at: z.string(),
    ends_at: z.string(),
    cutoff_at: z.string(),
    date: z.string(),
    time_zone: z.string(),
  }),
  /** A market stall or booth, shown with the pickup time. */
  booth: z.string().nullable(),
  delivery_address: z.string().nullable(),
  delivery_miles: z.number().nullable(),
  delivery_fee: z.number(),
  items: z.array(OrderItem),
  subtotal: z.number(),
  /**
   * The amount to collect at pickup: the final total once every by-weight line is weighed; before,
   * the weighed lines' prices plus the others' estimates (say it with `total_so_far` and
   * `lines_to_weigh` once some are weighed: by-weight.ts#formatAmountToPay, decision 549).
   */
  total: z.number().meta({
    description:
      'The amount to collect at pickup: final once every by-weight line is weighed; before, weighed lines at their price plus the estimates of the others',
  }),
  /**
   * By weight (decisions 510, 549): `estimated` is true while a by-weight line waits for weighing
   * (`lines_to_weigh` > 0); the total's range (with the delivery fee), the estimate as placed, and
   * when it was weighed in full.
   */
  by_weight: z.boolean(),
  estimated: z.boolean().meta({ description: 'True while a by-weight line waits for weighing (lines_to_weigh > 0)' }),
  total_min: z.number(),
  total_max: z.number(),
  /** By-weight lines (not dropped) still to weigh, and those weighed. */
  lines_to_weigh: z.number().int().meta({ description: 'By-weight lines still to weigh' }),
  lines_weighed: z.number().int().meta({ description: 'By-weight lines weighed' }),
  /** What is known for sure: lines by the piece, weighed lines and the delivery fee ("so far $8.40"). */
  total_so_far: z.number().meta({
    description: 'Lines by the piece, weighed lines and the delivery fee: what is known for sure while lines are still to weigh',
  }),
  estimated_total: z.number().nullable(),
  weighed_at: z.string().nullable(),
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** The standing reservation that placed it (every 1, 2 or 4 weeks), or null. */
  standing_id: z.number().nullable(),
  /** The benefits the shopper told the farm they plan to pay with (its shopper, its farm and admins only; else []). */
  planned_benefits: z.array(z.enum(BENEFIT_PROGRAMMES)),
  conversation_id: z.number().nullable(),
  /** The market basket this order is one farm's part of (issue 49: `GET /api/market-orders/:id`), or null. */
  market_order_id: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  events: z.array(OrderEvent),
  /** What the caller may do next (the server checks again on every call). */
  allowed: z.array(z.enum(ORDER_TRANSITION_TARGETS)),
});
export type Order = z.infer<typeof Order>;

export const OrderResponse = z.object({ order: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;
export const PlaceOrderResponse = z.object({ message: z.string(), order: Order });
export const OrderListResponse = z.object({ orders: z.array(Order), total: z.number() });
export type OrderListResponse = z.infer<typeof OrderListResponse>;

export const MyOrdersQuery = z.object({
  scope: optionalQuery(z.enum(['upcoming', 'past'], { error: 'Scope must be upcoming or past' })),
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});

export const ReceivedOrdersQuery = z.object({
  from: optionalQuery(calendarDay('From date')),
  to: optionalQuery(calendarDay('To date')),
  status: optionalQuery(z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` })),
  limit: optionalQuery(z.coerce.number().int().min(1).max(200)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});

export const AdminOrdersQuery = ReceivedOrdersQuery.extend({
  producer: optionalQuery(z.string().trim().max(100)),
  shopper: optionalQuery(z.string().trim().max(100)),
});

export const PickListQuery = z.object({ date: calendarDay() });

/** Total quantity per product per window: what to bring to the stand. */
export const PickListResponse = z.object({
  date: z.string(),
  farm_name: z.string(),
  windows: z.array(
    z.object({
      point_name: z.string(),
      kind: z.enum(PICKUP_KINDS),
      starts_at: z.string(),
      ends_at: z.string(),
      /** The place's zone (IANA), in which the window is shown. */
      time_zone: z.string(),
      order_count: z.number(),
      lines: z.array(
        z.object({
          product_id: z.number().nullable(),
          variant_id: z.number().nullable(),
          name: z.string(),
          variant_name: z.string().nullable(),
          price_unit: z.string().nullable(),
          /** Packs; a by-weight line names its unit and range so the list says "3 packs (1.3–1.6 lb)". */
          quantity: z.number(),
          weight_unit: z.enum(WEIGHT_UNITS).nullable(),
          pack_min: z.number().nullable(),
          pack_max: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type PickListResponse = z.infer<typeof PickListResponse>;

export const OrderWeeksResponse = z.object({
  weeks: z.array(z.object({ week_start: z.string(), orders: z.number(), reserved_value: z.number() })),
});
export type OrderWeeksResponse = z.infer<typeof OrderWeeksResponse>;

export const OrderMessageRequest = z.object({
  content: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});

/**
 * One pack's weight as the farm types it (its pickup screen, the stand's sales and pickups): in the
 * line's unit, positive, at most 3 decimals; the bound of the line's own unit is the server's
 * (`orders/order-lines.ts#checkedPackWeights`).
 */
export const packWeightValue = z
  .number({ error: 'Each weight must be a number' })
  .positive('Each weight must be more than 0')
  .max(MAX_PACK_WEIGHT.oz, 'That weight is too high')
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, { message: 'A weight can have at most 3 decimals' });

/**
 * PUT /api/orders/{id}/items/{itemId}/weights (the order's producer): the weight of each pack of a
 * by-weight line, one per pack. A weight far outside the pack range is refused (409) unless
 * `confirm` is true. When the order's last by-weight line is weighed, its final total is set and the
 * shopper is told (live event and mail). Allowed while the order is accepted or ready.
 */
export const WeighLineParams = z.object({
  id: dbId('Order id must be a positive whole number'),
  itemId: dbId('Order line id must be a positive whole number'),
});
export const WeighLineRequest = z.object({
  weights: z
    .array(packWeightValue, { error: 'Weights must be a list, one per pack' })
    .min(1, 'Give the weight of each pack')
    .max(ORDER_LIMITS.maxQuantityPerLine, 'Too many weights'),
  confirm: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type WeighLineRequest = z.input<typeof WeighLineRequest>;

/** GET /api/orders/weighing?date=YYYY-MM-DD: every by-weight line of the day's accepted and ready orders. */
export const WeighingQuery = z.object({ date: calendarDay() });
export const WeighingResponse = z.object({
  date: z.string(),
  lines: z.array(
    z.object({
      order_id: z.number(),
      item_id: z.number(),
      shopper_name: z.string(),
      point_name: z.string(),
      starts_at: z.string(),
      time_zone: z.string(),
      name: z.string(),
      variant_name: z.string().nullable(),
      quantity: z.number(),
      unit_price: z.number(),
      weight_unit: z.enum(WEIGHT_UNITS),
      pack_min: z.number(),
      pack_max: z.number(),
      weights: z.array(z.number()).nullable(),
      line_total: z.number(),
    }),
  ),
});
export type WeighingResponse = z.infer<typeof WeighingResponse>;
