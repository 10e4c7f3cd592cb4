import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/document-title';
import { PickupDayTab } from '../components/pickup-day-tab';

/**
 * /market-office/:id/pickup-day: the market's pickup day (issue 49, decision 587) for its managers
 * and booth volunteers (the office, the managers' only, has it as a tab). The server answers 403 to
 * anyone else, shown as the list's error.
 */
export default function PickupDayPage() {
  const id = Number(useParams().id);
  useDocumentTitle('Pickup day');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p className="mb-2 text-sm">
        <Link to="/market-office" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          ← Your markets
        </Link>
      </p>
      <PageTitle subtitle="Grower check-in and customer checkout of the market baskets.">Pickup day</PageTitle>
      <PickupDayTab marketId={id} />
    </div>
  );
}
