import { sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';

/**
 * SQL twins of billing/subscription-status.ts, for filtering in the database: a producer's products
 * are listed only while the owner's account is active and the subscription is in good standing
 * (a running trial or a paid period). Queries using these must join users and left-join subscriptions.
 */
export const subscriptionInGoodStanding = sql<boolean>`(
  (${subscriptions.status} = 'trialing' and (${subscriptions.trialEndsAt} is null or ${subscriptions.trialEndsAt} > now()))
  or (${subscriptions.status} = 'active' and not (${subscriptions.cancelAtPeriodEnd} and ${subscriptions.currentPeriodEnd} is not null and ${subscriptions.currentPeriodEnd} <= now()))
)`;

/** The producer's account can be seen at all (suspended and deleted accounts vanish from public pages). */
export const producerAccountActive = sql<boolean>`${users.status} = 'active'`;

/** Products of this producer are shown to the public (docs/decisions/034). */
export const producerListed = sql<boolean>`(${producerAccountActive} and ${subscriptionInGoodStanding})`;
