import { ButtonLink } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { useSubscriptionStatus } from '@/features/billing/api';
import { summarizeSubscription } from '@/features/billing/subscription-status';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';

/** The producer's subscription at a glance, with the one action that fits it. */
export function SubscriptionStatusCard() {
  const { user } = useAuth();
  // The sign-in answer has no cancellation date; the billing status call does.
  const status = useSubscriptionStatus(Boolean(user));
  const { plans } = useSite();
  if (!user) return null;
  const summary = summarizeSubscription(user.subscription, new Date(), status.data, plans);
  return (
    <Card role="region" className="flex flex-col gap-4 p-6" aria-labelledby="subscription-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="subscription-heading" className="text-lg font-bold">
          Subscription
        </h2>
        <Badge tone={summary.tone}>{summary.label}</Badge>
      </div>
      <p className="text-stone-700 dark:text-stone-300">{summary.detail}</p>
      <ButtonLink to={summary.action.to} variant="secondary" className="self-start">
        {summary.action.label}
      </ButtonLink>
    </Card>
  );
}
