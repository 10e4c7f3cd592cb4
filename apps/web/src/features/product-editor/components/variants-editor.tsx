import { AVAILABILITY_LABELS } from '@farmstand/shared';
import { VARIANT_AVAILABILITIES } from '@farmstand/shared/schemas/products';
import { useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { OfferFields } from './by-weight-fields';
import { type ProductFormValues, toVariantValues } from './product-offer';

/** What the product itself and a variant both hold: a variant takes them over when it is the first. */
const OFFER_FIELDS = ['sold_by', 'price', 'price_unit', 'weight_unit', 'pack_min', 'pack_max', 'stock_quantity'] as const;
export const MOVED_INTO_VARIANT =
  "The product's price, weight and stock moved into Variant 1: with variants, each variant has its own.";
export const MOVED_BACK = "The last variant's price, weight and stock moved back to the product.";

type Props = {
  form: UseFormReturn<ProductFormValues>;
  /** The site's cap (features.max_variants_per_product). */
  maxVariants: number;
  /** The category's usual price unit, kept when a variant's unit is left empty. */
  defaultUnit: string | null;
  error?: string;
};

/** Variants of one product: add, edit, move up/down, remove; each has its own price (by piece or weight) and stock. */
export function VariantsEditor({ form, maxVariants, defaultUnit, error }: Props) {
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const values = form.watch('variants');
  const variantErrors = form.formState.errors.variants;
  const atCap = fields.length >= maxVariants;
  /** Said once the product's own offer has moved into a variant or back (nothing is dropped unseen). */
  const [moved, setMoved] = useState<string | null>(null);

  function add() {
    if (fields.length > 0) {
      append(toVariantValues(null));
      setMoved(null);
      return;
    }
    // The first variant takes what was typed for the product itself: with variants the product keeps none of it.
    const own = form.getValues();
    const carried = OFFER_FIELDS.some((field) => own[field] !== toVariantValues(null)[field]);
    append({
      ...toVariantValues(null),
      ...Object.fromEntries(OFFER_FIELDS.map((field) => [field, own[field]])),
    });
    for (const field of OFFER_FIELDS) form.setValue(field, toVariantValues(null)[field], { shouldDirty: true });
    setMoved(carried ? MOVED_INTO_VARIANT : null);
  }

  function drop(i: number) {
    const last = fields.length === 1 ? form.getValues(`variants.${i}`) : null;
    remove(i);
    if (!last) return setMoved(null);
    // Removing the last variant hands its price and stock back to the product rather than losing them.
    for (const field of OFFER_FIELDS) form.setValue(field, last[field], { shouldDirty: true });
    const carried = OFFER_FIELDS.some((field) => last[field] !== toVariantValues(null)[field]);
    setMoved(carried ? MOVED_BACK : null);
  }
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
            <OfferFields form={form} prefix={`variants.${i}.`} values={value} errors={errors} defaultUnit={defaultUnit} />
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
              <Button variant="ghost" size="sm" aria-label={`Remove variant ${i + 1}`} onClick={() => drop(i)}>
                Remove
              </Button>
            </div>
          </fieldset>
        );
      })}
      <p aria-live="polite" className="text-sm text-stone-700 empty:hidden dark:text-stone-300">
        {moved}
      </p>
      <FormError>{error}</FormError>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={atCap}
          aria-describedby={atCap ? 'variants-cap' : undefined}
          onClick={add}
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
