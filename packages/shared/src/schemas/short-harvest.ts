import { z } from 'zod';
import { ORDER_LIMITS } from '../constants/orders';
import { dbId, numberInput } from './common';

/** A short harvest's reason is told to the shopper as written ("have 90 pints, sold 100"). */
export const SHORT_REASON_MAX = 300;

/** The line of an order to shorten: the order, and the product of the line (one line per product). */
export const ShortLineParams = z.object({
  id: dbId('Order id must be a positive whole number'),
  productId: dbId('Product id must be a positive whole number'),
});

/**
 * Less than the shopper asked for: the new quantity (0 drops the line) and why. The server also
 * checks it is below the line's current quantity.
 */
export const ShortLineRequest = z.object({
  quantity: numberInput(
    z
      .number({ error: 'Quantity must be a number: 0 drops the line' })
      .int('Quantity must be a whole number')
      .min(0, 'Quantity must be 0 (drop the line) or more')
      .max(ORDER_LIMITS.maxQuantityPerLine, `Quantity must be at most ${ORDER_LIMITS.maxQuantityPerLine}`),
  ),
  reason: z
    .string({ error: 'Say why there is less, so the shopper knows (for example "frost took the rest")' })
    .trim()
    .min(1, 'Say why there is less, so the shopper knows (for example "frost took the rest")')
    .max(SHORT_REASON_MAX, `Reason must be at most ${SHORT_REASON_MAX} characters`),
  /** Which variant's line, when the order has several lines of the product (one per variant). */
  variantId: dbId('Variant id must be a positive whole number')
    .nullish()
    .transform((v) => v ?? null),
});
export type ShortLineRequest = z.input<typeof ShortLineRequest>;
