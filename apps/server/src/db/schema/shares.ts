import type { CutSheetAnswer, ShareTerms } from '@farmstand/shared/schemas/shares';
import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './products';
import { users } from './users';

/**
 * A shopper's shares of a share product (decision 512). The product's terms are copied when reserved:
 * the money columns never change after, while `terms` (schedule, processor, cut sheet and its
 * deadline) follows the producer's edits until the share is processed.
 * Stages: reserved → processed (the bill is entered) → ready → picked up, or cancelled; the deposit
 * and the cut sheet are recorded beside the stage.
 */
export const shareReservations = pgTable(
  'share_reservations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopperName: text('shopper_name').notNull(),
    shopperPhone: text('shopper_phone'),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['reserved', 'processed', 'ready', 'picked_up', 'cancelled'] })
      .notNull()
      .default('reserved'),
    terms: jsonb('terms').$type<ShareTerms>().notNull(),
    /** The cut sheet deadline when reserved: later edits of the terms never move it earlier (decision 520). */
    reservedCutSheetDue: date('reserved_cut_sheet_due', { mode: 'string' }).notNull(),
    pricePerLbCents: integer('price_per_lb_cents').notNull(),
    hangingEstimate: numeric('hanging_estimate', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    feeEstimateCents: integer('fee_estimate_cents').notNull(),
    depositRequestedCents: integer('deposit_requested_cents'),
    depositReceivedCents: integer('deposit_received_cents'),
    depositReceivedAt: timestamp('deposit_received_at', { withTimezone: true }),
    cutSheet: jsonb('cut_sheet').$type<{ answers: CutSheetAnswer[]; notes: string | null }>(),
    cutSheetAt: timestamp('cut_sheet_at', { withTimezone: true }),
    hangingWeight: numeric('hanging_weight', { precision: 10, scale: 3, mode: 'number' }),
    processingFeesCents: integer('processing_fees_cents'),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    billedBy: integer('billed_by').references(() => users.id, { onDelete: 'set null' }),
    readyNote: text('ready_note'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('share_reservations_product_idx').on(t.productId, t.status),
    index('share_reservations_customer_idx').on(t.customerId, t.createdAt),
    index('share_reservations_producer_idx').on(t.producerUserId, t.createdAt),
  ],
);
