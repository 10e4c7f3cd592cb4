import { DEFAULT_BENEFIT_TABLE, incentiveIn } from '@farmstand/shared/benefits/programmes';
import { STATE_NAMES, STATES, type StateCode } from '@farmstand/shared/constants/catalog';
import type { UseFormReturn } from 'react-hook-form';
import { SelectInput } from '@/components/ui/field';
import type { ProductFormValues } from './product-offer';

/** Where a product was grown or raised, as the form holds it: on the farm, or a state chosen. */
type OriginValues = Pick<ProductFormValues, 'origin' | 'origin_state'>;

export const toOriginValues = (originState: StateCode | null | undefined): OriginValues => ({
  origin: originState ? 'elsewhere' : 'farm',
  origin_state: originState ?? '',
});

export const ORIGIN_STATE_REQUIRED = 'Choose the state where it was grown or raised';

/** The request's `origin_state` (null: on our farm), or a problem for the state's field. */
export function originRequest(values: OriginValues): { origin_state: StateCode | null } | { problem: string } {
  if (values.origin === 'farm') return { origin_state: null };
  return values.origin_state ? { origin_state: values.origin_state } : { problem: ORIGIN_STATE_REQUIRED };
}

/** "WIC and Senior coupons and Kentucky Double Dollars pay only for food grown in the state." */
function originHint(state: StateCode): string {
  const incentive = incentiveIn(DEFAULT_BENEFIT_TABLE, state);
  return `WIC and Senior coupons${incentive ? ` and ${incentive.name}` : ''} pay only for food grown in the state.`;
}

const radio = 'h-4 w-4 border-stone-400 accent-brand-700';
const choice = 'flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300';

/**
 * "Where was it grown or raised?" (decision 516): on our farm (the default, the farm's state), or
 * bought in or grown elsewhere, in a state the producer chooses. Benefits read it.
 */
export function OriginFields({ form, producerState }: { form: UseFormReturn<ProductFormValues>; producerState: StateCode }) {
  const elsewhere = form.watch('origin') === 'elsewhere';
  return (
    <fieldset className="sm:col-span-2" aria-describedby="origin-hint">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Where was it grown or raised?</legend>
      <p id="origin-hint" className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        {originHint(producerState)}
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-6">
        <div className="flex flex-col gap-2 sm:pb-2">
          <label className={choice}>
            <input type="radio" value="farm" className={radio} {...form.register('origin')} />
            On our farm
          </label>
          <label className={choice}>
            <input type="radio" value="elsewhere" className={radio} {...form.register('origin')} />
            Bought in / grown elsewhere
          </label>
        </div>
        {elsewhere && (
          <SelectInput
            label="State where it was grown or raised"
            error={form.formState.errors.origin_state?.message}
            className="sm:w-56"
            {...form.register('origin_state')}
          >
            <option value="">Choose a state</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_NAMES[state]}
              </option>
            ))}
          </SelectInput>
        )}
      </div>
    </fieldset>
  );
}
