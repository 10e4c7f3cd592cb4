import type { User } from '@farmstand/shared';
import { effectiveSubscriptionStatus } from '../billing';
import type { UserWithSubscription } from './auth.repository';

/** What leaves the server about a user: never the password hash or account status internals. */
export function presentUser(user: UserWithSubscription, now: Date): User {
  return {
    id: user.id,
    email: user.email,
    userType: user.userType,
    phone: user.phone,
    emailVerified: user.emailVerified,
    subscription: {
      status: effectiveSubscriptionStatus(user.subscription, now),
      trial_ends_at: user.subscription?.trialEndsAt?.toISOString() ?? null,
    },
    createdAt: user.createdAt.toISOString(),
  };
}
