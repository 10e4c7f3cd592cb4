import { date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * One export of a farm's sales to its bookkeeping (issue 50): the orders file, QuickBooks Online's
 * daily sales summary or Xero's sales CSV, for a range of local dates (and a pickup place). The file
 * as it was given (`content`) is kept, so the farm can download it again unchanged.
 */
export const bookExports = pgTable(
  'book_exports',
  {
    id: serial('id').primaryKey(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['orders', 'quickbooks', 'xero'] }).notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    pointId: integer('point_id'),
    orderCount: integer('order_count').notNull(),
    totalCents: integer('total_cents').notNull(),
    content: text('content').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('book_exports_farm_idx').on(t.producerUserId, t.format, t.createdAt)],
);

/** Which export of a format covered an order: an order is exported once per format, never twice. */
export const bookExportOrders = pgTable(
  'book_export_orders',
  {
    format: text('format', { enum: ['orders', 'quickbooks', 'xero'] }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    exportId: integer('export_id')
      .notNull()
      .references(() => bookExports.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.format, t.orderId] }), index('book_export_orders_export_idx').on(t.exportId)],
);
