import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: ['consumer', 'producer', 'admin', 'stand_helper'] }).notNull(),
    phone: text('phone'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** active | suspended | deleted: suspended and deleted accounts cannot sign in. */
    status: text('status', { enum: ['active', 'suspended', 'deleted'] })
      .notNull()
      .default('active'),
    /** Bumped when the password is reset or changed: access tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The day-before pickup reminder mail; one click in the mail turns it off. */
    pickupReminders: boolean('pickup_reminders').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/** One row per user: the subscription's life cycle (spec 01 §4). */
export const subscriptions = pgTable('subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['none', 'trialing', 'active', 'past_due', 'canceled'] })
    .notNull()
    .default('none'),
  planType: text('plan_type', { enum: ['monthly', 'annual'] }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  providerPriceId: text('provider_price_id'),
  /** Set when an admin granted the subscription; null period end then means forever. */
  grantedBy: integer('granted_by'),
  updatedAt: updatedAt(),
});

/** Single-use tokens for e-mail verification, password reset and e-mailed sign-in; only a hash is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify_email', 'reset_password', 'sign_in_link'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * Failed sign-ins per e-mail and client address, for the lockout rules (decision 390: the pair locks,
 * the account only at a much higher count); kept in the database so they hold across instances.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The client address (request.ip, behind TRUST_PROXY); null on rows from before migration 0015. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_email_ip_idx').on(t.email, t.ip, t.createdAt),
  ],
);

/** Every e-mail the app sends is kept here; with no SMTP_URL this is the only delivery. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The HTML alternative (migration 0009); `body` is the plain-text part. */
  html: text('html'),
  /** Why the mail was sent, as the mail itself says it. */
  reason: text('reason'),
  /** queued → sent | logged (no SMTP) | retrying → dead after the last attempt (the dead letters the admin sees). */
  status: text('status', { enum: ['queued', 'sending', 'sent', 'logged', 'retrying', 'dead'] })
    .notNull()
    .default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** When the last attempt claimed the row (status `sending`): a claim this old was lost with its process. */
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});
