import type { PickupWindow } from '@farmstand/shared/schemas/pickup';
import type { StandingCadence } from '@farmstand/shared/schemas/standing';
import { Card } from '@/components/ui/card';
import { leadHoursOf, StandingTermsFields, standingExplanation } from './make-standing-dialog';

type RepeatTerms = { on: boolean; everyWeeks: StandingCadence; endDate: string };

/**
 * "Repeat this order" at checkout, under the pickup times: the placed order becomes the first of a
 * standing reservation with these terms (the checkout makes it once the order is placed). A
 * delivery day cannot repeat (yet).
 */
export function RepeatChoice({
  selected,
  settings,
  value,
  onChange,
}: {
  selected: PickupWindow | null;
  settings: { standing_lead_hours?: number } | undefined;
  value: RepeatTerms;
  onChange: (value: RepeatTerms) => void;
}) {
  return (
    <Card className="p-5">
      {selected?.kind === 'delivery' ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Delivery days cannot repeat yet; choose a pickup time to make this a standing reservation.
        </p>
      ) : (
        <>
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              checked={value.on}
              onChange={(e) => onChange({ ...value, on: e.target.checked })}
              className="mt-1 h-4 w-4"
              aria-describedby="repeat-hint"
            />
            <span>
              <span className="block text-lg font-semibold">Repeat this order</span>
              <span id="repeat-hint" className="block text-sm text-stone-700 dark:text-stone-300">
                Optional: the same basket at the same place and weekly time, until you pause or cancel it.
              </span>
            </span>
          </label>
          {value.on && (
            <div className="mt-4 space-y-3">
              <StandingTermsFields
                everyWeeks={value.everyWeeks}
                onEveryWeeks={(everyWeeks) => onChange({ ...value, everyWeeks })}
                endDate={value.endDate}
                onEndDate={(endDate) => onChange({ ...value, endDate })}
                minDate={selected?.date}
              />
              <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800 dark:bg-stone-800 dark:text-stone-100">
                {standingExplanation(leadHoursOf(settings))} This order is the first one.
              </p>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
