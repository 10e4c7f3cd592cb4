import { z } from 'zod';
import { BENEFIT_PROGRAMMES } from '../benefits/programmes';
import { ORDER_LIMITS } from '../constants/orders';
import { dbId } from './common';
import { Order, OrderLineRequest, PlaceOrderRequest } from './orders';

/**
 * One basket at the market (issue 49, decision 584): a shopper fills one basket from several vendors
 * of a market for a market day and places it once. It becomes one order per farm (each farm the
 * seller, paid at pickup), linked as one market order: placed together or not at all. Amounts in
 * this file's own fields are integer cents; the parts are the orders' own JSON (dollars, decision 558).
 */

const DATE = z.iso.date({ error: 'Dates are YYYY-MM-DD' });

/** Most farms one market basket may hold (a market order of more is refused with a message). */
export const MARKET_BASKET_MAX_FARMS = 20;

/** `GET /api/markets/:id/offer?date=` (public): what the vendors offer for a market day; no date: the coming one. */
export const MarketOfferQuery = z.object({ date: DATE.optional() });

/** One product a vendor offers for the market day, as a shopper reads it to fill the basket. */
export const MarketOfferProduct = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  /** Dollars, as the product JSON elsewhere (decision 558); `priceUnit` "each", "dozen", "lb"… */
  price: z.number().nullable(),
  priceUnit: z.string().nullable(),
  /** Sold by weight: the price is per `weightUnit`, a pack weighs packMin–packMax (the estimate). */
  weightUnit: z.string().nullable(),
  packMin: z.number().nullable(),
  packMax: z.number().nullable(),
  /** Units left to reserve (null: not tracked). */
  stockQuantity: z.number().nullable(),
  variants: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      price: z.number().nullable(),
      priceUnit: z.string().nullable(),
      stockQuantity: z.number().nullable(),
    }),
  ),
  /** The tax class's words and the SNAP eligibility the shopper should know of. */
  snapEligible: z.boolean(),
});

/** A vendor of the market day: its products and its own cut-off (never later than the market's). */
export const MarketOfferVendor = z.object({
  producerUserId: z.number(),
  farmName: z.string(),
  producerId: z.number(),
  /** The farm's own market place (pickup place) the part is reserved into. */
  pointId: z.number(),
  booth: z.string().nullable(),
  /** When ordering from this farm closes for the day (ISO instant): the earlier of the market's and the farm's. */
  closesAt: z.string(),
  open: z.boolean(),
  takesSnap: z.boolean(),
  products: z.array(MarketOfferProduct),
});

export const MarketOffer = z.object({
  marketId: z.number(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** The market day (local date in the market's zone) and its pickup hours (ISO instants). */
  date: z.string(),
  pickupStart: z.string(),
  pickupEnd: z.string(),
  /** The market's ordering window for the day (ISO instants) and whether it is open now. */
  opensAt: z.string(),
  closesAt: z.string(),
  open: z.boolean(),
  /** Why ordering is not open ("Ordering for Saturday 14 June opens Sunday 8 June at 8:00 AM"), else null. */
  notice: z.string().nullable(),
  /** The next market days a shopper may choose (local dates), the chosen one among them. */
  days: z.array(z.string()),
  vendors: z.array(MarketOfferVendor),
});
export type MarketOffer = z.infer<typeof MarketOffer>;

/** `POST /api/markets/:id/basket` (signed-in shopper): the basket, placed once. */
export const PlaceMarketBasketRequest = z.strictObject({
  /** The basket's own id from the shopper's browser: a retry answers the market order already placed. */
  clientKey: z.string().trim().min(8, 'The basket id is 8–64 characters').max(64, 'The basket id is 8–64 characters'),
  date: DATE,
  items: z
    .array(OrderLineRequest, { error: 'Add at least one product' })
    .min(1, 'Add at least one product')
    .max(ORDER_LIMITS.maxLines * 4, `At most ${ORDER_LIMITS.maxLines * 4} products in one market basket`),
  // The same name, phone and note rules as a one-farm order.
  shopperName: PlaceOrderRequest.shape.shopperName,
  shopperPhone: PlaceOrderRequest.shape.shopperPhone,
  note: PlaceOrderRequest.shape.note,
  /** The benefits the shopper plans to pay with; each farm's part keeps those the farm takes. */
  plannedBenefits: z
    .array(z.enum(BENEFIT_PROGRAMMES))
    .max(BENEFIT_PROGRAMMES.length)
    .refine((uses) => new Set(uses).size === uses.length, 'Choose each planned benefit once')
    .default([]),
});
export type PlaceMarketBasketRequest = z.input<typeof PlaceMarketBasketRequest>;

export const MARKET_ORDER_STATUSES = ['open', 'picked_up', 'cancelled'] as const;

/** A part's states in which it is still to be handed over. */
export const OPEN_PART_STATUSES: readonly string[] = ['requested', 'accepted', 'ready'];

/**
 * A market order's state from its parts (the shopper's page and the market's checkout read it
 * alike): picked up once checked out, or once no part is left to hand over and some farm handed its
 * part over (at the checkout or at its own stall); open while a part is to be handed over; else
 * cancelled.
 */
export function marketOrderStatus(checkedOut: boolean, partStatuses: readonly string[]): (typeof MARKET_ORDER_STATUSES)[number] {
  const open = partStatuses.some((status) => OPEN_PART_STATUSES.includes(status));
  if (checkedOut || (!open && partStatuses.includes('picked_up'))) return 'picked_up';
  return open ? 'open' : 'cancelled';
}

/** A market order as its shopper (or the market's staff) reads it: one order with its parts, one per farm. */
export const MarketOrder = z.object({
  id: z.number(),
  marketId: z.number(),
  marketName: z.string(),
  marketSlug: z.string(),
  timeZone: z.string(),
  date: z.string(),
  pickupStart: z.string(),
  pickupEnd: z.string(),
  shopperName: z.string(),
  /** 'open' while any part is open; 'picked_up' once checked out; 'cancelled' when every part ended unfilled. */
  status: z.enum(MARKET_ORDER_STATUSES),
  /** The sum of the parts' amounts to pay at pickup, in cents. */
  totalCents: z.number().int(),
  pickedUpAt: z.string().nullable(),
  createdAt: z.string(),
  parts: z.array(Order),
});
export type MarketOrder = z.infer<typeof MarketOrder>;
export const MarketOrderResponse = z.object({ message: z.string(), marketOrder: MarketOrder });
export const MarketOrderList = z.object({ marketOrders: z.array(MarketOrder) });
export const MarketOrderParams = z.object({ id: dbId('A market order id is a positive whole number') });

/** `GET /api/markets/:id/pickup-day?date=` (manager, volunteer): the market's pickup day; no date: today's, else the coming one. */
export const PickupDayQuery = z.object({ date: DATE.optional() });

/** Grower check-in: what each farm was ordered and whether (and with what shortages) it arrived. */
export const CheckinFarm = z.object({
  producerUserId: z.number(),
  farmName: z.string(),
  orders: z.number().int(),
  lines: z.array(
    z.object({
      itemId: z.number(),
      orderId: z.number(),
      marketOrderId: z.number(),
      product: z.string(),
      ordered: z.number().int(),
      /** What the farm brought for the line (equals `ordered` until a shortage is recorded). */
      quantity: z.number().int(),
      shortReason: z.string().nullable(),
    }),
  ),
  arrivedAt: z.string().nullable(),
  /** Lines with less than was ordered. */
  short: z.number().int(),
});

/** Checkout: one shopper's market order, each farm's bag and what each farm is owed, in cents. */
export const CheckoutShopper = z.object({
  marketOrderId: z.number(),
  shopperName: z.string(),
  /** Phone only to the market's staff; a farm reads it only for its own orders or when the market shares contacts. */
  shopperPhone: z.string().nullable(),
  status: z.enum(MARKET_ORDER_STATUSES),
  parts: z.array(
    z.object({
      orderId: z.number(),
      producerUserId: z.number(),
      farmName: z.string(),
      status: z.string(),
      owedCents: z.number().int(),
      takesSnap: z.boolean(),
      /** The farm takes WIC / Senior Farmers' Market Nutrition Program coupons at its market place that day. */
      takesWicFmnp: z.boolean(),
      takesSeniorFmnp: z.boolean(),
      arrived: z.boolean(),
      /**
       * `text` is the line as mails and slips write it ("2 × Eggs", "1 pack × 1–1.5 lb Ribeye");
       * `lineCents` is the estimate while `toWeigh`: the farm weighs the line before it is handed over.
       */
      lines: z.array(
        z.object({
          product: z.string(),
          text: z.string(),
          quantity: z.number().int(),
          lineCents: z.number().int(),
          toWeigh: z.boolean(),
        }),
      ),
    }),
  ),
  owedCents: z.number().int(),
  plannedBenefits: z.array(z.enum(BENEFIT_PROGRAMMES)),
});

export const PickupDay = z.object({
  marketId: z.number(),
  date: z.string(),
  timeZone: z.string(),
  farms: z.array(CheckinFarm),
  shoppers: z.array(CheckoutShopper),
  /** Double Dollars match left for a card key that day (asked per shopper at checkout). */
  matchCapCents: z.number().int().nullable(),
});
export type PickupDay = z.infer<typeof PickupDay>;

/** `POST /api/markets/:id/pickup-day/checkins`: a farm arrived; shortages by line, the shopper told. */
export const CheckinRequest = z.strictObject({
  date: DATE,
  producerUserId: dbId('A producer id is a positive whole number'),
  shortages: z
    .array(
      z.strictObject({
        itemId: dbId('A line id is a positive whole number'),
        quantity: z.number().int().min(0, 'What arrived cannot be negative'),
        reason: z.string().trim().min(1, 'Say why the line is short').max(200),
      }),
    )
    .max(500)
    .default([]),
});

/** One farm's tender at checkout, in cents (SNAP per farm; Double Dollars against the market's cap). */
export const CheckoutTender = z.strictObject({
  orderId: dbId('An order id is a positive whole number'),
  snapCents: z.number().int().min(0).default(0),
  incentiveCents: z.number().int().min(0).default(0),
  wicFmnpCents: z.number().int().min(0).default(0),
  seniorFmnpCents: z.number().int().min(0).default(0),
  cashCents: z.number().int().min(0).default(0),
  cardCents: z.number().int().min(0).default(0),
});

/** `POST /api/market-orders/:id/checkout` (manager, volunteer): every part picked up at once, tenders per farm. */
export const CheckoutRequest = z.strictObject({
  /** The SNAP card's last four digits, the key of the Double Dollars cap (required when any incentive is given). */
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, 'Enter the last four digits of the card')
    .nullish()
    .transform((v) => v ?? null),
  tenders: z.array(CheckoutTender).min(1).max(MARKET_BASKET_MAX_FARMS),
});
export type CheckoutRequest = z.input<typeof CheckoutRequest>;
