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
    // The receipt link's lookup (decision 580).
    index('stand_actions_action_idx').on(t.actionId),
  ],
);

/**
 * A farm's stand helpers (decision 579): the account (`user_type` 'stand_helper') and the farm it
 * runs the stand for. Removing one keeps the row (their sales still name them) with `removed_at`,
 * and the account itself is closed (status 'deleted', token version bumped).
 */
export const standHelpers = pgTable(
  'stand_helpers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    farmUserId: integer('farm_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('stand_helpers_farm_idx').on(t.farmUserId)],
);

/**
 * An invitation to be a farm's stand helper: the e-mailed link's token, kept only as its hash,
 * working once (`used_at`) until `expires_at`, unless the farm revoked it (`revoked_at`).
 */
export const standInvitations = pgTable(
  'stand_invitations',
  {
    id: serial('id').primaryKey(),
    farmUserId: integer('farm_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    helperUserId: integer('helper_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('stand_invitations_token_idx').on(t.tokenHash), index('stand_invitations_farm_idx').on(t.farmUserId)],
);
