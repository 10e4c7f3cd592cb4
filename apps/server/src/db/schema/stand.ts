import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * Each stand action a farm's phone sent (decision 575), once per farm and action id: written in the
 * same transaction as its effect, so a retry, a duplicate in a batch or two phones at once answer
 * the first result (`result`) and write nothing more. A refused action is not kept: the phone keeps
 * it for the farmer to correct and send again.
 */
export const standActions = pgTable(
  'stand_actions',
  {
    id: serial('id').primaryKey(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionId: text('action_id').notNull(),
    kind: text('kind', { enum: ['sale', 'pickup'] }).notNull(),
    device: text('device').notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    result: jsonb('result').notNull(),
  },
  (t) => [
    uniqueIndex('stand_actions_farm_action_idx').on(t.producerUserId, t.actionId),
    index('stand_actions_order_idx').on(t.orderId),
  ],
);
