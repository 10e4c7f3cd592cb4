import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import { BILLING_TEXTS } from '@farmstand/shared/schemas/billing';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCancelSubscription, useCreatePortalSession } from '../api';

/** Cancel (only while active and not already cancelling) and the provider's billing portal. */
export function BillingActions({ subscription }: { subscription: SubscriptionStatusResponse }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const portal = useCreatePortalSession();
  const canCancel = subscription.status === 'active' && !subscription.cancel_at_period_end;
  // Only someone who has paid before has invoices and a card to manage.
  const hasBillingAccount = Boolean(subscription.stripe_customer_id);

  async function openPortal() {
    // Opened before the call so pop-up blockers treat it as the user's click.
    const tab = window.open('', '_blank');
    try {
      const { url } = await portal.mutateAsync();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
    } catch {
      tab?.close();
      toast.error(BILLING_TEXTS.portalFailed);
    }
  }

  // The built-in test provider has no hosted portal (it would only open this page again): this
  // page is its whole billing view, so say so instead of offering the button.
  const hasPortal = hasBillingAccount && subscription.provider !== 'test';
  const showTestNote = hasBillingAccount && !hasPortal;

  if (!canCancel && !hasBillingAccount) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {showTestNote && (
        <p className="basis-full text-sm text-stone-600 dark:text-stone-300">
          Test payments: your plan, renewal date and cancellation are managed right here. There is no separate billing portal with
          the test provider.
        </p>
      )}
      {hasPortal && (
        <Button variant="secondary" onClick={openPortal} isLoading={portal.isPending}>
          Manage billing
          <span className="sr-only"> (opens in a new tab)</span>
        </Button>
      )}
      {canCancel && (
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          title="Cancel your subscription?"
          message="You keep full access until the end of the current billing period. After that your listings are hidden from shoppers."
          confirmLabel="Yes, cancel subscription"
          isBusy={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast.success('Your subscription will end at the end of the current period');
              },
              onError: () => toast.error(BILLING_TEXTS.cancelFailed),
            })
          }
        />
      )}
    </div>
  );
}
