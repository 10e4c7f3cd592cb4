import { Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useDocumentTitle } from '@/lib/document-title';
import { usePickupSetup } from '@/shared/pickup-places';
import { useMemberships } from '../api';
import { FindMarket } from '../components/find-market';
import { MembershipCard } from '../components/membership-card';

/** /farm/markets: the farmers markets the farm sells at, has applied to or is invited to, and applying to another. */
export default function MarketsPage() {
  useDocumentTitle('My markets');
  const memberships = useMemberships();
  const pickup = usePickupSetup();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-4 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold">My markets</h1>
        <p className="text-stone-700 dark:text-stone-300">
          The farmers markets you sell at: invitations, your place there, each market day’s report and your statement.
        </p>
      </header>
      {memberships.isLoading ? (
        <Spinner />
      ) : memberships.error ? (
        <LoadError text={memberships.error.message} onRetry={() => void memberships.refetch()} />
      ) : (
        <>
          {memberships.data?.memberships.length === 0 && (
            <p className="rounded-lg bg-stone-100 px-3 py-3 dark:bg-stone-800">You are not at any market yet: find one below.</p>
          )}
          <ul className="space-y-3">
            {memberships.data?.memberships.map((m) => (
              <li key={m.market.id}>
                <MembershipCard membership={m} places={pickup.data?.points ?? []} />
              </li>
            ))}
          </ul>
          <FindMarket memberships={memberships.data?.memberships ?? []} />
        </>
      )}
    </div>
  );
}
