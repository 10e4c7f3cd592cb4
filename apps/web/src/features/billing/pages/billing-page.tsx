import { formatDate } from '@farmstand/shared';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import { BILLING_TEXTS } from '@farmstand/shared/schemas/billing';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ButtonLink } from '@/components/ui/button';
import { Card, PageTitle, Spinner } from '@/components/ui/card';
import { Faq } from '@/components/ui/faq';
import { CheckCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';
import { useStoreSubscription, useSubscriptionStatus } from '../api';
import { billingFaq, includedFeatures, type PlanOption } from '../billing-content';
import { BillingActions } from '../components/billing-actions';
import { CardModal } from '../components/card-modal';
import { PlanPicker } from '../components/plan-picker';
import { SubscriptionSummary } from '../components/subscription-summary';
import { firstChargeIfChosenNow } from '../trial-charge';

/** Consumers and admins have no subscription: say so instead of showing a broken page. */
function NotForThisAccount({ userType }: { userType: string }) {
  return (
    <Card className="mx-4 my-8 p-8 text-center sm:mx-auto sm:max-w-xl">
      <h1 className="text-2xl font-bold">Billing is for producer accounts</h1>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        {userType === 'admin'
          ? 'Admins manage producers’ subscriptions from the admin panel.'
          : 'Shopping on Farmstand is free, so your account has nothing to pay for. Producers can see plans and prices on the pricing page.'}
      </p>
      <ButtonLink to={userType === 'admin' ? '/admin' : '/pricing'} className="mt-6">
        {userType === 'admin' ? 'Go to the admin panel' : 'See pricing'}
      </ButtonLink>
    </Card>
  );
}

/** Why no plan can be chosen right now, or nothing when one can. */
function planBlockedReason(subscription: SubscriptionStatusResponse): string | undefined {
  if (subscription.status === 'active' && !subscription.cancel_at_period_end) return 'You are subscribed. Thank you!';
  if (subscription.status === 'active') return 'You can choose a new plan once your current period ends.';
  return undefined;
}

export default function BillingPage() {
  useDocumentTitle('Billing');
  const site = useSite();
  const { user, refreshUser } = useAuth();
  const isProducer = user?.userType === 'producer';
  const status = useSubscriptionStatus(isProducer);
  const store = useStoreSubscription();
  const [chosenPlan, setChosenPlan] = useState<PlanOption | null>(null);

  if (!user) return null;
  if (!isProducer) return <NotForThisAccount userType={user.userType} />;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <PageTitle subtitle="Your plan, payments and what is included.">Billing</PageTitle>
      {status.isPending && <Spinner label="Loading your subscription…" />}
      {status.isError && <LoadError text={BILLING_TEXTS.loadFailed} onRetry={() => status.refetch()} />}
      {status.data && (
        <>
          <div className="space-y-4">
            <SubscriptionSummary subscription={status.data} />
            <BillingActions subscription={status.data} />
          </div>
          <PlanPicker
            onChoose={setChosenPlan}
            disabledReason={planBlockedReason(status.data)}
            currentPlan={status.data.status === 'active' ? status.data.plan_type : null}
          />
          {chosenPlan && (
            <CardModal
              plan={chosenPlan}
              firstChargeAt={firstChargeIfChosenNow(status.data)}
              provider={status.data.provider}
              publishableKey={status.data.publishable_key}
              onClose={() => setChosenPlan(null)}
              onSubscribed={(subscription) => {
                store(subscription);
                setChosenPlan(null);
                toast.success(
                  subscription.first_charge_at
                    ? `You are subscribed to the ${chosenPlan.name.toLowerCase()} plan. Your trial continues until ${formatDate(subscription.first_charge_at)}.`
                    : `You are subscribed to the ${chosenPlan.name.toLowerCase()} plan`,
                );
                void refreshUser();
              }}
            />
          )}
        </>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6" aria-labelledby="included-heading">
          <h2 id="included-heading" className="text-lg font-bold">
            Included in every plan
          </h2>
          <ul className="mt-4 space-y-2">
            {includedFeatures(site).map((feature) => (
              <li key={feature} className="flex gap-2 text-stone-800 dark:text-stone-200">
                <CheckCircleIcon className="h-5 w-5 shrink-0 text-brand-700 dark:text-green-400" />
                {feature}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-6" aria-labelledby="billing-faq-heading">
          <h2 id="billing-faq-heading" className="text-lg font-bold">
            Billing questions
          </h2>
          <Faq items={billingFaq(site)} className="mt-4" />
        </Card>
      </div>
    </div>
  );
}
