import { STATE_NAMES, type StateCode } from '@farmstand/shared/constants/catalog';
import type { TaxClass } from '@farmstand/shared/tax/classes';
import {
  answersForClass,
  defaultTaxAnswers,
  TAX_CLASS_LABELS,
  TAX_QUESTIONS,
  type TaxAnswers,
  taxClassFor,
} from '@farmstand/shared/tax/questions';
import { classRatePercent } from '@farmstand/shared/tax/rates';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ProductFormValues } from './product-offer';

/** The answers a product's form starts with: a saved product's class given back, a new one's category's. */
export const toTaxValues = (taxClass: TaxClass | null | undefined, category: string): Pick<ProductFormValues, 'tax'> => ({
  tax: taxClass ? answersForClass(taxClass, category) : defaultTaxAnswers(category),
});

/** The request's `tax_class`: what the answers make it. */
export const taxRequest = (values: Pick<ProductFormValues, 'tax'>): { tax_class: TaxClass } => ({
  tax_class: taxClassFor(values.tax).taxClass,
});

/** A question asked only when its parent answer is yes (a sweet's flour, a drink's milk). */
const FOLLOW_UPS: Partial<Record<keyof TaxAnswers, keyof TaxAnswers>> = {
  containsFlour: 'candy',
  needsRefrigeration: 'candy',
  milkOrHalfJuice: 'softDrink',
};

/** "Taxed at 6 % in Kentucky" or "Not taxed in Ohio": the state rate only. */
function rateText(taxClass: TaxClass, state: StateCode): string {
  const rate = classRatePercent(state, taxClass);
  return rate > 0 ? `Taxed at ${rate} % in ${STATE_NAMES[state]} (state rate)` : `Not taxed in ${STATE_NAMES[state]}`;
}

const box = 'mt-0.5 h-4 w-4 shrink-0 rounded border-stone-400 accent-brand-700';

/**
 * "Sales tax" (decision 574): a few yes-or-no questions a farmer can answer, the class they make
 * and why in words. Only the class is saved (`tax_class`); the stand taxes it in the farm's state.
 * Until the farmer answers, a change of category starts the answers from the new category's.
 */
export function TaxFields({ form, producerState }: { form: UseFormReturn<ProductFormValues>; producerState: StateCode }) {
  const category = form.watch('category');
  const answers = form.watch('tax');
  const previous = useRef(category);
  useEffect(() => {
    if (previous.current === category) return;
    previous.current = category;
    if (!form.getFieldState('tax').isDirty) form.setValue('tax', defaultTaxAnswers(category));
  }, [category, form]);
  const { taxClass, reason } = taxClassFor(answers);
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3 sm:col-span-2 dark:border-stone-700">
      <legend className="px-1 text-sm font-semibold text-stone-800 dark:text-stone-200">Sales tax</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">Tick what is true of this product as you sell it.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {TAX_QUESTIONS.filter((q) => {
          const parent = FOLLOW_UPS[q.key];
          return !parent || answers[parent];
        }).map((q) => (
          <label key={q.key} className="flex items-start gap-2 text-sm text-stone-800 dark:text-stone-200">
            <input type="checkbox" className={box} aria-describedby={`tax-${q.key}-hint`} {...form.register(`tax.${q.key}`)} />
            <span>
              {q.label}
              <span id={`tax-${q.key}-hint`} className="block text-xs text-stone-600 dark:text-stone-400">
                {q.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <div
        role="status"
        aria-live="polite"
        className="rounded-md bg-stone-100 p-3 text-sm text-stone-800 dark:bg-stone-800 dark:text-stone-100"
      >
        <p className="font-semibold">
          {TAX_CLASS_LABELS[taxClass]}: {rateText(taxClass, producerState)}
        </p>
        <p className="mt-1">{reason}</p>
      </div>
    </fieldset>
  );
}
