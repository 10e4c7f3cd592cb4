import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants/messaging';
import { ORDER_LIMITS, ORDER_STATUSES, ORDER_TRANSITION_TARGETS, PICKUP_KINDS } from '../constants/orders';
import { dbId, optionalQuery } from './common';

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
  shopperPhone: z
    .string()
    .trim()
    .max(30, 'Phone must be at most 30 characters')
    .regex(/^[0-9+().\-\s]*$/, 'Phone may contain digits, spaces and + ( ) - . only')
    .nullish()
    .transform((v) => (v ? v : null)),
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
  product_id: z.number().nullable(),
  name: z.string(),
  price_unit: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number(),
  line_total: z.number(),
  /** What the shopper asked for when the producer had less (a short harvest), and why; else null. */
  ordered_quantity: z.number().nullable(),
  short_reason: z.string().nullable(),
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
  total: z.number(),
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
  conversation_id: z.number().nullable(),
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

const isoDate = (label = 'Date') => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must look like 2026-05-30`);

export const MyOrdersQuery = z.object({
  scope: optionalQuery(z.enum(['upcoming', 'past'], { error: 'Scope must be upcoming or past' })),
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});

export const ReceivedOrdersQuery = z.object({
  from: optionalQuery(isoDate('From date')),
  to: optionalQuery(isoDate('To date')),
  status: optionalQuery(z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` })),
  limit: optionalQuery(z.coerce.number().int().min(1).max(200)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});

export const AdminOrdersQuery = ReceivedOrdersQuery.extend({
  producer: optionalQuery(z.string().trim().max(100)),
  shopper: optionalQuery(z.string().trim().max(100)),
});

export const PickListQuery = z.object({ date: isoDate() });

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
          name: z.string(),
          price_unit: z.string().nullable(),
          quantity: z.number(),
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
