import { type Column, type SQL, sql } from 'drizzle-orm';
import { products, subscriptions, users } from '../../db/schema';
import {
  isSubscriptionInGoodStanding,
  type SubscriptionColumns,
  type SubscriptionRow,
  subscriptionInGoodStandingSql,
} from '../billing';

/**
 * What the public sees, stated once for every SQL query. Each function takes the columns its query
 * has in scope: drizzle columns (the constants below), or raw aliases (listing-visibility.sql.ts).
 * - A producer's farm page is public while the owner's account is active and still a producer.
 * - Its listings are public while, besides, its subscription is in good standing.
 * - A product is listed while it is active (not deleted) and approved (not removed by an admin); the
 *   public sees it while its producer's listings are public too.
 * The search tables state the same rule in their triggers (db/migrations/0006_search_scale.sql:
 * `search_visible_until`, and the product rows of `search_listings`; its comment names the producer
 * rule by its former name, producerInGoodStandingSql), and the listing index in memory in
 * search/listing-index/index-tables.ts.
 */

type ColumnRef = Column | SQL;

/** The owner's `users` columns. */
export type OwnerColumns = { status: ColumnRef; userType: ColumnRef };

/** The `products` columns. */
export type ProductColumns = { active: ColumnRef; moderationStatus: ColumnRef };

/**
 * The producer's account can be seen at all: suspended and deleted accounts vanish from public
 * pages, and so does a farm whose owner an admin changed to another user type.
 */
export function producerAccountActiveSql(u: OwnerColumns): SQL<boolean> {
  return sql<boolean>`(${u.status} = 'active' and ${u.userType} = 'producer')`;
}

/** Products of this producer are shown to the public (the subscription columns may be a left join's nulls). */
export function producerListedSql(u: OwnerColumns, s: SubscriptionColumns): SQL<boolean> {
  return sql<boolean>`(${producerAccountActiveSql(u)} and ${subscriptionInGoodStandingSql(s)})`;
}

/** The product's own part: not deleted and not removed by an admin (it is also what takes a slot of the limit). */
export function productListedSql(p: ProductColumns): SQL<boolean> {
  return sql<boolean>`(${p.active} and ${p.moderationStatus} = 'approved')`;
}

/** `productListedSql` for a row already read. */
export function isProductListed(p: { active: boolean; moderationStatus: string }): boolean {
  return p.active && p.moderationStatus === 'approved';
}

/**
 * The whole rule for a product row already read with its owner (`producerStatus`, `producerType`)
 * and subscription: what the ordering and inquiry rules check before anyone may reserve or ask.
 */
export function isProductPublic(
  row: {
    active: boolean;
    moderationStatus: string;
    producerStatus: string;
    producerType: string;
    subscription: SubscriptionRow | null;
  },
  now: Date,
): boolean {
  const subscription = row.subscription?.status ? row.subscription : null;
  return (
    isProductListed(row) &&
    row.producerStatus === 'active' &&
    row.producerType === 'producer' &&
    isSubscriptionInGoodStanding(subscription, now)
  );
}

/** Over the drizzle tables: queries using the producer ones join users and left-join subscriptions. */
export const producerAccountActive = producerAccountActiveSql(users);
export const producerListed = producerListedSql(users, subscriptions);
export const productListed = productListedSql(products);
