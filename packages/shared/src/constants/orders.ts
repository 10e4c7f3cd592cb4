/**
 * Order and pickup names and limits, without zod: the product page shows them to guests, whose
 * first load stays free of the schemas. schemas/orders and schemas/pickup
 * re-export them.
 */
/** How a producer hands food over: their farm stand, a farmers market, another place, or delivery. */
export const PICKUP_KINDS = ['farm', 'market', 'other', 'delivery'] as const;
export type PickupKind = (typeof PICKUP_KINDS)[number];
export const PICKUP_KIND_LABELS: Record<PickupKind, string> = {
  farm: 'Farm stand',
  market: 'Farmers market',
  other: 'Other place',
  delivery: 'Delivery',
};

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The life of a reservation paid at pickup. */
export const ORDER_STATUSES = [
  'requested',
  'accepted',
  'declined',
  'ready',
  'picked_up',
  'no_show',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  ready: 'Ready for pickup',
  picked_up: 'Picked up',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
/** States that still hold a place in a window (count towards the cap) and are "upcoming" for the shopper. */
export const OPEN_ORDER_STATUSES = ['requested', 'accepted', 'ready'] as const satisfies readonly OrderStatus[];
/** What a person may move an order to with POST /api/orders/:id/transitions. */
export const ORDER_TRANSITION_TARGETS = ['accepted', 'declined', 'ready', 'picked_up', 'no_show', 'cancelled'] as const;
export type OrderTransitionTarget = (typeof ORDER_TRANSITION_TARGETS)[number];

export const ORDER_LIMITS = {
  maxLines: 20,
  /** Per line when the producer does not track stock. */
  maxUntrackedQuantity: 50,
  /** Per line even when the stock is larger: a reservation, not a wholesale contract. */
  maxQuantityPerLine: 1000,
  /**
   * Dollars an order may total, delivery included. Far inside the money columns (numeric(10,2),
   * below $100 million), so no basket can overflow them; one product at the highest price fits.
   */
  maxTotal: 100_000,
  /** The same bound in cents, for the rules that judge amounts in cents (one number, never converted by hand). */
  maxTotalCents: 10_000_000,
  /** Orders one shopper may have open (requested, accepted, ready) with one farm (decision 323). */
  openPerShopperPerFarm: 3,
  /** Open orders one shopper may have in one pickup window: one place of a capped window each. */
  openPerShopperPerWindow: 1,
  /**
   * A farm's order mails: the first new order or cancellation of this many minutes is mailed at
   * once, the rest wait for one digest mail from the job sweep (every 15 minutes).
   */
  producerMailPeriodMinutes: 15,
  noteMax: 1000,
  reasonMax: 500,
  nameMax: 80,
  /** A request the producer has not answered in this many hours expires. */
  expiryHours: 48,
} as const;

/** The most of a product (or variant) one line may reserve: its stock, within the line limits. */
export const maxReservable = (stock: number | null) =>
  stock === null ? ORDER_LIMITS.maxUntrackedQuantity : Math.min(stock, ORDER_LIMITS.maxQuantityPerLine);

export const ORDER_TEXTS = {
  payAtPickup: 'Pay the producer at pickup',
  placed: 'Reservation sent. The producer will confirm it.',
  noWindows: 'No pickup times are open right now. Send the producer an inquiry instead.',
} as const;
