import { WEIGHT_UNITS } from '@farmstand/shared/format/by-weight';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { SelectInput, TextInput } from '@/components/ui/field';
import { byWeightPreview, type OfferValues } from './product-offer';

type Errors = Partial<Record<keyof OfferValues, FieldError | undefined>> | undefined;

type Props<F extends FieldValues> = {
  form: UseFormReturn<F>;
  /** '' for the product itself, 'variants.2.' for a variant. */
  prefix: string;
  values: OfferValues;
  errors: Errors;
  /** Shown under the price by the piece ("Leave empty to show Ask for price"). */
  priceHint?: string;
  /** The category's usual unit, kept when the unit is left empty; null: a price needs its unit. */
  defaultUnit: string | null;
};

/**
 * "Sold by": by the piece (price + unit) or by weight (price per lb/oz, the lightest and heaviest
 * pack) with a live preview of what shoppers see (formatByWeight).
 */
export function OfferFields<F extends FieldValues>({ form, prefix, values, errors, priceHint, defaultUnit }: Props<F>) {
  const name = (field: keyof OfferValues) => `${prefix}${field}` as Path<F>;
  const byWeight = values.sold_by === 'weight';
  const preview = byWeight ? byWeightPreview(values) : null;
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Sold by</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
            <input type="radio" value="piece" className="h-4 w-4 accent-brand-700" {...form.register(name('sold_by'))} />
            The piece (a price per jar, dozen, loaf…)
          </label>
          <label className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
            <input type="radio" value="weight" className="h-4 w-4 accent-brand-700" {...form.register(name('sold_by'))} />
            Weight (a price per lb or oz, packs weighed at pickup)
          </label>
        </div>
      </fieldset>
      {byWeight ? (
        <>
          <TextInput
            label={`Price per ${values.weight_unit} ($)`}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            error={errors?.price?.message}
            {...form.register(name('price'))}
          />
          <SelectInput label="Weight unit" error={errors?.weight_unit?.message} {...form.register(name('weight_unit'))}>
            {WEIGHT_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </SelectInput>
          <TextInput
            label={`Lightest pack (${values.weight_unit})`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            hint="Same for an average pack."
            error={errors?.pack_min?.message}
            {...form.register(name('pack_min'))}
          />
          <TextInput
            label={`Heaviest pack (${values.weight_unit})`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            hint="Same for an average pack."
            error={errors?.pack_max?.message}
            {...form.register(name('pack_max'))}
          />
          <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300" aria-live="polite">
            {preview ? (
              <>
                Shoppers see: <span className="font-semibold">{preview}</span> per pack, the final price after weighing.
              </>
            ) : (
              'Fill in the price and the pack weights to see what shoppers see.'
            )}
          </p>
        </>
      ) : (
        <>
          <TextInput
            label="Price ($)"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            hint={priceHint}
            error={errors?.price?.message}
            {...form.register(name('price'))}
          />
          <TextInput
            label="Price unit"
            placeholder={defaultUnit ?? 'dozen, jar, loaf…'}
            hint={
              defaultUnit
                ? `What the price buys. Empty: per ${defaultUnit}, the usual unit for this category.`
                : 'What the price buys (each, bunch, lb…): needed with a price.'
            }
            error={errors?.price_unit?.message}
            {...form.register(name('price_unit'))}
          />
        </>
      )}
    </>
  );
}
