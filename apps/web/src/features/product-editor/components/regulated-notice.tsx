import { STATE_NAMES, type StateCode } from '@farmstand/shared';
import { REGULATED_TEXTS } from '@farmstand/shared/schemas/products';
import { AlertIcon } from '@/components/ui/icons';

const RULES = {
  herdshare: { state: 'KY', notice: REGULATED_TEXTS.herdshareNotice, stateError: REGULATED_TEXTS.herdshareState },
  pet_food: { state: 'TN', notice: REGULATED_TEXTS.petFoodNotice, stateError: REGULATED_TEXTS.petFoodState },
} as const;

/** The herdshare and pet-food notices of spec 02 §5, plus a warning when the farm's state rules the category out. */
export function RegulatedNotice({ category, producerState }: { category: keyof typeof RULES; producerState: StateCode }) {
  const rule = RULES[category];
  const allowed = producerState === rule.state;
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex gap-2">
        <AlertIcon className="h-5 w-5 shrink-0" />
        <span>{rule.notice}</span>
      </p>
      {!allowed && (
        <p className="mt-1 font-semibold">
          {rule.stateError}. Your farm is in {STATE_NAMES[producerState]}.
        </p>
      )}
    </div>
  );
}
