import { AVAILABILITY_LABELS } from '@farmstand/shared';
import { VARIANT_AVAILABILITIES } from '@farmstand/shared/schemas/products';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { OfferFields } from './by-weight-fields';
import { type ProductFormValues, toVariantValues } from './product-offer';

type Props = {
  form: UseFormReturn<ProductFormValues>;
  /** The site's cap (features.max_variants_per_product). */
  maxVariants: number;
  error?: string;
};

/** Variants of one product: add, edit, move up/down, remove; each has its own price (by piece or weight) and stock. */
export function VariantsEditor({ form, maxVariants, error }: Props) {
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const values = form.watch('variants');
  const variantErrors = form.formState.errors.variants;
  const atCap = fields.length >= maxVariants;
  return (
    <section aria-labelledby="variants-heading" className="space-y-3 sm:col-span-2">
      <div>
        <h3 id="variants-heading" className="text-base font-semibold">
          Variants
        </h3>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Sizes or cuts of this product, each with its own price and stock (e.g. “Ribeye, 2 per pack”). Shoppers choose one.
        </p>
      </div>
      {fields.map((field, i) => {
        const value = values[i] ?? field;
        const errors = Array.isArray(variantErrors) ? variantErrors[i] : undefined;
        return (
          <fieldset
            key={field.key}
            className="grid gap-3 rounded-lg border border-stone-300 p-3 sm:grid-cols-2 dark:border-stone-600"
          >
            <legend className="px-1 text-sm font-semibold">
              Variant {i + 1}
              {value.name ? `: ${value.name}` : ''}
            </legend>
            <div className="sm:col-span-2">
              <TextInput label="Variant name" required error={errors?.name?.message} {...form.register(`variants.${i}.name`)} />
            </div>
            <OfferFields form={form} prefix={`variants.${i}.`} values={value} errors={errors} />
            <TextInput
              label="Stock quantity"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              hint={value.sold_by === 'weight' ? 'Packs. Empty: not tracked.' : 'Empty: not tracked.'}
              error={errors?.stock_quantity?.message}
              {...form.register(`variants.${i}.stock_quantity`)}
            />
            <SelectInput
              label="Availability"
              error={errors?.availability?.message}
              {...form.register(`variants.${i}.availability`)}
            >
              {VARIANT_AVAILABILITIES.map((a) => (
                <option key={a} value={a}>
                  {AVAILABILITY_LABELS[a]}
                </option>
              ))}
            </SelectInput>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={i === 0}
                aria-label={`Move variant ${i + 1} up`}
                onClick={() => swap(i, i - 1)}
              >
                ↑ Up
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={i === fields.length - 1}
                aria-label={`Move variant ${i + 1} down`}
                onClick={() => swap(i, i + 1)}
              >
                ↓ Down
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Remove variant ${i + 1}`} onClick={() => remove(i)}>
                Remove
              </Button>
            </div>
          </fieldset>
        );
      })}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={atCap}
          aria-describedby={atCap ? 'variants-cap' : undefined}
          onClick={() => append(toVariantValues(null))}
        >
          + Add variant
        </Button>
        {atCap && (
          <p id="variants-cap" className="text-sm text-stone-600 dark:text-stone-400">
            A product can have at most {maxVariants} variants on this site.
          </p>
        )}
      </div>
    </section>
  );
}
