// The billing module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { findSubscription } from './billing.repository';
export { periodEndFrom } from './payment-provider';
export {
  effectiveSubscriptionStatusSql,
  type SubscriptionColumns,
  subscriptionInGoodStandingSql,
} from './subscription-standing.sql';
export { effectiveSubscriptionStatus, isSubscriptionInGoodStanding, type SubscriptionRow } from './subscription-status';
