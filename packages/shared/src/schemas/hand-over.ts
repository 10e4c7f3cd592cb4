import { z } from 'zod';
import { OrderBenefits, TendersRequest } from './benefits';
import { Order } from './orders';

/**
 * "Paid & picked up" at the booth (decision 548): what the shopper tendered (cents per kind, as
 * `PUT /api/benefits/orders/{id}/tenders` takes it) and the order marked picked up, in one request.
 * A retry records the same tenders once (one record per order, replaced) and moves nothing twice.
 */
export const HandOverRequest = z.strictObject({ tenders: TendersRequest });
export type HandOverRequest = z.infer<typeof HandOverRequest>;

export const HandOverResponse = z.object({ order: Order, benefits: OrderBenefits, message: z.string() });
export type HandOverResponse = z.infer<typeof HandOverResponse>;
