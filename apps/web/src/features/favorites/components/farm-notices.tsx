import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useNoticeSubscriptions, useSetNotices } from '../api';

/**
 * "Ordering is open" e-mails per favourite farm (decision 513): on by default when the farm is
 * saved; each checkbox turns one farm's notices on or off at once, as the mail's own link does.
 */
export function FarmNotices() {
  const query = useNoticeSubscriptions(true);
  const save = useSetNotices();
  const farms = query.data?.farms ?? [];
  if (farms.length === 0) return null;
  return (
    <Card className="mt-8 p-5">
      <h2 className="text-lg font-semibold">“Ordering is open” e-mails</h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        A farm you saved can tell you, at most once a day, when its next pickups are open.
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {farms.map((farm) => (
          <li key={farm.producer_user_id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={farm.notices}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ producerUserId: farm.producer_user_id, notices: e.target.checked })}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{farm.farm_name}</span>
            </label>
          </li>
        ))}
      </ul>
      <FormError className="mt-2">
        {save.isError && errorMessage(save.error, 'Could not change the farm’s notices; try again')}
      </FormError>
    </Card>
  );
}
