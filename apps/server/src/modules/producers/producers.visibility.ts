import { sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { subscriptionInGoodStandingSql } from '../billing/subscription-standing.sql';

/**
 * A producer's products are listed only while the owner's account is active and the subscription is
 * in good standing. Queries using these must join users and left-join subscriptions.
 */
export const subscriptionInGoodStanding = subscriptionInGoodStandingSql(subscriptions);

/**
 * The producer's account can be seen at all: suspended and deleted accounts vanish from public
 * pages, and so does a farm whose owner an admin changed to another user type.
 * search/listing-visibility.sql.ts states the same rule for the search SQL.
 */
export const producerAccountActive = sql<boolean>`(${users.status} = 'active' and ${users.userType} = 'producer')`;

/** Products of this producer are shown to the public. */
export const producerListed = sql<boolean>`(${producerAccountActive} and ${subscriptionInGoodStanding})`;
